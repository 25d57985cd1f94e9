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
        name = parameter.name ?? "arg\(index)"
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
        return label == name ? name : "\(label) \(name)"
    }

    /// The parameter as the runtime member declares it.
    func runtimeDeclaration(inSubscript: Bool) -> String {
        "\(declarationPrefix(inSubscript: inSubscript)): \(declaredType)\(isVariadic ? "..." : "")"
    }

    /// The parameter as the interaction member declares it.
    func interactionDeclaration(inSubscript: Bool) -> String {
        "\(declarationPrefix(inSubscript: inSubscript)): ArgMatcher<\(valueType)>\(isVariadic ? "..." : "")"
    }

    /// The argument the runtime member hands to the spy: a copy of a `borrowing` parameter.
    var forwardedArgument: String {
        declaredType.hasPrefix("borrowing ") ? "copy \(name)" : name
    }

    /// The matcher the interaction member hands to `Interaction`.
    var matcherArgument: String { isVariadic ? ".variadic(\(name))" : name }
}

/// Type spellings the mock needs.
enum TypeText {
    static let specifiers: Set<String> = [
        "inout", "borrowing", "consuming", "__owned", "__shared", "sending", "isolated",
    ]

    /// A parameter type without `@escaping`, `@autoclosure` and ownership specifiers.
    static func valueType(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        while let first = words.first, first == "@escaping" || first == "@autoclosure" || specifiers.contains(first) {
            words.removeFirst()
        }
        return words.joined(separator: " ")
    }

    /// `Self` replaced by the mock's own name (a final class), `Self.X` by `X`.
    static func replacingSelf(_ text: String, with selfType: String?) -> String {
        guard text.contains("Self") else { return text }
        var result = ""
        var word = ""
        var characters = Array(text)
        characters.append(" ")
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if word == "Self" {
                    if character == "." {
                        word = ""
                        index += 1
                        continue
                    }
                    result += selfType ?? word
                } else {
                    result += word
                }
                word = ""
                if index < characters.count - 1 { result.append(character) }
            }
            index += 1
        }
        return result
    }

    /// Whether a type mentions `Self`.
    static func mentionsSelf(_ text: String) -> Bool {
        replacingSelf(text, with: "\u{1}").contains("\u{1}")
    }

    /// Whether a name can follow `super.` as a dynamic member.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
