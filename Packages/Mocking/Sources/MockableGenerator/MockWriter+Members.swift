import DoublesGenCore
import Foundation

extension MockWriter {
    /// The interaction and runtime members of one requirement.
    func members(for requirement: Requirement) -> (interaction: [String], runtime: [String]) {
        switch requirement.kind {
        case .method(let name, let generics, let parameters, let effects, let result):
            return method(requirement, name: name, generics: generics, parameters, effects, result)
        case .property(let name, let propertyType, let isSettable, _):
            return property(requirement, name: name, type: type(propertyType.text), isSettable: isSettable)
        case .subscript(let generics, let parameters, let result, let isSettable, _):
            return subscriptMembers(requirement, generics: generics, parameters, type(result.text), isSettable)
        case .initializer(let failability, let generics, let parameters, let effects):
            return ([], [initializer(requirement, failability, generics, parameters, effects)])
        }
    }

    private func mockParameters(_ parameters: [Parameter]) -> [MockParameter] {
        parameters.enumerated().map { MockParameter($0.element, index: $0.offset, selfType: selfType) }
    }

    /// `Void` for no inputs, else the input types joined.
    private func inputList(_ parameters: [MockParameter]) -> String {
        parameters.isEmpty ? "Void" : parameters.map(\.inputType).joined(separator: ", ")
    }

    // MARK: Methods

    private func method(
        _ requirement: Requirement, name: String, generics: String, _ parameters: [Parameter], _ effects: Effects,
        _ result: TypeSyntax?
    ) -> ([String], [String]) {
        let lib = Self.library
        let effect = MockEffect(effects)
        let parameters = mockParameters(parameters)
        // `-> sending T` stays on the runtime member; the spy's output is `T`.
        let output = result.map { TypeText.valueType(type($0.text)) } ?? "Void"
        let spyReference = spy(key(requirement), isStatic: requirement.isStatic)
        let matchers = parameters.isEmpty ? ".any" : parameters.map(\.matcherArgument).joined(separator: ", ")
        let interaction =
            "\(modifiers(requirement))func \(name)\(generics)("
            + parameters.map { $0.interactionDeclaration(inSubscript: false) }.joined(separator: ", ")
            + ") -> \(lib)Interaction<\(inputList(parameters)), \(lib)\(effect.typeName), \(output)>"
            + "\(whereText(requirement)) {\n"
            + "    \(lib)Interaction(\(matchers), spy: \(spyReference))\n}"
        var arguments = parameters.isEmpty ? "()" : parameters.map(\.forwardedArgument).joined(separator: ", ")
        var forwarding = effect.forwarding(qualifier: adapterQualifier)
        if case .typed(let error) = effects.throwing, !MockEffect.throwsNever(effects) {
            // `(any Error).self`: a bare `any Error.self` is read as `any (Error.self)`.
            let errorType = type(error)
            arguments += errorType.contains(" ") ? ", throwing: (\(errorType)).self" : ", throwing: \(errorType).self"
            forwarding = forwarding.replacingOccurrences(
                of: "adaptThrowing(", with: effect.isAsync ? "adaptAsyncTypedThrowing(" : "adaptTypedThrowing(")
        }
        let resultText = result.map { " -> " + type($0.text) } ?? ""
        let runtime =
            "\(attributes(requirement))\(modifiers(requirement))func \(name)\(generics)("
            + parameters.map { $0.runtimeDeclaration(inSubscript: false) }.joined(separator: ", ")
            + ")\(type(effects.text))\(resultText)\(whereText(requirement)) {\n"
            + "    \(forwarding)\(spyReference), \(arguments))\n}"
        // An operator cannot take matchers: its spy is reached as `Mock<P>[dynamicMember: "=="]`.
        // A keyword in backticks (`` `import` ``) is a name like any other.
        let isOperator = !TypeText.isIdentifier(name.trimmingCharacters(in: CharacterSet(charactersIn: "`")))
        return (isOperator ? [] : [interaction], [runtime])
    }

    // MARK: Properties

