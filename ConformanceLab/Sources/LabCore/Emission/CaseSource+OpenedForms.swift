/// The source of the shapes-tier cases whose requirement a caller holding the
/// existential cannot call directly: `Self` arguments and results, and an
/// associated type the caller binds (`Stub(associatedTypes:)`). The check
/// calls them as app code does, through generic openers (`open_cNNNN`), and
/// the stub backend records them through the same openers (`any_cNNNN`).
/// Each check compares what the other tiers compare: the arguments received
/// (by identity for values of `Self`), the result (for a `Self` result: a new
/// value of the subject's double that answers as it does), the error of a
/// throwing shape's second call and the pattern's `verify` count.
extension CaseSource {
    /// The conformer's `Self` values are class instances, so identity tells them apart.
    private var conformer: String { "C_\(id)" }
    private var isStatic: Bool { shape.kind == .staticMethod }
    private var staticMarker: String { isStatic ? "static " : "" }
    /// The receiver of the requirement inside an opener whose receiver is `s: S`.
    private var openedReceiver: String { isStatic ? "S" : "s" }

    /// The `Self` parameter as the requirement spells it, or `nil` for a form with no `Self` parameter.
    private var selfParameter: String? {
        switch shape.form {
        case .selfArgument?: return "Self"
        case .borrowingSelf?: return "borrowing Self"
        case .consumingSelf?: return "consuming Self"
        case .optionalSelf?: return "Self?"
        case .selfArray?: return "[Self]"
        case .inoutSelf?: return "inout Self"
        default: return nil
        }
    }

    /// The type the check and the handler use for the `Self` parameter (the existential's view).
    private var erasedParameter: String {
        switch shape.form {
        case .optionalSelf?: return "(any \(protocolName))?"
        case .selfArray?: return "[any \(protocolName)]"
        default: return "any \(protocolName)"
        }
    }

    private var returnsSelf: Bool { shape.form == .selfResult || shape.form == .optionalSelfResult }

    /// The declarations, openers and check of an opened form.
    var openedFormText: String {
        // The recording openers (`any_…`) use the DSL's `Match`, which only the stub backend imports.
        let openerLines = openers.split(separator: "\n").filter { backend == .stub || !$0.hasPrefix("func any_") }
        return ([openedProtocol, openedConformer] + openerLines.map(String.init) + [openedCheck]).joined(
            separator: "\n")
    }

    /// The type the caller binds the associated type `A` to (a caller-bound form).
    private var boundType: String { (resultFamily ?? families[0]).spelling }

    /// The requirement as the protocol declares it.
    private var openedRequirement: String { openedDeclaration(body: nil) }

    /// The requirement, or with `body` its witness (a getter or subscript puts the body in its `get`).
    private func openedDeclaration(body: String?) -> String {
        let block = body.map { " { \($0) }" } ?? ""
        let result: String
        switch shape.form {
        case .callerBound?: result = "A"
        case .selfResult?: result = "Self"
        case .optionalSelfResult?: result = "Self?"
        case .inoutSelf?: result = ""
        default: result = "Int"
        }
        switch shape.kind {
        case .getter: return "var value: \(result) { get\(effects)\(block) }"
        case .subscript: return "subscript(_ a0: \(selfParameter ?? "A")) -> \(result) { get\(effects)\(block) }"
        default:
            let parameter = selfParameter ?? (returnsSelf ? "Int" : "A")
            return
                "\(staticMarker)func call(_ a0: \(parameter))\(effects)\(result.isEmpty ? "" : " -> " + result)\(block)"
        }
    }

    /// The call of the requirement on `receiver` with the argument expression `argument`.
    private func openedCall(_ receiver: String, _ argument: String) -> String {
        switch shape.kind {
        case .getter: return "\(receiver).value"
        case .subscript: return "\(receiver)[\(argument)]"
        default: return "\(receiver).call(\(argument))"
        }
    }

