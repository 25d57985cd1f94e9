/// The protocol declaration and its body.
extension Parser {
    /// Parses a protocol; the cursor is on `protocol`.
    mutating func parseProtocol(attributes: [String], accessLevel: String?) throws(ParseError) -> ProtocolDeclaration {
        let keyword = current
        advance()
        let nameToken = current
        var declaration = ProtocolDeclaration(
            name: try expectIdentifier("a protocol name"),
            accessLevel: accessLevel,
            attributes: attributes,
            location: nameToken.location
        )
        if let objc = attributes.first(where: { $0.hasPrefix("@objc") }) {
            declaration.unsupported.append(
                Diagnostic(
                    .error,
                    at: keyword.location,
                    "\(objc) protocols are not supported: Objective-C protocols need an NSObject conformer"
                )
            )
        }
        if consume("<") {
            repeat {
                declaration.primaryAssociatedTypes.append(try expectIdentifier("a primary associated type name"))
            } while consume(",")
            try expect(">", "to close the primary associated types")
        }
        if consume(":") {
            repeat {
                let start = current.location
                for name in try parseType().text.splitting(on: " & ") {
                    declaration.inherited.append(.init(name: name, location: start))
                }
            } while consume(",")
        }
        if consumeKeyword("where") {
            declaration.whereClause = try parseWhereRequirements()
        }
        try expect("{", "to open the body of protocol '\(declaration.name)'")
        try parseProtocolBody(into: &declaration)
        return declaration
    }

    static let memberModifiers: Set<String> = [
        "static", "class", "mutating", "nonmutating", "nonisolated", "optional", "prefix", "postfix", "infix",
        "final", "override", "required", "convenience", "dynamic", "__consuming", "consuming", "borrowing",
        "public", "internal", "private", "fileprivate", "package", "open",
    ]

