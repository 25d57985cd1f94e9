/// Writes the Swift source of one case: its protocol(s), the conformer
/// (which signature discovery reads and the control backend calls) and the
/// check function that calls through the existential and compares.
struct CaseSource {
    let labCase: LabCase
    let backend: Backend
    /// The architecture the package is built for (some toolchains cannot compile some shapes).
    var architecture: Architecture = .x86_64
    /// Why this case is left out of the build (a compiler crash found earlier), if it is.
    var excludedReason: String?

    var shape: Shape { labCase.shape }
    var id: String { labCase.id }
    var protocolName: String { "P_\(id)" }
    var families: [TypeFamily] { shape.parameters.map(TypeFamily.named) }
    var resultFamily: TypeFamily? { shape.result.map(TypeFamily.named) }
    private var resultSpelling: String {
        shape.kind == .inoutMethod ? "Void" : resultFamily?.spelling ?? "Void"
    }
    /// The family of the typed error, when the shape throws one other than `LabError`.
    private var errorFamily: TypeFamily? { shape.errorType.map(TypeFamily.named) }
    /// The spelling of the typed error of typed-throwing effects.
    private var errorSpelling: String { errorFamily?.spelling ?? "LabError" }
    /// The effect clause of the requirement.
    var effects: String { shape.effect.clause(errorType: errorSpelling) }

    /// The expression the check compares the received argument `index` with:
    /// the value it sent, or a fresh evaluation of its sample when comparing consumes values.
    private func expectedArgument(_ index: Int) -> String {
        families[index].comparison.consumesValues ? labCase.arguments[index] : "e\(index)"
    }

    /// The expression the check compares the result (or the written-back value) with.
    private var expectedResult: String {
        guard let resultFamily, let result = labCase.result, resultFamily.comparison.consumesValues else {
            return "expected"
        }
        return result
    }

    /// The sample the second call of a throwing shape throws.
    var thrownSample: String {
        guard let errorFamily else { return "LabError.code(\(labCase.errorCode))" }
        return errorFamily.fixedSamples[labCase.errorCode % errorFamily.fixedSamples.count]
    }

    /// The primary associated types the existential binds (a shapes-tier form's), name → family.
    private var primaryBindings: [(name: String, family: String)] {
        shape.form?.primaryBindings(result: shape.result) ?? []
    }

    /// The existential type the check calls through.
    var existential: String {
        if let classDoubleName { return classDoubleName }
        if !primaryBindings.isEmpty {
            let bound = primaryBindings.map { TypeFamily.named($0.family).spelling }.joined(separator: ", ")
            return "any \(protocolName)<\(bound)>"
        }
        return shape.structure == .composed ? "any \(protocolName)_A & \(protocolName)" : "any \(protocolName)"
    }

    /// How the protocol spells parameter `index` (a shapes-tier form may spell it generically).
    private func declaredParameter(_ index: Int) -> String {
        shape.form?.declaredParameter(families[index]) ?? families[index].parameterSpelling
    }

    /// How the protocol spells the result.
    private var declaredResult: String {
        guard shape.kind != .inoutMethod, let resultFamily else { return resultSpelling }
        return shape.form?.declaredResult(resultFamily) ?? resultSpelling
    }

    /// The requirement's generic parameter clause (a method's own generics), or empty.
    private var genericClause: String { shape.form?.genericClause ?? "" }

    /// The declaration, conformer and check function.
    var text: String {
        if let reason = excludedReason ?? ToolchainLimits.exclusionReason(for: shape, on: architecture) {
            return
                "func check_\(id)_() -> LabVerdict {\n    var verdict = LabVerdict()\n    verdict.skipped(\(reason.swiftLiteral))\n    return verdict\n}"
        }
        if let form = shape.form, form.isSelf || form == .callerBound { return openedFormText }
        if let classDoubleText { return classDoubleText }
        return [protocols, conformer, check].joined(separator: "\n")
    }

    // MARK: Declarations

    private var parameterList: String {
        let inoutMarker = shape.kind == .inoutMethod ? "inout " : ""
        return families.indices.map { "_ a\($0): \(inoutMarker)\(declaredParameter($0))" }.joined(separator: ", ")
    }

    private var recordCall: String {
        shape.parameters.isEmpty
            ? "labProbe.record()"
            : "labProbe.record(\(families.indices.map { "a\($0)" + boxedInPack($0) }.joined(separator: ", ")))"
    }

