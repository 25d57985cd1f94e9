/// Reads protocol declarations out of Swift source.
///
/// The parser walks the whole file but only looks closely at top-level
/// `protocol` declarations: everything else is skipped by matching braces,
/// which the lexer has already freed of comments and strings. A protocol it
/// cannot read exactly is reported with its location and left out.
public struct Parser {
    var tokens: [Token]
    var position = 0
    var diagnostics: [Diagnostic] = []
    /// Names of type aliases for function types seen so far.
    var functionTypeAliases: Set<String> = []
    /// Names of the classes declared at the top level so far.
    var classNames: Set<String> = []
    /// Names of the structs and enums declared `~Copyable` so far, at any depth.
    var noncopyableTypeNames: Set<String> = []
    /// Protocols declared inside a type or an extension (see ``ParsedFile/nestedProtocolNames``).
    var nestedProtocolNames: Set<String> = []
    /// How many types enclose the one being parsed.
    var typeDepth = 0
    /// Types nested deeper than this are refused rather than risking the stack.
    static let maximumTypeDepth = 64

    /// Parses one file.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: The name diagnostics use.
    /// - Returns: The protocols declared at the top level, and diagnostics.
    public static func parse(_ source: String, file: String) -> ParsedFile {
        let (tokens, lexerDiagnostics) = Lexer.tokenize(source, file: file)
        guard lexerDiagnostics.isEmpty else {
            return ParsedFile(file: file, protocols: [], diagnostics: lexerDiagnostics)
        }
        var parser = Parser(tokens: tokens)
        let protocols = parser.parseFile()
        return ParsedFile(
            file: file,
            protocols: protocols,
            diagnostics: parser.diagnostics,
            functionTypeAliases: parser.functionTypeAliases,
            classNames: parser.classNames,
            noncopyableTypeNames: parser.noncopyableTypeNames,
            nestedProtocolNames: parser.nestedProtocolNames
        )
    }

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    // MARK: - Cursor

    var current: Token { tokens[position] }

    func peek(_ offset: Int = 1) -> Token { tokens[min(position + offset, tokens.count - 1)] }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    mutating func consume(_ punctuation: String) -> Bool {
        guard current.is(punctuation) else { return false }
        advance()
        return true
    }

    mutating func consumeKeyword(_ word: String) -> Bool {
        guard current.isKeyword(word) else { return false }
        advance()
        return true
    }

    func error(_ message: String, at token: Token? = nil) -> ParseError {
        ParseError(diagnostic: Diagnostic(.error, at: (token ?? current).location, message))
    }

    mutating func expect(_ punctuation: String, _ context: String) throws(ParseError) {
        guard consume(punctuation) else {
            throw error("expected '\(punctuation)' \(context), found \(describe(current))")
        }
    }

    mutating func expectIdentifier(_ context: String) throws(ParseError) -> String {
        guard current.kind == .identifier else {
            throw error("expected \(context), found \(describe(current))")
        }
        defer { advance() }
        return current.text
    }

    func describe(_ token: Token) -> String {
        token.kind == .end ? "end of file" : "'\(token.text)'"
    }

    /// Skips a balanced group that opens at the cursor (`(`, `[`, `{` or
    /// `<`), leaving the cursor after its closing token.
    mutating func skipBalanced() {
        let pairs: [String: String] = ["(": ")", "[": "]", "{": "}", "<": ">"]
        guard let close = pairs[current.text], current.kind == .punctuation else {
            advance()
            return
        }
        let open = current.text
        var depth = 0
        while current.kind != .end {
            if current.is(open) {
                depth += 1
            } else if current.is(close) {
                depth -= 1
                if depth == 0 {
                    advance()
                    return
                }
            }
            advance()
        }
    }

    /// Joins tokens as written, one space wherever the source had any.
    static func render(_ tokens: ArraySlice<Token>) -> String {
        var text = ""
        for token in tokens {
            if !text.isEmpty && token.hasLeadingSpace { text += " " }
            text += token.text
        }
        return text
    }

    // MARK: - File level

    static let accessLevels: Set<String> = ["public", "internal", "private", "fileprivate", "package", "open"]