    private var openedProtocol: String {
        if shape.form == .callerBound {
            return "protocol \(protocolName) { associatedtype A; \(openedRequirement) }"
        }
        // A `Self` parameter's protocol can make a second value of the subject's conformance
        // (`labSibling()`), the value the check sends: a stub's own `stub()` is the subject itself.
        let sibling = selfParameter == nil ? "" : "; func labSibling() -> Self"
        return "protocol \(protocolName) { \(openedRequirement); func tag() -> Int\(sibling) }"
    }

    private var openedConformer: String {
        var record: String
        switch shape.form {
        case .borrowingSelf?, .consumingSelf?: record = "labProbe.record(copy a0); "
        default: record = "labProbe.record(a0); "
        }
        let body: String
        if shape.kind == .getter { record = "labProbe.record(); " }
        if shape.form == .callerBound {
            let witness = openedDeclaration(body: "\(record)\(failIfAsked)return labProbe.answered()")
            return "struct \(conformer): \(protocolName) {\n    typealias A = \(boundType)\n    "
                + "init(labSubject: Void) {}\n    \(witness)\n}"
        } else if returnsSelf {
            body = "\(record)\(failIfAsked)return \(conformer)(labSubject: ())"
        } else if shape.form == .inoutSelf {
            body = "\(record)\(failIfAsked)a0 = labProbe.answered()"
        } else {
            body = "\(record)\(failIfAsked)return labProbe.answered()"
        }
        // A final class's witness spells `Self` as the class (Swift refuses a covariant `Self` parameter there).
        let witness = openedDeclaration(body: body).replacingOccurrences(of: "Self", with: conformer)
        let sibling =
            selfParameter == nil ? "" : "func labSibling() -> \(conformer) { \(conformer)(labSubject: ()) }\n    "
        return "final class \(conformer): \(protocolName) {\n    init(labSubject: Void) {}\n    "
            + "func tag() -> Int { labOtherAnswer }\n    \(sibling)\(witness)\n}"
    }

    /// The opener the check calls and the one the stub records through (none for `Self` results).
    private var openers: String {
        let generic = "<S: \(protocolName)>"
        if shape.form == .callerBound {
            let type = boundType
            if shape.kind == .getter { return "" }
            return [
                "func open_\(id)\(generic)(_ s: S, _ a0: \(type))\(effects) -> \(type)? { "
                    + "(\(tryAwait)\(openedReceiver).call(a0 as! S.A)) as? \(type) }",
                "func any_\(id)\(generic)(_ s: S, _ sample: \(type))\(effects) -> S.A { "
                    + "\(tryAwait)\(openedReceiver).call(Match.any(using: sample as! S.A)) }",
            ].joined(separator: "\n")
        }
        if returnsSelf { return "" }
        let converted: String
        let matcher: String
        switch shape.form {
        case .optionalSelf?, .selfArray?:
            converted = "a0.map { $0 as! S }"
            matcher = "Match.any()"
        default:
            converted = "a0 as! S"
            matcher = "Match.any(using: s)"
        }
        if shape.form == .inoutSelf {
            return [
                "func open_\(id)\(generic)(_ s: S, _ a0: inout \(erasedParameter))\(effects) { "
                    + "var v = a0 as! S; \(tryAwait)\(openedReceiver).call(&v); a0 = v }",
                "func any_\(id)\(generic)(_ s: S)\(effects) { "
                    + "var v: S = \(matcher); \(tryAwait)\(openedReceiver).call(&v) }",
            ].joined(separator: "\n")
        }
        return [
            "func open_\(id)\(generic)(_ s: S, _ a0: \(erasedParameter))\(effects) -> Int { "
                + "\(tryAwait)\(openedCall(openedReceiver, converted)) }",
            "func any_\(id)\(generic)(_ s: S)\(effects) -> Int { \(tryAwait)\(openedCall(openedReceiver, matcher)) }",
        ].joined(separator: "\n")
    }

    /// Compares two values of the `Self` parameter's erased type.
    private var selfComparison: String {
        switch shape.form {
        case .optionalSelf?: return "{ labSameOptional($0, $1) { labSameObject($0, $1) } }"
        case .selfArray?: return "{ labSameObjects($0, $1) }"
        default: return "{ labSameObject($0, $1) }"
        }
    }

