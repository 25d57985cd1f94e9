/// A type's name split into its base name and generic arguments.
public struct ParsedType: Hashable, Sendable {
    /// The base name, such as `Dictionary`.
    public let name: String
    /// The generic arguments, such as `String` and `Int`.
    public let genericArguments: [ParsedType]
}

/// Reads a type's printed name (`Dictionary<String, Array<Int>>`) into a ``ParsedType``.
public struct MetatypeParser {
    /// Parses a type's name.
    ///
    /// - Parameter type: The type.
    /// - Returns: Its base name and generic arguments.
    public static func parse(_ type: Any.Type) -> ParsedType {
        parse(name: String(describing: type))
    }

    static func parse(name text: String) -> ParsedType {
        let trimmed = text.trimmingCharacters(in: " ")
        guard let open = trimmed.firstIndex(of: "<"), trimmed.last == ">" else {
            return ParsedType(name: trimmed, genericArguments: [])
        }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        var arguments: [ParsedType] = []
        var depth = 0
        var current = ""
        for character in inner {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            default: break
            }
            if character == "," && depth == 0 {
                arguments.append(parse(name: current))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { arguments.append(parse(name: current)) }
        return ParsedType(name: String(trimmed[..<open]), genericArguments: arguments)
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var text = Substring(self)
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