    private func property(
        _ requirement: Requirement, name: String, type valueType: String, isSettable: Bool
    ) -> (
        [String], [String]
    ) {
        let lib = Self.library
        let key = key(requirement)
        let isStatic = requirement.isStatic
        let read = "\(lib)Interaction(.any, spy: \(spy(key, isStatic: isStatic)))"
        let getter = "\(adapterQualifier)adapt(\(spy(key, isStatic: isStatic)), ())"
        let prefix = modifiers(requirement)
        guard isSettable else {
            let interaction =
                "\(prefix)func \(name)(_ void: Void = ()) -> \(lib)Interaction<Void, \(lib)None, \(valueType) > {\n"
                + "    \(read)\n}"
            let runtime =
                "\(attributes(requirement))\(prefix)var \(name): \(valueType) {\n    get {\n        \(getter)\n    }\n}"
            return ([interaction], [runtime])
        }
        let writeKey = SpyKeys.setterKey(key)
        let interaction =
            "\(prefix)func \(name)(_ void: Void = ()) -> \(lib)SettableInteraction<Void, \(lib)None, \(valueType) > {\n"
            + "    let writeSpy: \(lib)Spy<Void, \(valueType), \(lib)None, Void> = "
            + "\(spy(writeKey, isStatic: isStatic))\n"
            + "    return \(lib)SettableInteraction(get: \(read), writeSpy: writeSpy)\n}"
        let runtime =
            "\(attributes(requirement))\(prefix)var \(name): \(valueType) {\n"
            + "    set {\n        return \(adapterQualifier)adapt(\(spy(writeKey, isStatic: isStatic)), (), newValue)\n    }\n"
            + "    get {\n        \(getter)\n    }\n}"
        return ([interaction], [runtime])
    }

    // MARK: Subscripts

    private func subscriptMembers(
        _ requirement: Requirement, generics: String, _ parameters: [Parameter], _ result: String, _ isSettable: Bool
    ) -> ([String], [String]) {
        let lib = Self.library
        let parameters = mockParameters(parameters)
        let key = key(requirement)
        let isStatic = requirement.isStatic
        let prefix = modifiers(requirement)
        let inputs = inputList(parameters)
        let matchers = parameters.map(\.matcherArgument).joined(separator: ", ")
        let arguments = parameters.map(\.forwardedArgument).joined(separator: ", ")
        let interactionHead =
            "\(prefix)subscript\(generics)("
            + parameters.map { $0.interactionDeclaration(inSubscript: true) }.joined(separator: ", ") + ")"
        let read = "\(lib)Interaction(\(matchers), spy: \(spy(key, isStatic: isStatic)))"
        let readOnly =
            "\(interactionHead) -> \(lib)Interaction<\(inputs), \(lib)None, \(result) >\(whereText(requirement)) {\n"
            + "    get {\n        \(read)\n    }\n}"
        let getter =
            "    get {\n        return \(adapterQualifier)adapt(\(spy(key, isStatic: isStatic)), \(arguments))\n    }"
        let runtimeHead =
            "\(attributes(requirement))\(prefix)subscript\(generics)("
            + parameters.map { $0.runtimeDeclaration(inSubscript: true) }.joined(separator: ", ")
            + ") -> \(result)\(whereText(requirement)) {\n"
        guard isSettable else {
            return ([readOnly], [runtimeHead + getter + "\n}"])
        }
        let writeKey = SpyKeys.setterKey(key)
        let writeTypes = "\(parameters.map(\.inputType).joined(separator: ", ")), \(result), \(lib)None, Void"
        let settable =
            "\(interactionHead) -> \(lib)SettableInteraction<\(inputs), \(lib)None, \(result) >"
            + "\(whereText(requirement)) {\n"
            + "    get {\n"
            + "        let writeSpy: \(lib)Spy<\(writeTypes)> = \(spy(writeKey, isStatic: isStatic))\n"
            + "        return \(lib)SettableInteraction(get: \(read), writeSpy: writeSpy)\n    }\n}"
        let interaction: String
        if parameters.count > 1 {
            // Swift 6.0 crashes compiling a write interaction whose read side has several inputs.
            interaction = "#if compiler(>=6.1)\n\(settable)\n#else\n\(readOnly)\n#endif"
        } else {
            interaction = settable
        }
        let runtime =
            runtimeHead
            + "    set {\n        return \(adapterQualifier)adapt(\(spy(writeKey, isStatic: isStatic)), \(arguments), newValue)\n"
            + "    }\n" + getter + "\n}"
        return ([interaction], [runtime])
    }

    // MARK: Initializers

    private func initializer(
        _ requirement: Requirement, _ failability: String, _ generics: String, _ parameters: [Parameter],
        _ effects: Effects
    ) -> String {
        let parameters = mockParameters(parameters)
        let override = parameters.isEmpty && superclass != nil ? "override " : ""
        let body = superclass != nil && (isComposed || parameters.isEmpty) ? "\n    super.init()\n" : " "
        return "\(attributes(requirement))required \(override)init\(failability)\(generics)("
            + parameters.map { $0.runtimeDeclaration(inSubscript: false) }.joined(separator: ", ")
            + ")\(effects.text)\(whereText(requirement)) {\(body)}"
    }
}