    mutating func parseFile() -> [ProtocolDeclaration] {
        var protocols: [ProtocolDeclaration] = []
        var depth = 0
        var conditions = ConditionStack()
        var attributes: [String] = []
        var accessLevel: String?
        while current.kind != .end {
            let token = current
            if token.is("{") {
                depth += 1
                attributes = []
                accessLevel = nil
                advance()
            } else if token.is("}") {
                depth = max(0, depth - 1)
                advance()
            } else if depth == 0 && token.kind == .pound && ConditionStack.directives.contains(token.text) {
                do throws(ParseError) {
                    try parseDirective(&conditions)
                } catch {
                    diagnostics.append(error.diagnostic)
                }
            } else if depth == 0 && token.is("@") {
                attributes.append(parseAttribute())
            } else if depth == 0 && token.kind == .identifier && Self.accessLevels.contains(token.text) {
                accessLevel = token.text
                advance()
                if current.is("(") { skipBalanced() }  // private(set)
            } else if depth == 0 && token.isKeyword("typealias") {
                // Only remembered: a closure alias changes how a parameter is forwarded.
                do throws(ParseError) {
                    try parseTypeAlias()
                } catch {}
                attributes = []
                accessLevel = nil
            } else if depth == 0 && token.isKeyword("protocol") && (position == 0 || !tokens[position - 1].is(".")) {
                let start = position
                do throws(ParseError) {
                    var declaration = try parseProtocol(attributes: attributes, accessLevel: accessLevel)
                    declaration.conditions = conditions.current
                    protocols.append(declaration)
                } catch {
                    diagnostics.append(error.diagnostic)
                    recoverAfterProtocol(from: start)
                }
                attributes = []
                accessLevel = nil
            } else {
                if depth == 0 && token.isKeyword("class") && peek().kind == .identifier
                    && (position == 0 || !tokens[position - 1].is("."))
                {
                    classNames.insert(peek().text)
                }
                if (token.isKeyword("struct") || token.isKeyword("enum")) && peek().kind == .identifier
                    && (position == 0 || !tokens[position - 1].is(".")) && suppressesCopyable(nameAt: position + 1)
                {
                    noncopyableTypeNames.insert(peek().text)
                }
                if depth > 0 && token.isKeyword("protocol") && peek().kind == .identifier
                    && (position == 0 || !tokens[position - 1].is("."))
                {
                    nestedProtocolNames.insert(peek().text)
                    diagnostics.append(
                        Diagnostic(
                            .note,
                            at: peek().location,
                            "nested protocol '\(peek().text)' skipped: \(Self.nestedProtocolFix)"
                        )
                    )
                }
                if token.kind != .identifier || !Self.declarationModifiers.contains(token.text) {
                    attributes = []
                    accessLevel = nil
                }
                advance()
            }
        }
        if let open = conditions.openDirective {
            diagnostics.append(Diagnostic(.error, at: open, "'#if' without '#endif'"))
        }
        return protocols
    }

    /// What a user can do about a protocol declared inside a type or an extension.
    static let nestedProtocolFix =
        "doubles-gen generates top-level protocols only; a runtime Stub<any Outer.Name> serves it, "
        + "or write its ManualStub conformer by hand"

    static let declarationModifiers: Set<String> = ["final", "nonisolated", "indirect", "dynamic", "nonmutating"]

    /// Skips the rest of a protocol that failed to parse: to the end of its
    /// body when it has one.
    mutating func recoverAfterProtocol(from start: Int) {
        position = start
        while current.kind != .end && !current.is("{") && !current.is("}") {
            advance()
            if current.isKeyword("protocol") && peek().kind == .identifier { return }
        }
        if current.is("{") { skipBalanced() }
    }

    /// Parses `typealias Name<G> = Type` at `typealias`, remembering the
    /// name when the type is a function type.
    ///
    /// - Returns: The alias name.
    @discardableResult
    mutating func parseTypeAlias() throws(ParseError) -> String {
        advance()
        let name = try expectIdentifier("a type alias name")
        _ = try parseGenericParameterClause()
        try expect("=", "in the type alias")
        if try parseType().isFunction { functionTypeAliases.insert(name) }
        return name
    }

    /// Parses an attribute at `@`, returning it as written.
    mutating func parseAttribute() -> String {
        let start = position
        advance()
        if current.kind == .identifier { advance() }
        while current.is(".") && peek().kind == .identifier {
            advance()
            advance()
        }
        if current.is("(") && !current.hasLeadingSpace { skipBalanced() }
        var text = "@"
        text += Self.render(tokens[(start + 1)..<position])
        return text
    }

    /// Parses `#if`, `#elseif`, `#else` or `#endif` with its condition.
    mutating func parseDirective(_ conditions: inout ConditionStack) throws(ParseError) {
        let directive = current
        advance()
        var condition: String?
        if directive.text == "#if" || directive.text == "#elseif" {
            let start = position
            while current.kind != .end && !current.startsLine { advance() }
            guard position > start else { throw error("expected a condition after '\(directive.text)'", at: directive) }
            condition = Self.render(tokens[start..<position])
        }
        switch directive.text {
        case "#if": conditions.push(condition!, at: directive.location)
        case "#elseif":
            guard conditions.elseIf(condition!) else { throw error("'#elseif' without '#if'", at: directive) }
        case "#else":
            guard conditions.else() else { throw error("'#else' without '#if'", at: directive) }
        default:
            guard conditions.pop() else { throw error("'#endif' without '#if'", at: directive) }
        }
    }
}