    /// What a value of family `index` needs to enter a parameter pack: Swift 6.3.1 crashes compiling
    /// a typed-throwing function type inside one ("reabstraction of pack values"), and an async
    /// closure with an `inout` parameter beside a method reference, so they go in as `Any`.
    private func boxedInPack(_ index: Int) -> String {
        families[index].group.entersPacksAsAny ? " as Any" : ""
    }

    var failIfAsked: String {
        guard shape.effect.isThrowing else { return "" }
        if let errorFamily {
            return "if let failure: \(errorFamily.spelling) = labProbe.typedFailure() { throw failure }; "
        }
        return "if let failure = labProbe.failure { throw failure }; "
    }

    /// The requirement as declared in the protocol.
    var requirement: String {
        (shape.form?.isolationAttribute ?? "") + declaration
    }

    /// The requirement's declaration after its attributes.
    private var declaration: String {
        switch shape.kind {
        case .method, .inoutMethod: return "func call\(genericClause)(\(parameterList))\(effects) -> \(declaredResult)"
        case .staticMethod: return "static func call\(genericClause)(\(parameterList))\(effects) -> \(declaredResult)"
        case .getter where shape.form?.isReadAccessor == true: return "var value: \(declaredResult) { read }"
        case .getter: return "var value: \(declaredResult) { get\(effects) }"
        case .setter: return "var value: \(declaredSetterValue) { get set }"
        case .subscript: return "subscript\(genericClause)(\(parameterList)) -> \(declaredResult) { get\(effects) }"
        case .initializer: return "init(\(parameterList))\(effects)"
        }
    }

    /// The requirement as implemented by the conformer.
    var witness: String {
        (shape.form?.isolationAttribute ?? "") + witnessDeclaration
    }

    /// The witness's declaration and body after its attributes.
    private var witnessDeclaration: String {
        let body = "\(recordCall); \(failIfAsked)return labProbe.answered()"
        switch shape.kind {
        case .method:
            return "func call\(genericClause)(\(parameterList))\(effects) -> \(declaredResult) { \(body) }"
        case .staticMethod:
            return "static func call\(genericClause)(\(parameterList))\(effects) -> \(declaredResult) { \(body) }"
        case .getter: return "var value: \(declaredResult) { get\(effects) { \(body) } }"
        case .setter:
            return
                "var value: \(declaredSetterValue) { get { labProbe.answered() as \(declaredSetterValue) } set { labProbe.record(newValue\(boxedInPack(0))) } }"
        case .subscript:
            return "subscript\(genericClause)(\(parameterList)) -> \(declaredResult) { get\(effects) { \(body) } }"
        case .initializer: return "init(\(parameterList))\(effects) { \(recordCall); \(failIfAsked)}"
        case .inoutMethod:
            return "func call(\(parameterList))\(effects) { \(recordCall); \(failIfAsked)a0 = labProbe.answered() }"
        }
    }

    /// The type of a setter shape's property as the protocol spells it.
    private var declaredSetterValue: String {
        shape.form?.declaredResult(families[0]) ?? families[0].spelling
    }

    private var protocols: String {
        if !primaryBindings.isEmpty {
            let names = primaryBindings.map(\.name)
            let associated = names.map { shape.form?.associatedTypeDeclaration($0) ?? "associatedtype \($0)" }
                .joined(separator: "; ")
            return "protocol \(protocolName)<\(names.joined(separator: ", "))> { \(associated); \(requirement) }"
        }
        if let isolated = isolatedProtocolDeclaration { return isolated }
        switch shape.structure {
        case .plain:
            return "protocol \(protocolName) { \(requirement) }"
        case .inherited:
            return "protocol \(protocolName)_Base { \(requirement) }\nprotocol \(protocolName): \(protocolName)_Base {}"
        case .composed:
            return "protocol \(protocolName)_A { func other() -> Int }\nprotocol \(protocolName) { \(requirement) }"
        }
    }

    private var conformer: String {
        let conformances = shape.structure == .composed ? "\(protocolName)_A, \(protocolName)" : protocolName
        var members = ["init(labSubject: Void) {}", witness]
        for binding in primaryBindings {
            members.append("typealias \(binding.name) = \(TypeFamily.named(binding.family).spelling)")
        }
        if shape.structure == .composed { members.append("func other() -> Int { labOtherAnswer }") }
        return "\(conformerKeyword) C_\(id): \(conformances) {\n    \(members.joined(separator: "\n    "))\n}"
    }

