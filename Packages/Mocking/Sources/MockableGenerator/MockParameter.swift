import DoublesGenCore

/// One parameter as a mock writes it: its label, the name the mock's
/// members use, and its type with and without parameter-only specifiers.
struct MockParameter {
    /// The argument label; `nil` for none.
    var label: String?
    /// The name inside the members (`arg<i>` when the protocol has none).
    var name: String
    /// The type as written, specifiers and attributes included.
    var declaredType: String
    /// The type a spy records: without `@escaping`, `inout` or ownership specifiers.
    var valueType: String
    var isVariadic: Bool

    init(_ parameter: Parameter, index: Int, selfType: String?) {
        label = parameter.label
        // `func image(for: URL)`: the label is a keyword; the name the body uses takes backticks.
        name = parameter.referenceName ?? "arg\(index)"
        declaredType = TypeText.replacingSelf(parameter.type.text, with: selfType)
        valueType = TypeText.valueType(declaredType)
        isVariadic = parameter.isVariadic
    }

    /// The type inside the spy's pack: `[T]` for a variadic parameter.
    var inputType: String { isVariadic ? "[\(valueType)]" : valueType }

    /// `label name` in a function or `name` alone when they agree; `_ name` without a label.
    func declarationPrefix(inSubscript: Bool) -> String {
        guard let label else { return inSubscript ? name : "_ \(name)" }
        if inSubscript { return "\(label) \(name)" }
        // A keyword label is its own name: `for`, not `` for `for` `` (a duplicate name).
        return label == name || "`\(label)`" == name ? label : "\(label) \(name)"
    }

    /// The parameter as the runtime member declares it.
    func runtimeDeclaration(inSubscript: Bool) -> String {
        "\(declarationPrefix(inSubscript: inSubscript)): \(declaredType)\(isVariadic ? "..." : "")"
    }

    /// The parameter as the interaction member declares it.
    func interactionDeclaration(inSubscript: Bool) -> String {
        let matcher = "\(MockWriter.library)ArgMatcher<\(valueType)>"
        return "\(declarationPrefix(inSubscript: inSubscript)): \(matcher)\(isVariadic ? "..." : "")"
    }

    /// The argument the runtime member hands to the spy: a copy of a `borrowing` parameter.
    var forwardedArgument: String {
        declaredType.hasPrefix("borrowing ") ? "copy \(name)" : name
    }

    /// The matcher the interaction member hands to `Interaction`.
    var matcherArgument: String { isVariadic ? ".variadic(\(name))" : name }
}
