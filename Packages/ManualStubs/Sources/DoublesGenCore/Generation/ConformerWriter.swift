/// Writes the ManualStub conformer and controller alias for one flattened
/// protocol, following the conformer contract: every requirement forwards
/// to `stub` (or `ManualStub<Self>.shared` for static and initializer
/// requirements) through `call`, `throwingCall`, `asyncCall`,
/// `asyncThrowingCall` or `set`, so `#function` names the requirement.
struct ConformerWriter {
    let flattened: FlattenedProtocol
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether a member forwards a `borrowing` or `consuming` parameter
    /// through ``recordableFunction``, which the file must then declare.
    private(set) var usesRecordable = false
    private var lines: [String] = []

    /// Type aliases for function types: a parameter of such a type is a closure.
    let functionTypeAliases: Set<String>
    /// Whether the `borrowing`/`consuming` support (``recordableDeclarations``)
    /// goes inside the conformer, as members, instead of into the file: set
    /// for a macro, whose expansion holds only the conformer and its alias.
    var embedsRecordable = false

    init(_ flattened: FlattenedProtocol, functionTypeAliases: Set<String> = []) {
        self.flattened = flattened
        self.functionTypeAliases = functionTypeAliases
    }

    /// The line length the repository's swift-format configuration allows.
    static let lineLength = 120

    var conformerName: String { "\(flattened.name)StubConformer" }
    var aliasName: String { "\(flattened.name)Stub" }
    var isClass: Bool { flattened.isClassConstrained }

    /// `fileprivate ` for a `private` or `fileprivate` protocol, whose
    /// requirements may use the file's private types (only a macro, compiled
    /// in that file, generates for one); otherwise nothing.
    private var access: String {
        ["private", "fileprivate"].contains(flattened.declaration.accessLevel ?? "") ? "fileprivate " : ""
    }

    /// How the conformer's own type is spelled inside its body.
    private var selfType: String { isClass ? conformerName : "Self" }