    private var openedCheck: String {
        var lines = ["func check_\(id)_()\(shape.effect.isAsync ? " async" : "") -> LabVerdict {"]
        lines.append("var verdict = LabVerdict()")
        if let resultFamily, let result = labCase.result {
            lines.append("let expected: \(resultFamily.spelling) = \(result)")
        }
        if (returnsSelf || shape.form == .callerBound) && !families.isEmpty {
            lines.append("let e0: \(families[0].spelling) = \(labCase.arguments[0])")
        }
        lines.append("let thrown: LabError = \(thrownSample)")
        lines.append("_ = thrown")
        lines += openedSubjectLines
        // The sent value of a `Self` parameter: another value of the subject's conformer or stub.
        switch shape.form {
        case .optionalSelf?: lines.append("let e0: \(erasedParameter) = other")
        case .selfArray?: lines.append("let e0: \(erasedParameter) = [other, subject, other]")
        case .selfArgument?, .borrowingSelf?, .consumingSelf?, .inoutSelf?:
            lines.append("let e0: \(erasedParameter) = other")
        default: break
        }
        let answer = shape.form == .inoutSelf ? "writeBack" : (resultFamily == nil ? "()" : "expected")
        lines.append("labProbe.begin(answer: \(answer))")
        var body: [String] = []
        let call: String
        switch shape.form {
        case .inoutSelf?:
            body.append("var v0: \(erasedParameter) = e0")
            call = "\(tryAwait)open_\(id)(subject, &v0)"
            body.append(call)
        case .callerBound? where shape.kind == .getter:
            // Erased to `Any` at the caller: compared after a cast to the bound type.
            call = "\(tryAwait)subject.value"
            body.append("let got = \(call) as? \(boundType)")
        case .callerBound?:
            call = "\(tryAwait)open_\(id)(subject, e0)"
            body.append("let got = \(call)")
        default:
            if returnsSelf {
                let receiver = isStatic ? "type(of: subject)" : "subject"
                call = "\(tryAwait)\(openedCall(receiver, "e0"))"
            } else {
                call = "\(tryAwait)open_\(id)(subject, e0)"
            }
            body.append("let got = \(call)")
        }
        body.append("verdict.arguments(count: \(families.count + (selfParameter == nil ? 0 : 1)))")
        if selfParameter != nil {
            body.append("verdict.argument(0, e0, \(selfComparison))")
        } else if !families.isEmpty {
            body.append("verdict.argument(0, e0, \(compare(families[0])))")
        }
        switch shape.form {
        case .inoutSelf?: body.append("verdict.writtenBack(v0, writeBack, { labSameObject($0, $1) })")
        case .callerBound?:
            body.append(
                "verdict.result(got, Optional(expected), { labSameOptional($0, $1) \(compare(resultFamily!)) })")
        case .selfResult?: body += ["verdict.made(got, like: subject)", "verdict.other(got.tag())"]
        case .optionalSelfResult?:
            body.append(
                "if let got { verdict.made(got, like: subject); verdict.other(got.tag()) } "
                    + "else { verdict.wrong(\"result: nil, expected a value of the subject's type\") }")
        default: body.append("verdict.result(got, expected, \(compare(resultFamily!)))")
        }
        if shape.effect.isThrowing {
            lines.append("do {")
            lines += body.map { "    " + $0 }
            lines.append("} catch { verdict.unexpected(error) }")
            lines.append("labProbe.begin(failure: thrown)")
            lines.append("do {")
            if shape.form == .inoutSelf { lines.append("    var v0: \(erasedParameter) = e0") }
            lines.append("    _ = \(call)")
            lines.append("    verdict.missingError(thrown)")
            lines.append("} catch { verdict.thrown(error, thrown) }")
        } else {
            lines += body
        }
        lines += verifyLines
        lines.append("return verdict")
        return lines.enumerated().map { $0.offset == 0 ? $0.element : "    " + $0.element }.joined(separator: "\n")
            + "\n}"
    }

