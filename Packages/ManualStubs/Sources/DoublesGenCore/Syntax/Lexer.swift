/// Splits Swift source into tokens, skipping comments and keeping string
/// literals whole, so that braces inside either never count as structure.
///
/// The lexer knows only what the protocol parser needs: identifiers,
/// punctuation, operators, numbers, strings (plain, multi-line, raw, with
/// interpolations nested to any depth) and `#` keywords. It never traps; an
/// unterminated comment or string is an error at the place it started.
struct Lexer {
    private let characters: [Character]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1
    /// How many string interpolations enclose the cursor.
    private var interpolationDepth = 0
    /// Interpolations nested deeper than this are refused rather than
    /// risking the stack.
    static let maximumInterpolationDepth = 32

    private(set) var tokens: [Token] = []
    private(set) var diagnostics: [Diagnostic] = []

    /// Lexes a whole file.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: The name diagnostics use.
    /// - Returns: The tokens, ending with an `.end` token, and any errors.
    static func tokenize(_ source: String, file: String) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(characters: Array(source), file: file)
        lexer.run()
        return (lexer.tokens, lexer.diagnostics)
    }

    private init(characters: [Character], file: String) {
        self.characters = characters
        self.file = file
    }

    private var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    private func peek(_ offset: Int = 0) -> Character? {
        let position = index + offset
        return position < characters.count ? characters[position] : nil
    }

    private mutating func advance() {
        guard index < characters.count else { return }
        if characters[index].isNewline {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func run() {
        var sawSpace = true
        var sawNewline = true
        while let character = peek() {
            if character.isNewline {
                sawNewline = true
                sawSpace = true
                advance()
            } else if character.isWhitespace {
                sawSpace = true
                advance()
            } else if character == "/" && peek(1) == "/" {
                while let next = peek(), !next.isNewline { advance() }
                sawSpace = true
            } else if character == "/" && peek(1) == "*" {
                skipBlockComment()
                sawSpace = true
            } else {
                let start = location
                let startIndex = index
                let kind = lexToken(character)
                let text = String(characters[startIndex..<index])
                tokens.append(
                    Token(kind: kind, text: text, location: start, hasLeadingSpace: sawSpace, startsLine: sawNewline)
                )
                sawSpace = false
                sawNewline = false
            }
        }
        tokens.append(Token(kind: .end, text: "", location: location, hasLeadingSpace: true, startsLine: true))
    }

    private mutating func skipBlockComment() {
        let start = location
        var depth = 0
        while let character = peek() {
            if character == "/" && peek(1) == "*" {
                depth += 1
                advance()
                advance()
            } else if character == "*" && peek(1) == "/" {
                depth -= 1
                advance()
                advance()
                if depth == 0 { return }
            } else {
                advance()
            }
        }
        diagnostics.append(Diagnostic(.error, at: start, "unterminated block comment"))
    }

    private static let operatorCharacters: Set<Character> = [
        "/", "=", "-", "+", "!", "*", "%", "<", ">", "&", "|", "^", "~", "?", ".",
    ]
    private static let singlePunctuation: Set<Character> = ["{", "}", "(", ")", "[", "]", ",", ":", ";", "@"]
    /// Operator characters that always stand alone, because types use them.
    private static let splitOperators: Set<Character> = ["<", ">", "?", "!", "&", "=", "."]

    private mutating func lexToken(_ character: Character) -> Token.Kind {
        if character == "\"" {
            lexString(hashes: 0)
            return .string
        }
        if character == "#" {
            var hashes = 0
            while peek(hashes) == "#" { hashes += 1 }
            if peek(hashes) == "\"" {
                for _ in 0..<hashes { advance() }
                lexString(hashes: hashes)
                return .string
            }
            if peek(hashes) == "/" {
                lexExtendedRegex(hashes: hashes)
                return .string
            }
            advance()
            while let next = peek(), next.isLetter || next.isNumber || next == "_" { advance() }
            return .pound
        }
        if character == "`" {
            advance()
            while let next = peek(), next != "`", !next.isNewline { advance() }
            if peek() == "`" {
                advance()
            } else {
                diagnostics.append(Diagnostic(.error, at: location, "unterminated backticked identifier"))
            }
            return .identifier
        }
        if character.isLetter || character == "_" || character == "$" {
            while let next = peek(), next.isLetter || next.isNumber || next == "_" || next == "$" { advance() }
            return .identifier
        }
        if character.isNumber {
            while let next = peek(),
                next.isLetter || next.isNumber || next == "_" || (next == "." && peek(1)?.isNumber == true)
            {
                advance()
            }
            return .number
        }
        if Self.singlePunctuation.contains(character) {
            advance()
            return .punctuation
        }
        if character == "/", let length = bareRegexLength() {
            for _ in 0..<length { advance() }
            return .string
        }
        if Self.operatorCharacters.contains(character) {
            return lexOperator()
        }
        // Anything else (a stray backslash, an emoji operator) stands alone.
        advance()
        return .operator
    }

    private mutating func lexOperator() -> Token.Kind {
        if peek() == "-" && peek(1) == ">" {
            advance()
            advance()
            return .arrow
        }
        if peek() == "." && peek(1) == "." && peek(2) == "." {
            advance()
            advance()
            advance()
            return .ellipsis
        }
        if peek() == "=" && peek(1) == "=" {
            advance()
            advance()
            if peek() == "=" { advance() }
            return .operator
        }
        if let first = peek(), Self.splitOperators.contains(first) {
            advance()
            return .punctuation
        }
        while let next = peek(), Self.operatorCharacters.contains(next), !Self.splitOperators.contains(next) {
            advance()
        }
        return .operator
    }

    /// Lexes a string literal whose opening `#`s have been consumed; the
    /// cursor is on the first quote.
    private mutating func lexString(hashes: Int) {
        let start = location
        let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        let quotes = multiline ? 3 : 1
        for _ in 0..<quotes { advance() }
        while let character = peek() {
            if character == "\\" && isHashes(hashes, at: index + 1) {
                for _ in 0...hashes { advance() }
                if peek() == "(" {
                    advance()
                    skipInterpolation()
                } else {
                    advance()
                }
            } else if character == "\"" && (0..<quotes).allSatisfy({ peek($0) == "\"" })
                && isHashes(hashes, at: index + quotes)
            {
                for _ in 0..<(quotes + hashes) { advance() }
                return
            } else if character.isNewline && !multiline {
                break
            } else {
                advance()
            }
        }
        diagnostics.append(Diagnostic(.error, at: start, "unterminated string literal"))
    }

    /// Lexes `#/.../#` (any number of `#`), which may span lines.
    private mutating func lexExtendedRegex(hashes: Int) {
        let start = location
        for _ in 0..<(hashes + 1) { advance() }
        while let character = peek() {
            if character == "\\" {
                advance()
                advance()
            } else if character == "/" && isHashes(hashes, at: index + 1) {
                for _ in 0..<(hashes + 1) { advance() }
                return
            } else {
                advance()
            }
        }
        diagnostics.append(Diagnostic(.error, at: start, "unterminated regex literal"))
    }

    /// The length of a bare `/.../` regex literal starting at the cursor,
    /// or `nil` when the slash is an operator.
    ///
    /// Like the compiler, a bare regex may not start with a space or end
    /// the line, and it must follow something that cannot end an
    /// expression (an operator, an opening bracket, a comma, a keyword).
    private func bareRegexLength() -> Int? {
        guard let next = peek(1), !next.isWhitespace, next != "/", next != "*", next != "=" else { return nil }
        if let previous = tokens.last {
            let expressionEnds: Set<Token.Kind> = [.identifier, .number, .string]
            let closes = [")", "]", "}", "?", "!", ">"]
            let keywords: Set<String> = ["return", "case", "in", "where", "if", "guard", "while", "try", "await"]
            if expressionEnds.contains(previous.kind) && !keywords.contains(previous.text) { return nil }
            if previous.kind == .punctuation && closes.contains(previous.text) { return nil }
        }
        var offset = 1
        while let character = peek(offset), !character.isNewline {
            if character == "\\" {
                offset += 2
                continue
            }
            if character == "/" {
                return peek(offset - 1) == " " ? nil : offset + 1
            }
            offset += 1
        }
        return nil
    }

    private func isHashes(_ count: Int, at position: Int) -> Bool {
        (0..<count).allSatisfy { position + $0 < characters.count && characters[position + $0] == "#" }
    }

    /// Skips an interpolation's expression up to its closing parenthesis,
    /// strings and comments inside it included.
    private mutating func skipInterpolation() {
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        guard interpolationDepth <= Self.maximumInterpolationDepth else {
            diagnostics.append(Diagnostic(.error, at: location, "string interpolations are nested too deeply"))
            while peek() != nil { advance() }
            return
        }
        var depth = 1
        while let character = peek() {
            switch character {
            case "(":
                depth += 1
                advance()
            case ")":
                depth -= 1
                advance()
                if depth == 0 { return }
            case "\"":
                lexString(hashes: 0)
            case "#" where peek(1) == "\"" || peek(1) == "#":
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                if peek(hashes) == "\"" {
                    for _ in 0..<hashes { advance() }
                    lexString(hashes: hashes)
                } else {
                    for _ in 0..<hashes { advance() }
                }
            case "/" where peek(1) == "*":
                skipBlockComment()
            default:
                advance()
            }
        }
    }
}
