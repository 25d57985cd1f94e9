/// Type spellings the mock needs.
enum TypeText {
    static let specifiers: Set<String> = [
        "inout", "borrowing", "consuming", "__owned", "__shared", "sending", "isolated",
    ]

    /// A parameter type without `@escaping`, `@autoclosure` and ownership
    /// specifiers, wherever they stand among the leading attributes: in
    /// `@Sendable @escaping (Int) -> Void` the function type keeps `@Sendable`.
    static func valueType(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var kept: [String] = []
        while let first = words.first, first.hasPrefix("@") || specifiers.contains(first) {
            words.removeFirst()
            if first.hasPrefix("@") && first != "@escaping" && first != "@autoclosure" { kept.append(first) }
        }
        return (kept + words).joined(separator: " ")
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

    /// Whether a type names one of `names` as a whole word (`[T]` names `T`, `Tag` does not).
    static func mentions(_ names: Set<String>, in text: String) -> Bool {
        guard !names.isEmpty else { return false }
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if names.contains(word) { return true }
                word = ""
            }
        }
        return false
    }

    /// Whether a name can follow `super.` as a dynamic member.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