    /// Declares `subject` (and `other`, the sent `Self` value; `writeBack`, what an `inout Self` becomes).
    private var openedSubjectLines: [String] {
        let existential = "any \(protocolName)"
        switch backend {
        case .control:
            var lines = ["let subject: \(existential) = \(conformer)(labSubject: ())"]
            if selfParameter != nil { lines.append("let other: \(existential) = \(conformer)(labSubject: ())") }
            if shape.form == .inoutSelf { lines.append("let writeBack: \(existential) = \(conformer)(labSubject: ())") }
            return lines
        case .stub:
            let awaiting = shape.effect.isAsync ? "await " : ""
            var construction: String
            if shape.form == .callerBound {
                construction =
                    "associatedTypes: [.binding(declaredBy: (\(existential)).self, named: \"A\", to: "
                    + "\(boundType).self)]"
            } else {
                construction = ""
            }
            // A getter or subscript says its getter's effects (Swift's metadata does not).
            // (`Stub(associatedTypes:)` takes none: the stub reads a getter's effects from the linked conformer.)
            if !getterEffectsArgument.isEmpty, shape.form != .callerBound {
                construction += (construction.isEmpty ? "" : ", ") + getterEffectsArgument
            }
            var lines = [
                "let stub: Stub<\(existential)>",
                "do { stub = try Stub<\(existential)>(\(construction)) } catch let error as StubError {",
                "    verdict.closed(String(describing: error)); return verdict",
                "} catch { verdict.unexpected(error); return verdict }",
            ]
            if selfParameter != nil {
                // Each call makes a new value of this same stub (another stub's value is another type, which
                // the caller's `as! S` refuses, as for two real conformers): the sent value is not the
                // subject, so a front that passed the receiver for the argument is caught.
                lines.append("stub.when(returningSelf: { $0.labSibling() }).thenReturnValue()")
            }
            let thenThrow = shape.effect.isThrowing ? ".thenThrow(thrown)" : ""
            let pattern: String
            switch shape.form {
            case .callerBound? where shape.kind == .getter:
                pattern =
                    "\(awaiting)stub.when(returning: expected as Any) { \(tryAwait)$0.value }"
                    + ".then { () -> Any in labProbe.record(); return expected }"
            case .callerBound?:
                pattern =
                    "\(awaiting)stub.when(returning: expected as Any) { \(tryAwait)any_\(id)($0, e0) }"
                    + ".then { (a0: \(families[0].spelling)) -> Any in labProbe.record(a0); return expected }"
            case .selfResult?:
                let receiver = isStatic ? "type(of: $0)" : "$0"
                let handler = families.isEmpty ? "{ () in labProbe.record() }" : "{ (a0: Int) in labProbe.record(a0) }"
                pattern =
                    "\(awaiting)stub.when(returningSelf: { \(tryAwait)\(openedCall(receiver, "Match.any(using: e0)")) })"
                    + ".then \(handler)"
            case .optionalSelfResult?:
                let receiver = isStatic ? "type(of: $0)" : "$0"
                pattern =
                    "\(awaiting)stub.when(returningOptionalSelf: { \(tryAwait)\(openedCall(receiver, "Match.any(using: e0)")) })"
                    + ".then { (a0: Int) in labProbe.record(a0); return .returnValue }"
            case .inoutSelf?:
                lines.append("let writeBack: \(existential) = stub().labSibling()")
                pattern =
                    "\(awaiting)stub.when { \(tryAwait)any_\(id)($0) }"
                    + ".then { (a0: inout \(existential)) in labProbe.record(a0); a0 = writeBack }"
            default:
                pattern =
                    "\(awaiting)stub.when(returning: expected) { \(tryAwait)any_\(id)($0) }"
                    + ".then { (a0: \(erasedParameter)) in labProbe.record(a0); return expected }"
            }
            lines.append("let pattern = \(pattern)\(thenThrow)")
            if returnsSelf { lines.append("stub.when { $0.tag() }.thenReturn(labOtherAnswer)") }
            lines.append("let subject: \(existential) = stub()")
            if selfParameter != nil { lines.append("let other: \(existential) = subject.labSibling()") }
            return lines
        }
    }
}