    static let nestedTypeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]

    /// Parses members up to and including the closing brace.
    private mutating func parseProtocolBody(into declaration: inout ProtocolDeclaration) throws(ParseError) {
        var conditions = ConditionStack()
        var attributes: [String] = []
        var modifiers: Set<String> = []
        var isolationModifier: String?
        while !current.is("}") {
            let token = current
            if token.kind == .end {
                throw error("expected '}' to close protocol '\(declaration.name)'")
            } else if token.is(";") {
                advance()
            } else if token.kind == .pound && ConditionStack.directives.contains(token.text) {
                if token.text == "#if" {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            at: token.location,
                            DoublesGen.conditionalRequirementsWarning
                        )
                    )
                }
                try parseDirective(&conditions)
            } else if token.is("@") {
                attributes.append(parseAttribute())
            } else if token.kind == .identifier && Self.nestedTypeKeywords.contains(token.text)
                && peek().kind == .identifier
            {
                diagnostics.append(
                    Diagnostic(.note, at: token.location, "nested \(token.text) '\(peek().text)' skipped")
                )
                while !current.is("{") && current.kind != .end { advance() }
                skipBalanced()
                attributes = []
                modifiers = []
                isolationModifier = nil
            } else if token.kind == .identifier && Self.memberModifiers.contains(token.text) {
                modifiers.insert(token.text)
                advance()
                if current.is("(") && !current.hasLeadingSpace {
                    // `nonisolated(nonsending)`, `private(set)`: kept as written.
                    let start = position
                    skipBalanced()
                    if token.text == "nonisolated" {
                        isolationModifier = "nonisolated" + Self.render(tokens[start..<position])
                    }
                } else if token.text == "nonisolated" {
                    isolationModifier = "nonisolated"
                }
            } else if token.isKeyword("typealias") {
                let name = try parseTypeAlias()
                diagnostics.append(
                    Diagnostic(.note, at: token.location, "type alias '\(name)' is not a requirement; skipped")
                )
                attributes = []
                modifiers = []
                isolationModifier = nil
            } else if token.isKeyword("associatedtype") {
                declaration.associatedTypes.append(try parseAssociatedType())
                attributes = []
                modifiers = []
                isolationModifier = nil
            } else if token.isKeyword("func") || token.isKeyword("var") || token.isKeyword("subscript")
                || token.isKeyword("init")
            {
                if let objc = attributes.first(where: { $0.hasPrefix("@objc") }) {
                    declaration.unsupported.append(
                        Diagnostic(.error, at: token.location, "\(objc) requirements are not supported")
                    )
                }
                if modifiers.contains("optional") {
                    declaration.unsupported.append(
                        Diagnostic(.error, at: token.location, "'optional' requirements are not supported")
                    )
                }
                var requirement = try parseRequirement(
                    isStatic: modifiers.contains("static") || modifiers.contains("class"))
                requirement.attributes = attributes
                requirement.isolationModifier = isolationModifier
                requirement.conditions = conditions.current
                declaration.requirements.append(requirement)
                attributes = []
                modifiers = []
                isolationModifier = nil
            } else if token.isKeyword("let") {
                throw error("protocols cannot require 'let' properties; use 'var' with '{ get }'")
            } else {
                throw error("unsupported declaration in protocol '\(declaration.name)': \(describe(token))")
            }
        }
        if let open = conditions.openDirective {
            throw ParseError(diagnostic: Diagnostic(.error, at: open, "'#if' without '#endif' in protocol body"))
        }
        advance()
    }

    private mutating func parseAssociatedType() throws(ParseError) -> ProtocolDeclaration.AssociatedType {
        let keyword = current
        advance()
        var associatedType = ProtocolDeclaration.AssociatedType(
            name: try expectIdentifier("an associated type name"),
            location: keyword.location
        )
        if consume(":") {
            var constraints: [String] = []
            repeat { constraints.append(try parseType().text) } while consume(",")
            associatedType.constraint = constraints.joined(separator: " & ")
        }
        if consume("=") { associatedType.defaultType = try parseType().text }
        if consumeKeyword("where") { associatedType.whereClause = try parseWhereRequirements() }
        return associatedType
    }

    private mutating func parseRequirement(isStatic: Bool) throws(ParseError) -> Requirement {
        let keyword = current
        advance()
        var requirement: Requirement
        switch keyword.text {
        case "func":
            let name = try parseFunctionName()
            let generics = try parseGenericParameterClause()
            let parameters = try parseParameters(labelsByDefault: true)
            let effects = try parseEffects()
            let result = consume("->") ? try parseType() : nil
            requirement = Requirement(
                kind: .method(name: name, generics: generics, parameters: parameters, effects: effects, result: result),
                location: keyword.location
            )
        case "var":
            let name = try expectIdentifier("a property name")
            try expect(":", "after the property name")
            let type = try parseType()
            try expect("{", "to open the accessors of property '\(name)'")
            let (isSettable, effects) = try parseAccessors()
            requirement = Requirement(
                kind: .property(name: name, type: type, isSettable: isSettable, getterEffects: effects),
                location: keyword.location
            )
        case "subscript":
            let generics = try parseGenericParameterClause()
            let parameters = try parseParameters(labelsByDefault: false)
            try expect("->", "after the subscript parameters")
            let result = try parseType()
            var whereClause: String?
            if consumeKeyword("where") { whereClause = try parseWhereRequirements() }
            try expect("{", "to open the subscript accessors")
            let (isSettable, effects) = try parseAccessors()
            requirement = Requirement(
                kind: .subscript(
                    generics: generics,
                    parameters: parameters,
                    result: result,
                    isSettable: isSettable,
                    getterEffects: effects
                ),
                location: keyword.location
            )
            requirement.whereClause = whereClause
            requirement.isStatic = isStatic
            return requirement
        default:
            var failability = ""
            if (current.is("?") || current.is("!")) && !current.hasLeadingSpace {
                failability = current.text
                advance()
            }
            let generics = try parseGenericParameterClause()
            let parameters = try parseParameters(labelsByDefault: true)
            let effects = try parseEffects()
            requirement = Requirement(
                kind: .initializer(
                    failability: failability, generics: generics, parameters: parameters, effects: effects),
                location: keyword.location
            )
        }
        requirement.isStatic = isStatic
        if consumeKeyword("where") { requirement.whereClause = try parseWhereRequirements() }
        if current.is("{") {
            throw error("a protocol requirement cannot have a body")
        }
        return requirement
    }

    /// Parses a method name: an identifier or an operator.
    private mutating func parseFunctionName() throws(ParseError) -> String {
        if current.kind == .identifier {
            defer { advance() }
            return current.text
        }
        var name = ""
        while current.kind == .operator || current.kind == .punctuation || current.kind == .ellipsis
            || current.kind == .arrow,
            !current.is("("), !current.is("{"), !current.is(")"), name.isEmpty || !current.hasLeadingSpace
        {
            name += current.text
            advance()
        }
        guard !name.isEmpty else { throw error("expected a function name, found \(describe(current))") }
        return name
    }

    /// Parses a parenthesized parameter list.
    ///
    /// - Parameter labelsByDefault: Whether a single name is also the
    ///   argument label (methods and initializers) or not (subscripts).
    private mutating func parseParameters(labelsByDefault: Bool) throws(ParseError) -> [Parameter] {
        try expect("(", "to open the parameter list")
        var parameters: [Parameter] = []
        while !current.is(")") {
            let start = current
            // Declaration attributes of the parameter itself (`@_inheritActorContext`,
            // `@_implicitSelfCapture`), written before its names; a type's attributes follow the ':'.
            var attributes: [String] = []
            while current.is("@") { attributes.append(parseAttribute()) }
            let first = try expectIdentifier("a parameter name")
            var second: String?
            if current.kind == .identifier { second = try expectIdentifier("a parameter name") }
            try expect(":", "after parameter name '\(second ?? first)'")
            let type = try parseType()
            var isVariadic = false
            if current.kind == .ellipsis {
                isVariadic = true
                advance()
            }
            if current.is("=") {
                throw error("default arguments are not allowed in protocol requirements")
            }
            let label: String?
            if second != nil {
                label = first == "_" ? nil : first
            } else {
                label = labelsByDefault && first != "_" ? first : nil
            }
            parameters.append(
                Parameter(
                    firstName: first,
                    secondName: second,
                    label: label,
                    type: type,
                    isVariadic: isVariadic,
                    attributes: attributes,
                    location: start.location
                )
            )
            if !consume(",") { break }
        }
        try expect(")", "to close the parameter list")
        return parameters
    }

    /// Parses accessor requirements after `{`, through `}`.
    private mutating func parseAccessors() throws(ParseError) -> (isSettable: Bool, getterEffects: Effects) {
        var hasGetter = false
        var isSettable = false
        var effects = Effects()
        while !current.is("}") {
            if current.isKeyword("mutating") || current.isKeyword("nonmutating") || current.is("@") {
                if current.is("@") { _ = parseAttribute() } else { advance() }
                continue
            }
            if consumeKeyword("get") {
                hasGetter = true
                effects = try parseEffects()
            } else if consumeKeyword("set") {
                isSettable = true
            } else {
                throw error("unsupported accessor requirement \(describe(current)); expected 'get' or 'set'")
            }
        }
        advance()
        guard hasGetter else { throw error("an accessor requirement needs 'get'") }
        if isSettable && (effects.isAsync || effects.throwing != .none) {
            throw error("a settable property or subscript cannot have an effectful getter")
        }
        return (isSettable, effects)
    }
}
