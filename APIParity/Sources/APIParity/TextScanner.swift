import Foundation

/// A cursor over one declaration's text, with the bracket-aware searches the
/// parser needs (`->` never closes an angle bracket; string literals are
/// skipped).
struct TextScanner {
    private let characters: [Character]
    private var position = 0

    init(_ text: String) {
        characters = Array(text)
    }

    /// The next character, if any.
    var peek: Character? { position < characters.count ? characters[position] : nil }

    mutating func skipSpaces() {
        while let next = peek, next.isWhitespace { position += 1 }
    }

    /// Consumes `character` when it comes next.
    mutating func consume(_ character: Character) -> Bool {
        guard peek == character else { return false }
        position += 1
        return true
    }

    /// Reads an identifier (letters, digits, `_`, and backquotes dropped).
    mutating func readIdentifier() -> String? {
        skipSpaces()
        _ = consume("`")
        var name = ""
        while let next = peek, next.isLetter || next.isNumber || next == "_" {
            name.append(next)
            position += 1
        }
        _ = consume("`")
        return name.isEmpty ? nil : name
    }

    /// Reads a function's name: an identifier or an operator (`==`).
    mutating func readFunctionName() -> String? {
        skipSpaces()
        if let identifier = readIdentifier() { return identifier }
        var name = ""
        while let next = peek, "=<>!&|+-*/%^~?.".contains(next) {
            name.append(next)
            position += 1
        }
        return name.isEmpty ? nil : name
    }

    /// Skips `@attr`, `@attr(...)` and the given words, in any order, and
    /// returns what it skipped: attributes as `@name`, words as spelled.
    @discardableResult
    mutating func skipAttributesAndModifiers(_ words: Set<String>) -> Set<String> {
        var skipped: Set<String> = []
        while true {
            skipSpaces()
            if consume("@") {
                if let name = readIdentifier() { skipped.insert("@" + name) }
                if peek == "(" { skipBalanced(open: "(", close: ")") }
                continue
            }
            let saved = position
            if let word = readIdentifier(), words.contains(word) {
                skipped.insert(word)
                if peek == "(" { skipBalanced(open: "(", close: ")") }  // `private(set)`
                continue
            }
            position = saved
            return skipped
        }
    }

    /// Reads a balanced group starting at `open` and returns what is inside
    /// it, or `nil` when none starts here.
    mutating func readBalanced(open: Character, close: Character) -> String? {
        guard peek == open else { return nil }
        let start = position + 1
        skipBalanced(open: open, close: close)
        let end = max(start, position - 1)
        return String(characters[start..<min(end, characters.count)])
    }

    /// The text from here to the end, consumed.
    mutating func readRemainder() -> String {
        let rest = String(characters[min(position, characters.count)...])
        position = characters.count
        return rest
    }

    /// Skips a balanced group starting at `open`, if one starts here.
    mutating func skipBalanced(open: Character, close: Character) {
        guard peek == open else { return }
        var depth = 0
        while let next = peek {
            position += 1
            if next == open {
                depth += 1
            } else if next == close, !(close == ">" && position >= 2 && characters[position - 2] == "-") {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }

    /// Reads `( ... )` and returns its top-level comma-separated parts, or
    /// `nil` when the group does not close (a line cut short).
    mutating func readParameterList() -> [String]? {
        guard consume("(") else { return nil }
        var parts: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        while let next = peek {
            position += 1
            if inString {
                current.append(next)
                if next == "\"" { inString = false }
                continue
            }
            switch next {
            case "\"":
                inString = true
            case "(", "[", "<":
                depth += 1
            case ">" where current.last == "-":
                break
            case ")", "]", ">":
                if depth == 0 && next == ")" {
                    let last = current.trimmingCharacters(in: .whitespaces)
                    if !last.isEmpty { parts.append(last) }
                    return parts
                }
                depth -= 1
            case "," where depth == 0:
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            default:
                break
            }
            current.append(next)
        }
        return nil
    }

    /// The first `character` outside brackets and string literals.
    static func topLevelIndex(of character: Character, in text: String) -> String.Index? {
        topLevelIndices(in: text) { text, index in text[index] == character }.first
    }

    /// The start of each `->` outside brackets.
    static func topLevelArrows(in text: String) -> [String.Index] {
        topLevelIndices(in: text) { text, index in
            text[index] == "-" && text.index(after: index) < text.endIndex && text[text.index(after: index)] == ">"
        }
    }

    /// The `=` that starts a default value, outside brackets (never part of
    /// `==`, `!=`, `<=`, `>=` or `->`).
    static func topLevelAssignment(in text: String) -> String.Index? {
        topLevelIndices(in: text) { text, index in
            guard text[index] == "=" else { return false }
            let after = text.index(after: index)
            if after < text.endIndex, text[after] == "=" { return false }
            if index > text.startIndex, "=!<>".contains(text[text.index(before: index)]) { return false }
            return true
        }.first
    }

    private static func topLevelIndices(
        in text: String, where matches: (String, String.Index) -> Bool
    ) -> [String.Index] {
        var found: [String.Index] = []
        var depth = 0
        var inString = false
        var index = text.startIndex
        var previous: Character = " "
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if "([<".contains(character) {
                depth += 1
            } else if ")]".contains(character) || (character == ">" && previous != "-") {
                depth -= 1
            } else if depth == 0, matches(text, index) {
                found.append(index)
            }
            previous = character
            index = text.index(after: index)
        }
        return found
    }
}