    // MARK: The check

    var tryAwait: String {
        (shape.effect.isThrowing ? "try " : "") + (shape.effect.isAsync || callHopsToActor ? "await " : "")
    }

    /// The call through `receiver` with the given argument expressions.
    private func call(_ arguments: [String], on receiver: String = "subject") -> String {
        let list = arguments.joined(separator: ", ")
        switch shape.kind {
        case .method: return "\(receiver).call(\(list))"
        case .inoutMethod: return "\(receiver).call(\(arguments.map { "&" + $0 }.joined(separator: ", ")))"
        case .staticMethod: return "type(of: \(receiver)).call(\(list))"
        case .getter: return "\(receiver).value"
        case .setter: return "\(receiver).value = \(list)"
        case .subscript: return "\(receiver)[\(list)]"
        case .initializer: return "type(of: \(receiver)).init(\(list))"
        }
    }

    func compare(_ family: TypeFamily) -> String {
        "{ \(family.comparison.expression("$0", "$1")) }"
    }

    /// The check's argument expressions: the sent values, except that an autoclosure's
    /// expression counts its evaluation and a variadic parameter lists the array's elements.
    private var callArguments: [String] {
        families.indices.map { index in
            switch (shape.form, families[index].group) {
            case (_, .autoclosure): return "labCounted(e\(index)())"
            case (.genericVariadic?, _):
                return String(labCase.arguments[index].dropFirst().dropLast())
            default: return "e\(index)"
            }
        }
    }

    /// The matcher of parameter `index` in `when`: `Match.any()` alone for an autoclosure (it must
    /// match without evaluating), one element's `Match.any(using:)` for a variadic parameter.
    private func matcher(_ index: Int) -> String {
        if shape.recording == .bareAny || families[index].group == .autoclosure { return "Match.any()" }
        if shape.form == .genericVariadic { return "Match.any(using: 0 as Int)" }
        return "Match.any(using: e\(index))"
    }

    /// How the stub's handler spells parameter `index` (an autoclosure arrives as its closure,
    /// a variadic parameter as its array).
    private func handlerParameter(_ index: Int) -> String {
        let family = families[index]
        if family.group == .autoclosure { return "@escaping " + family.spelling }
        // The pack crash of `boxedInPack(_:)`: the handler takes a typed-throwing closure as `Any`.
        if family.group.entersPacksAsAny { return "Any" }
        if shape.form == .genericVariadic { return family.spelling }
        return family.parameterSpelling
    }

    /// Whether the check awaits: an async requirement, or a comparison that awaits (async closures).
    private var checkIsAsync: Bool {
        shape.effect.isAsync || shape.form?.group == .isolatedProtocol
            || (families + [resultFamily].compactMap { $0 }).contains { $0.comparison.isAsync }
    }

    /// The line that compares a received argument (or a result) with the sent one.
    private func verdictLine(_ method: String, _ subject: String, _ expected: String, _ family: TypeFamily) -> String {
        family.comparison.isAsync
            ? "await verdict.\(method)Async(\(subject), \(expected), \(compare(family)))"
            : "verdict.\(method)(\(subject), \(expected), \(compare(family)))"
    }

