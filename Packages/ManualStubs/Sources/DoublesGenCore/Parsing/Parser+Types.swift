/// Types, generic clauses and `where` clauses, each returned in canonical
/// spelling so that equal types written differently compare equal.
extension Parser {
    static let typeSpecifiers: Set<String> = [
        "inout", "borrowing", "consuming", "__owned", "__shared", "sending", "isolated",
    ]

    /// Parses a type, with any attributes and ownership specifiers.
    mutating func parseType() throws(ParseError) -> TypeSyntax {
        typeDepth += 1
        defer { typeDepth -= 1 }
        guard typeDepth <= Self.maximumTypeDepth else { throw error("type is nested too deeply") }
        var prefix: [String] = []
        var result = TypeSyntax(text: "")
        while current.is("@") {
            let attribute = parseAttribute()
            if attribute == "@escaping" { result.isEscaping = true }
            if attribute == "@autoclosure" { result.isAutoclosure = true }
            prefix.append(attribute)
        }
        while current.kind == .identifier && Self.typeSpecifiers.contains(current.text)
            && (peek().kind == .identifier || peek().is("(") || peek().is("[") || peek().is("@"))
        {
            if current.text == "inout" { result.isInout = true }
            prefix.append(current.text)
            advance()
        }
        let (body, isFunction) = try parseFunctionOrComposition()
        result.isFunction = isFunction
        result.text = (prefix + [body]).joined(separator: " ")
        return result
    }

    private mutating func parseFunctionOrComposition() throws(ParseError) -> (String, Bool) {
        var parts = [try parsePostfixType()]
        while consume("&") { parts.append(try parsePostfixType()) }
        let text = parts.joined(separator: " & ")
        guard parts.count == 1, current.isKeyword("async") || current.isKeyword("throws") || current.is("->") else {
            return (text, false)
        }
        let effects = try parseEffects()
        try expect("->", "in function type")
        let resultType = try parseType()
        return ("\(text)\(effects.text) -> \(resultType.text)", true)
    }

    /// Parses `async`, `throws`, `throws(E)` and `rethrows`, in that order.
    mutating func parseEffects() throws(ParseError) -> Effects {
        var effects = Effects()
        if consumeKeyword("async") { effects.isAsync = true }
        if current.isKeyword("reasync") { throw error("'reasync' is not supported") }
        if consumeKeyword("throws") {
            if current.is("(") && !current.hasLeadingSpace {
                advance()
                effects.throwing = .typed(try parseType().text)
                try expect(")", "after the thrown error type")
            } else {
                effects.throwing = .untyped
            }
        } else if consumeKeyword("rethrows") {
            effects.throwing = .rethrows
        }
        if current.isKeyword("async") {
            throw error("'async' must come before 'throws'")
        }
        return effects
    }

    private static let typePrefixes: Set<String> = ["some", "any", "each", "repeat"]

    private mutating func parsePostfixType() throws(ParseError) -> String {
        var text = ""
        while current.kind == .identifier && Self.typePrefixes.contains(current.text)
            && (peek().kind == .identifier || peek().is("(") || peek().is("["))
        {
            text += current.text + " "
            advance()
        }
        if current.kind == .operator && current.text == "~" {
            text = "~"
            advance()
        }
        text += try parsePrimaryType()
        while true {
            if (current.is("?") || current.is("!")) && !current.hasLeadingSpace {
                text += current.text
                advance()
            } else if current.is(".") && peek().kind == .identifier {
                advance()
                text += "." + current.text
                advance()
                text += try parseGenericArgumentsIfPresent()
            } else {
                return text
            }
        }
    }

    private mutating func parsePrimaryType() throws(ParseError) -> String {
        if consume("(") {
            var elements: [String] = []
            while !current.is(")") {
                elements.append(try parseTupleElement())
                if !consume(",") { break }
            }
            try expect(")", "to close the tuple or parameter list")
            return "(\(elements.joined(separator: ", ")))"
        }
        if consume("[") {
            let key = try parseType().text
            if consume(":") {
                let value = try parseType().text
                try expect("]", "to close the dictionary type")
                return "[\(key): \(value)]"
            }
            try expect("]", "to close the array type")
            return "[\(key)]"
        }
        guard current.kind == .identifier else {
            throw error("expected a type, found \(describe(current))")
        }
        var text = current.text
        advance()
        text += try parseGenericArgumentsIfPresent()
        return text
    }

    private mutating func parseGenericArgumentsIfPresent() throws(ParseError) -> String {
        guard current.is("<") && !current.hasLeadingSpace else { return "" }
        advance()
        var arguments: [String] = []
        while !current.is(">") {
            arguments.append(try parseType().text)
            if !consume(",") { break }
        }
        try expect(">", "to close the generic arguments")
        return "<\(arguments.joined(separator: ", "))>"
    }

    private mutating func parseTupleElement() throws(ParseError) -> String {
        var label = ""
        if current.kind == .identifier && peek().is(":") {
            label = "\(current.text): "
            advance()
            advance()
        } else if current.kind == .identifier && peek().kind == .identifier && peek(2).is(":") {
            label = "\(current.text) \(peek().text): "
            advance()
            advance()
            advance()
        }
        var type = try parseType().text
        if current.kind == .ellipsis {
            type += "..."
            advance()
        }
        return label + type
    }

    /// Parses `<T, U: P, each V>` when present, returning it as written
    /// canonically, or the empty string.
    mutating func parseGenericParameterClause() throws(ParseError) -> String {
        guard consume("<") else { return "" }
        var parameters: [String] = []
        while !current.is(">") {
            var parameter = ""
            if current.isKeyword("each") {
                parameter = "each "
                advance()
            }
            if current.isKeyword("let") { throw error("value generic parameters are not supported") }
            parameter += try expectIdentifier("a generic parameter name")
            if consume(":") { parameter += ": " + (try parseType().text) }
            parameters.append(parameter)
            if !consume(",") { break }
        }
        try expect(">", "to close the generic parameter list")
        return "<\(parameters.joined(separator: ", "))>"
    }

    /// Parses the requirements after `where` (the cursor is past the
    /// keyword): `T: P`, `T == U`, separated by commas.
    mutating func parseWhereRequirements() throws(ParseError) -> String {
        var requirements: [String] = []
        repeat {
            let subject = try parseType().text
            if consume(":") {
                requirements.append("\(subject): \(try parseType().text)")
            } else if current.kind == .operator && current.text == "==" {
                advance()
                requirements.append("\(subject) == \(try parseType().text)")
            } else {
                throw error("expected ':' or '==' in the where clause, found \(describe(current))")
            }
        } while consume(",")
        return requirements.joined(separator: ", ")
    }
}