    /// The section for the protocol: conformer, then alias.
    mutating func write() -> String {
        let (generics, aliases, whereRequirements) = genericSignature()
        let genericClause = generics.isEmpty ? "" : "<\(generics.map(\.declaration).joined(separator: ", "))>"
        let genericArguments = generics.isEmpty ? "" : "<\(generics.map(\.name).joined(separator: ", "))>"
        let whereClause = whereRequirements.isEmpty ? "" : " where \(whereRequirements.joined(separator: ", "))"
        // `stub` and `init(stub:)` are nonisolated for every protocol, not
        // only one that names a global actor: in a module built with
        // `-default-isolation MainActor` the conformer is main-actor-isolated
        // without saying so, and `ManualStubConformer`'s requirements are
        // nonisolated (it refines `SendableMetatype` on Swift 6.2+).
        let isolation = "nonisolated "

        lines.append("// MARK: - \(flattened.name)")
        lines.append("")
        for attribute in flattened.availability + flattened.globalActors { lines.append(attribute) }
        // A struct conformer is Sendable by inference; a class says so.
        let kind = isClass ? "final class" : "struct"
        let sendable = isClass ? ", Sendable" : ""
        let header =
            "\(access)\(kind) \(conformerName)\(genericClause): \(flattened.name), ManualStubConformer\(sendable)"
        if (header + whereClause).count + 2 > Self.lineLength && !whereClause.isEmpty {
            // Broken as swift-format breaks it.
            lines.append(header)
            lines.append("\(whereClause.dropFirst()) {")
        } else {
            lines.append("\(header)\(whereClause) {")
        }
        for (name, type) in aliases { lines.append("    typealias \(name) = \(type)") }
        if !aliases.isEmpty { lines.append("") }
        lines.append("    \(isolation)let stub: ManualStub<\(selfType)>")
        lines.append("")
        lines.append("    \(isolation)init(stub: ManualStub<\(selfType)>) {")
        lines.append("        self.stub = stub")
        lines.append("    }")
        if !flattened.identityConformances.isEmpty {
            lines.append("")
            lines.append("    static func == (lhs: \(selfType), rhs: \(selfType)) -> Bool {")
            lines.append("        lhs.stub === rhs.stub")
            lines.append("    }")
        }
        if flattened.identityConformances.contains("Hashable") {
            lines.append("")
            lines.append("    func hash(into hasher: inout Hasher) {")
            lines.append("        hasher.combine(ObjectIdentifier(stub))")
            lines.append("    }")
        }
        for requirement in flattened.requirements {
            lines.append("")
            let conditions = requirement.conditions
            if !conditions.isEmpty { lines.append("    #if \(conditions.combined)") }
            writeMember(requirement)
            if !conditions.isEmpty { lines.append("    #endif") }
        }
        if usesRecordable && embedsRecordable {
            // Members, not file-level declarations: a macro writes only the conformer.
            lines.append("")
            lines += Self.recordableDeclarations.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.isEmpty ? "" : "    \($0)"
            }
        }
        lines.append("}")
        lines.append("")
        for attribute in flattened.availability { lines.append(attribute) }
        let alias =
            "\(access)typealias \(aliasName)\(genericClause) = ManualStub<\(conformerName)\(genericArguments)>\(whereClause)"
        if alias.count > Self.lineLength {
            lines.append("\(access)typealias \(aliasName)\(genericClause) = ManualStub<")
            lines.append("    \(conformerName)\(genericArguments)")
            lines.append(">\(whereClause)")
        } else {
            lines.append(alias)
        }
        return flattened.declaration.conditions.wrapping(lines).joined(separator: "\n")
    }

    // MARK: - Generic signature

    private struct GenericParameter {
        var name: String
        var declaration: String
    }

    /// One generic parameter per associated type, except those a `where`
    /// clause binds to a concrete type, which become type aliases.
    private mutating func genericSignature() -> ([GenericParameter], [(String, String)], [String]) {
        let names = Set(flattened.associatedTypes.map(\.name))
        var aliases: [(String, String)] = []
        var requirements: [String] = []
        var whereSources = flattened.whereRequirements
        for associatedType in flattened.associatedTypes {
            if let clause = associatedType.whereClause {
                whereSources += ProtocolGraph.splitRequirements(clause).map(ProtocolGraph.stripSelf)
            }
        }
        for requirement in whereSources {
            let sides = requirement.splitting(on: " == ")
            if sides.count == 2, names.contains(sides[0]), Self.identifiers(in: sides[1]).isDisjoint(with: names),
                !aliases.contains(where: { $0.0 == sides[0] })
            {
                aliases.append((sides[0], sides[1]))
            } else if requirement.hasPrefix("Self") {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        at: flattened.declaration.location,
                        "the requirement '\(requirement)' cannot be stated on a generated conformer; left out"
                    )
                )
            } else if !requirements.contains(requirement) {
                requirements.append(requirement)
            }
        }
        let bound = Set(aliases.map(\.0))
        let generics = flattened.associatedTypes.filter { !bound.contains($0.name) }.map { associatedType in
            GenericParameter(
                name: associatedType.name,
                declaration: associatedType.name + (associatedType.constraint.map { ": \($0)" } ?? "")
            )
        }
        // A requirement on a bound associated type is the caller's promise; drop it.
        let kept = requirements.filter { requirement in
            Self.identifiers(in: requirement).isDisjoint(with: bound)
                || !Self.identifiers(in: requirement).isDisjoint(with: Set(generics.map(\.name)))
        }
        return (generics, aliases, kept)
    }

    static func identifiers(in text: String) -> Set<String> {
        var result: Set<String> = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { result.insert(current) }
                current = ""
            }
        }
        if !current.isEmpty { result.insert(current) }
        return result
    }

    // MARK: - Members

    private mutating func writeMember(_ requirement: Requirement) {
        for attribute in requirement.attributes where Self.isCopiedToMembers(attribute) {
            lines.append("    \(attribute)")
        }
        var modifiers = ""
        if let isolation = requirement.isolationModifier { modifiers += "\(isolation) " }
        if requirement.isStatic { modifiers += "static " }
        let receiver = requirement.isStatic ? "ManualStub<\(selfType)>.shared" : Self.instanceReceiver(requirement)
        let whereClause = requirement.whereClause.map { " where \($0)" } ?? ""
        switch requirement.kind {
        case .method(let name, let generics, let parameters, let effects, let result):
            let (list, arguments, notes, variadic) = forwarding(parameters)
            let isOperator = !(name.first.map { $0.isLetter || $0 == "_" || $0 == "`" } ?? false)
            let resultText = result.map { " -> \($0.text)" } ?? ""
            lines.append(
                "    \(modifiers)func \(name)\(isOperator ? " " : "")\(generics)(\(list))\(effects.text)\(resultText)"
                    + "\(whereClause) {"
            )
            for note in notes { lines.append("        \(note)") }
            if !variadic.isEmpty {
                // A recording pass writes one matcher per element; the requirement receives one array.
                lines.append(
                    "        \(receiver).lineUpVariadicMatchers(at: \(variadic), \(arguments.joined(separator: ", ")))")
            }
            lines.append("        " + call(receiver, arguments, effects, returnsVoid: Self.isVoid(result)))
            lines.append("    }")
        case .property(let name, let type, let isSettable, let getterEffects):
            lines.append("    \(modifiers)var \(name): \(type.text) {")
            writeAccessors(
                receiver: receiver,
                arguments: [],
                getterEffects: getterEffects,
                isSettable: isSettable,
                isStatic: requirement.isStatic,
                returnsVoid: Self.isVoid(type)
            )
            lines.append("    }")
        case .subscript(let generics, let parameters, let result, let isSettable, let getterEffects):
            let (list, arguments, notes, _) = forwarding(parameters)
            lines.append("    \(modifiers)subscript\(generics)(\(list)) -> \(result.text)\(whereClause) {")
            for note in notes { lines.append("        \(note)") }
            writeAccessors(
                receiver: receiver,
                arguments: arguments,
                getterEffects: getterEffects,
                isSettable: isSettable,
                isStatic: requirement.isStatic,
                returnsVoid: Self.isVoid(result)
            )
            lines.append("    }")
        case .initializer(let failability, let generics, let parameters, let effects):
            let (list, arguments, notes, _) = forwarding(parameters)
            let convenience = isClass ? "convenience " : ""
            lines.append(
                "    \(modifiers)\(convenience)init\(failability)\(generics)(\(list))\(effects.text)\(whereClause) {"
            )
            lines.append("        self.init(stub: .shared)")
            for note in notes { lines.append("        \(note)") }
            lines.append("        " + call(Self.instanceReceiver(requirement), arguments, effects, returnsVoid: true))
            lines.append("    }")
        }
    }

    private mutating func writeAccessors(
        receiver: String,
        arguments: [String],
        getterEffects: Effects,
        isSettable: Bool,
        isStatic: Bool,
        returnsVoid: Bool
    ) {
        let getter = call(receiver, arguments, getterEffects, returnsVoid: returnsVoid)
        if !isSettable && getterEffects == Effects() {
            lines.append("        \(getter)")
            return
        }
        lines.append("        get\(getterEffects.text) {")
        lines.append("            \(getter)")
        lines.append("        }")
        if isSettable {
            let setter = isClass || isStatic ? "set" : "nonmutating set"
            let setArguments = (["newValue"] + arguments).joined(separator: ", ")
            lines.append("        \(setter) {")
            lines.append("            \(receiver).set(\(setArguments))")
            lines.append("        }")
        }
    }

    /// The parameter list as the conformer declares it, the arguments it
    /// forwards, and comments for parameters it cannot forward.
    /// A member's parameter list, the arguments it forwards, the notes it
    /// explains what it leaves out with, and the positions of its variadic
    /// parameters among the forwarded arguments.
    private mutating func forwarding(_ parameters: [Parameter]) -> (String, [String], [String], [Int]) {
        var declared: [String] = []
        var arguments: [String] = []
        var notes: [String] = []
        var variadic: [Int] = []
        for (index, parameter) in parameters.enumerated() {
            let name = parameter.name ?? "arg\(index)"
            // How the body reads it: `func image(for: URL)` forwards `` `for` ``.
            let reference = parameter.referenceName ?? name
            let names: String
            if parameter.secondName != nil || parameter.name == nil {
                names = "\(parameter.firstName) \(name)"
            } else {
                names = name
            }
            let attributes = parameter.attributes.map { "\($0) " }.joined()
            declared.append("\(attributes)\(names): \(parameter.type.text)\(parameter.isVariadic ? "..." : "")")
            if parameter.type.isAutoclosure {
                // Evaluating it here would run a matcher out of argument order.
                notes.append("// '\(name)' is an autoclosure: it is neither evaluated nor forwarded.")
            } else if parameter.type.text.hasPrefix("borrowing ") || parameter.type.text.hasPrefix("consuming ") {
                // A borrowed or consumed value goes through the file's overloads: a copyable one is copied and
                // recorded, a `~Copyable` one (which no recorder can hold) is recorded as a marker.
                arguments.append("\(Self.recordableFunction)(\(reference))")
                usesRecordable = true
            } else if parameter.type.text.hasPrefix("repeat ") {
                arguments.append("repeat each \(reference)")
            } else if parameter.type.isNonEscapingClosure || isNonEscapingAlias(parameter.type) {
                notes.append("// '\(name)' is a non-escaping closure: it cannot be recorded, so it is not forwarded.")
            } else {
                if parameter.type.isInout {
                    // A handler answers from a copy: nothing it does reaches the caller's variable.
                    notes.append(
                        "// '\(name)' is inout: its value on entry is recorded, and the double leaves it unchanged.")
                }
                if parameter.isVariadic { variadic.append(arguments.count) }
                arguments.append(reference)
            }
        }
        return (declared.joined(separator: ", "), arguments, notes, variadic)
    }

    /// Whether a type is a function-type alias written without `@escaping`.
    private func isNonEscapingAlias(_ type: TypeSyntax) -> Bool {
        guard !type.isEscaping else { return false }
        let name = type.text.split(separator: " ").last.map(String.init) ?? type.text
        return functionTypeAliases.contains(name) && !type.text.hasSuffix("?")
    }

    /// The forwarding call for a requirement with the given effects.
    private func call(_ receiver: String, _ arguments: [String], _ effects: Effects, returnsVoid: Bool) -> String {
        var arguments = arguments
        let method: String
        let throwsValue: Bool
        switch effects.throwing {
        case .none, .rethrows:
            method = effects.isAsync ? "asyncCall" : "call"
            throwsValue = false
        case .untyped:
            method = effects.isAsync ? "asyncThrowingCall" : "throwingCall"
            throwsValue = true
        case .typed(let error):
            method = effects.isAsync ? "asyncThrowingCall" : "throwingCall"
            throwsValue = true
            let metatype = error.contains(" ") ? "(\(error)).self" : "\(error).self"
            arguments.append("throwing: \(metatype)")
        }
        var expression = "\(receiver).\(method)(\(arguments.joined(separator: ", ")))"
        if effects.isAsync { expression = "await " + expression }
        if throwsValue { expression = "try " + expression }
        if returnsVoid { expression += " as Void" }
        return expression
    }

    /// `stub`, or `self.stub` when a parameter of the requirement is named `stub`.
    static func instanceReceiver(_ requirement: Requirement) -> String {
        let parameters: [Parameter]
        switch requirement.kind {
        case .method(_, _, let list, _, _), .subscript(_, let list, _, _, _), .initializer(_, _, let list, _):
            parameters = list
        case .property:
            parameters = []
        }
        return parameters.contains { $0.name == "stub" } ? "self.stub" : "stub"
    }

    /// Whether a requirement would collide with the conformer's `stub`
    /// property or `init(stub:)`.
    static func clashes(_ requirement: Requirement) -> Bool {
        switch requirement.kind {
        case .property(let name, _, _, _): return name == "stub" && !requirement.isStatic
        case .initializer(_, _, let parameters, _): return parameters.map(\.label) == ["stub"]
        default: return false
        }
    }

    /// Requirement attributes that mean the same on the conformer's member;
    /// others (such as `@_spi`) are left out.
    static func isCopiedToMembers(_ attribute: String) -> Bool {
        attribute.hasPrefix("@available") || attribute == "@discardableResult"
            || ProtocolGraph.isGlobalActor(attribute)
    }

    static func isVoid(_ type: TypeSyntax?) -> Bool {
        guard let type else { return true }
        return type.text == "Void" || type.text == "()" || type.text == "Swift.Void"
    }
}