    var check: String {
        var lines: [String] = []
        // Only async shapes get an async check: no coroutine where none is needed.
        lines.append("\(checkIsolation)func check_\(id)_()\(checkIsAsync ? " async" : "") -> LabVerdict {")
        lines.append("    var verdict = LabVerdict()")
        for (index, family) in families.enumerated() {
            lines.append("    let e\(index): \(family.spelling) = \(labCase.arguments[index])")
        }
        if let resultFamily, let result = labCase.result {
            lines.append("    let expected: \(resultFamily.spelling) = \(result)")
        }
        lines.append("    let thrown: \(errorSpelling) = \(thrownSample)")
        lines.append("    _ = thrown")
        lines += subjectLines.map { "    " + $0 }
        let argumentNames = callArguments
        let countsEvaluations = families.contains { $0.group == .autoclosure }
        let answer = resultFamily == nil ? "()" : "expected"
        // The first call answers; a throwing shape's second call throws.
        if shape.kind == .initializer {
            // The value the first call makes; the checks below use it (and a throwing shape's second call goes through it).
            lines.append("    var made: (\(existential))?")
        }
        if countsEvaluations { lines.append("    labEvaluations = 0") }
        lines.append("    labProbe.begin(answer: \(answer))")
        var body: [String] = []
        let callExpression =
            ToolchainLimits.awaitsThroughHelper(shape)
            ? "labAwait { \(tryAwait)\(call(argumentNames)) }" : call(argumentNames)
        switch shape.kind {
        case .setter where shape.form == .modifyAccessor:
            // `swap` takes the property `inout`, so the access is one `modify`: it must yield the
            // getter's answer (which `got` receives) and set the sent value at its end.
            body.append("var settable = subject")
            body.append("var got: \(families[0].spelling) = e0")
            body.append("swap(&settable.value, &got)")
        case .setter:
            body.append("var settable = subject")
            body.append(call(argumentNames, on: "settable"))
        case .inoutMethod:
            body.append("var v0: \(families[0].spelling) = e0")
            body.append("\(tryAwait)\(call(["v0"]))")
        case .initializer:
            body.append("made = \(tryAwait)\(callExpression)")
        default:
            if resultFamily != nil {
                body.append("let got: \(resultSpelling) = \(tryAwait)\(callExpression)")
            } else {
                body.append("\(tryAwait)\(callExpression)")
            }
        }
        if countsEvaluations { body.append("verdict.unevaluated()") }
        body.append("verdict.arguments(count: \(families.count))")
        for (index, family) in families.enumerated() {
            body.append(verdictLine("argument", "\(index)", expectedArgument(index), family))
        }
        if let resultFamily, shape.kind == .inoutMethod {
            body.append("verdict.writtenBack(v0, \(expectedResult), \(compare(resultFamily)))")
        } else if let resultFamily, shape.kind != .setter || shape.form == .modifyAccessor, shape.kind != .initializer {
            body.append(verdictLine("result", "got", expectedResult, resultFamily))
        }
        // An initializer's second call goes through the value the first one made (the subject when there is none).
        let secondCall =
            switch shape.kind {
            case .initializer: call(argumentNames, on: "(made ?? subject)")
            case .inoutMethod: call(["v0"])
            default: callExpression
            }
        if shape.effect.isThrowing {
            lines.append("    do {")
            lines += body.map { "        " + $0 }
            lines.append("    } catch { verdict.unexpected(error) }")
            lines += madeValueLines.map { "    " + $0 }
            if errorFamily != nil {
                lines.append("    labProbe.begin(typedFailure: thrown)")
            } else {
                lines.append("    labProbe.begin(failure: thrown)")
            }
            lines.append("    do {")
            if shape.kind == .inoutMethod { lines.append("        var v0: \(families[0].spelling) = e0") }
            // A form's result-only generic needs the result type to infer its parameter.
            let discard =
                shape.form != nil && resultFamily != nil && shape.kind.hasResult ? "let _: \(resultSpelling)" : "_"
            lines.append("        \(discard) = \(tryAwait)\(secondCall)")
            lines.append("        verdict.missingError(thrown)")
            if let errorFamily {
                lines.append("    } catch { verdict.thrownValue(error, thrown, \(compare(errorFamily))) }")
            } else {
                lines.append("    } catch { verdict.thrown(error, thrown) }")
            }
        } else {
            lines += body.map { "    " + $0 }
            lines += madeValueLines.map { "    " + $0 }
        }
        lines += verifyLines.map { "    " + $0 }
        lines += closureFrontLines.map { "    " + $0 }
        lines.append("    return verdict")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// Checks the value an initializer shape made: a new value of the
    /// subject's dynamic type (for the stub backend, another value of the same
    /// stub) and, for composed protocols, one that answers a call of the
    /// other protocol's requirement as the subject's conformance does.
    private var madeValueLines: [String] {
        guard shape.kind == .initializer else { return [] }
        var lines = ["if let made {", "    verdict.made(made, like: subject)"]
        if shape.structure == .composed {
            lines.append("    verdict.other(made.other())")
        }
        // No value: the first call threw, which the check already reported.
        lines.append("}")
        return lines
    }

    /// Declares `subject`, the existential under test (and, for the stub backend, configures it).
    private var subjectLines: [String] {
        switch backend {
        case .control:
            if let classDoubleName { return ["let subject: \(classDoubleName) = \(classDoubleName)()"] }
            return ["let subject: \(existential) = C_\(id)(labSubject: ())"]
        case .stub:
            if let reason = stubUnsupportedReason {
                return ["verdict.skipped(\(reason.swiftLiteral))", "return verdict"]
                    + ["let subject: \(existential) = C_\(id)(labSubject: ())"]
            }
            let inoutMarker = shape.kind == .inoutMethod ? "inout " : ""
            let parameters = families.indices.map { "a\($0): \(inoutMarker)\(handlerParameter($0))" }.joined(
                separator: ", ")
            let record =
                families.isEmpty
                ? "labProbe.record()"
                : "labProbe.record(\((0..<families.count).map { "a\($0)" }.joined(separator: ", ")))"
            var configure: String
            if shape.kind == .setter {
                configure = "stub.whenSet { \(stubPattern) }"
            } else {
                // The expected result answers the recording pass, unless the shape is about recording
                // without placeholders (then the runtime must make one).
                let returning =
                    resultFamily == nil || shape.kind == .inoutMethod || shape.recording != .samples
                    ? "" : "(returning: expected)"
                configure =
                    "\(shape.effect.isAsync || callHopsToActor ? "await " : "")stub.when\(returning) { \(stubPattern) }"
            }
            // The handler answers with the expected value itself, so a call routed to it at the wrong time
            // shows as a wrong value rather than a crash of the probe. An initializer answers with a value of
            // the stub, which the runtime turns into a new one.
            let answer: String
            switch shape.kind {
            case .initializer: answer = "stub()"
            case .setter: answer = "()"
            case .inoutMethod: answer = "a0 = expected"
            default: answer = resultFamily == nil ? "()" : "expected"
            }
            // An optional result names its type: a handler returning an `Optional<Any>` could also
            // be read as returning the unwrapped `Any`, and the lab exercises the plain `then`.
            var signature = "(\(parameters))"
            if shape.kind != .initializer, shape.kind != .setter, let resultFamily,
                resultFamily.spelling.hasPrefix("Optional<")
            {
                signature += " -> \(resultFamily.spelling)"
            }
            configure +=
                shape.kind == .inoutMethod
                ? ".then { \(signature) in \(record); \(answer) }"
                : ".then { \(signature) in \(record); return \(answer) }"
            if shape.effect.isThrowing { configure += ".thenThrow(thrown)" }
            var lines = [
                "let stub: Stub<\(existential)>",
                "do { stub = try \(stubConstruction) } catch let error as StubError {",
                "    verdict.closed(String(describing: error)); return verdict",
                "} catch { verdict.unexpected(error); return verdict }",
            ]
            if shape.recording == .samples {
                lines.append("let pattern = " + configure)
            } else {
                // Without placeholders from the test, a `when` that cannot record reports an issue at its
                // line instead of configuring anything: the documented way it fails closed.
                let handler = "TestDoubleIssueReporting.withHandler({ labIssues.append(\"\\($0)\") })"
                lines += [
                    "let labIssues = LabIssueLog()",
                    "let pattern = \(shape.effect.isAsync ? "await " : "")\(handler) { \(configure) }",
                    "if let issue = labIssues.first { verdict.closed(\"when reported: \\(issue)\"); return verdict }",
                ]
            }
            if shape.form == .modifyAccessor {
                // The value the `modify` starts from: the getter's configuration, as for `+=`.
                lines.append("let getterPattern = stub.when(returning: expected) { $0.value }.thenReturn(expected)")
            }
            if shape.kind == .initializer, shape.structure == .composed {
                // The made value's call of the other protocol's requirement: configured like the conformer's answer.
                lines.append("stub.when { $0.other() }.thenReturn(labOtherAnswer)")
            }
            lines.append("let subject: \(existential) = stub()")
            return lines
        }
    }

    /// The `getterEffects:` argument of the stub's construction: the effect
    /// of the one getter a getter, subscript or setter shape declares (Swift's
    /// metadata never says whether a getter throws), or nothing for shapes
    /// without getters.
    var getterEffectsArgument: String {
        switch shape.kind {
        case .getter where shape.form?.isReadAccessor == true:
            // A `read` is no getter (and cannot have effects).
            return ""
        case .getter, .subscript:
            // `Actor`'s `unownedExecutor` is a getter before the protocol's own.
            let base = shape.form == .actorProtocol ? "getterEffects: .nonthrowing, " : "getterEffects: "
            switch shape.effect {
            case .sync, .async: return base + ".nonthrowing"
            case .throws, .asyncThrows: return base + ".throwing"
            case .typedThrows, .asyncTypedThrows: return base + ".typedThrowing(\(errorSpelling).self)"
            }
        case .setter:
            // `var value: T { get set }`: its getter cannot throw.
            return "getterEffects: .nonthrowing"
        case .method, .staticMethod, .initializer, .inoutMethod:
            return ""
        }
    }

    /// The call the stub records in `when` and `verify`: every argument is
    /// `Match.any(using:)` its sample, which also serves as the recording pass's placeholder.
    private var stubPattern: String {
        let matchers = families.indices.map(matcher)
        if shape.kind == .setter { return "$0.value = \(matchers[0])" }
        if shape.kind == .inoutMethod {
            return "var v0: \(families[0].spelling) = \(matchers[0]); return \(tryAwait)\(call(["v0"], on: "$0"))"
        }
        return "\(tryAwait)\(call(matchers, on: "$0"))"
    }

    var verifyLines: [String] {
        guard backend == .stub, stubUnsupportedReason == nil else { return [] }
        // The pattern's own interactions: no second recording pass (which would need a placeholder result).
        let calls = shape.effect.isThrowing ? 2 : 1
        var lines = [
            "if !pattern.interactions.verify(\(calls)...\(calls)) { verdict.wrong(\"verify: the stub did not record \(calls) matching call(s)\") }"
        ]
        if shape.form == .modifyAccessor {
            lines.append(
                "if !getterPattern.interactions.verify(1...1) { verdict.wrong(\"verify: the modify did not read the getter once\") }"
            )
        }
        return lines
    }

    /// The closure double a recording-tier case also records with the same
    /// matcher and calls: a front that declares no types, so its recording
    /// pass meets types it never saw (a class result, a bare `Match.any()`)
    /// on a thread of its own. Only single-argument methods with a result.
    private var closureFrontLines: [String] {
        guard backend == .stub, shape.recording != .samples, shape.kind == .method, families.count == 1,
            let resultFamily
        else { return [] }
        let input = families[0].spelling
        let output = resultFamily.spelling
        let double: String
        switch shape.effect {
        case .sync: double = "ClosureDouble<\(input), \(output)>"
        case .throws: double = "ThrowingClosureDouble<\(input), \(output)>"
        case .typedThrows: double = "TypedThrowingClosureDouble<\(input), \(output), \(errorSpelling)>"
        case .async: double = "AsyncClosureDouble<\(input), \(output)>"
        case .asyncThrows: double = "AsyncThrowingClosureDouble<\(input), \(output)>"
        case .asyncTypedThrows: double = "AsyncTypedThrowingClosureDouble<\(input), \(output), \(errorSpelling)>"
        }
        let matcher = shape.recording == .bareAny ? "Match.any()" : "Match.any(using: e0)"
        let awaiting = shape.effect.isAsync ? "await " : ""
        let handler = "TestDoubleIssueReporting.withHandler({ closureIssues.append(\"\\($0)\") })"
        let configure = "\(awaiting)closure.when { \(tryAwait)$0(\(matcher)) }.thenReturn(\(expectedResult))"
        var lines = [
            "// The same call through a closure double, whose recording pass runs on a thread of its own.",
            "let closure = \(double)()",
            "let closureIssues = LabIssueLog()",
            "let closurePattern = \(awaiting)\(handler) { \(configure) }",
            "if let issue = closureIssues.first { verdict.closed(\"closure double when reported: \\(issue)\"); return verdict }",
        ]
        let call = "let closureGot: \(output) = \(tryAwait)closure.function(\(expectedArgument(0)))"
        let compare = "verdict.result(closureGot, \(expectedResult), \(compare(resultFamily)))"
        if shape.effect.isThrowing {
            lines += ["do {", "    \(call)", "    \(compare)", "} catch { verdict.unexpected(error) }"]
        } else {
            lines += [call, compare]
        }
        lines.append(
            "if !closurePattern.interactions.verify(1...1) { verdict.wrong(\"verify: the closure double did not record 1 call\") }"
        )
        return lines
    }

    /// Why the stub backend cannot express this case yet, if it cannot
    /// (every kind has a spelling now: initializers are configured with
    /// `when { type(of: $0).init(…) }` and answer with a value of the stub).
    private var stubUnsupportedReason: String? { nil }
}

extension String {
    /// The string as a Swift string literal: quoted, with `\`, `"` and control characters escaped.
    var swiftLiteral: String {
        var result = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
