import DoublesGenCore
import SwiftSyntax

/// A `@StubbableClient` struct read into a ``ClientDeclaration``, with the
/// shapes its wiring cannot serve.
///
/// A stored field is an endpoint when its type is a function type written
/// inline, a non-generic closure alias declared inside the struct, or any
/// type listed by name in `aliasedEndpoints:` (an alias declared elsewhere,
/// which syntax alone cannot tell from a configuration value). An immutable
/// closure field with an initial value keeps it. Other fields without an
/// initial value become parameters of `preset(...)`; fields with one keep it.
struct ClientReading {
    /// Something the wiring cannot serve, and where it is written.
    struct Problem {
        var node: Syntax
        var message: StubbableMessage
    }

    private(set) var client: ClientDeclaration
    private(set) var problems: [Problem] = []

    init(_ declaration: StructDeclSyntax, attribute: AttributeSyntax, typeName: String) {
        let name = declaration.name.text
        client = ClientDeclaration(typeName: typeName, simpleName: name, fields: [])
        client.accessLevel = declaration.modifiers.lazy.map(\.name.text)
            .first { ["public", "package", "fileprivate", "private"].contains($0) }
        for parameter in declaration.genericParameterClause?.parameters ?? [] {
            let written = parameter.with(\.trailingComma, nil).trimmedDescription
            if written.hasPrefix("each ") || written.hasPrefix("let ") {
                let kind = written.hasPrefix("each ") ? "parameter pack" : "value generic parameter"
                problem(
                    at: parameter,
                    .unsupportedClient(
                        "'\(name)' has the \(kind) '\(written)', which the generated '\(name)Doubles' namespace "
                            + "cannot restate; write its ClientDoublePreset by hand with ClientStubEndpoints"))
            }
            client.genericParameters.append(written)
            client.genericArgumentNames.append(parameter.name.text)
        }
        client.whereClause = declaration.genericWhereClause?.requirements.trimmedDescription
        client.isGlobalActorIsolated = declaration.attributes.contains {
            ProtocolGraph.isGlobalActor($0.trimmedDescription)
        }

        let aliased = aliasedFields(of: attribute)
        let closureAliases = Dictionary(
            declaration.memberBlock.members.compactMap { member -> (String, SwiftSyntax.TypeSyntax)? in
                guard let alias = member.decl.as(TypeAliasDeclSyntax.self), alias.genericParameterClause == nil,
                    Self.functionType(in: alias.initializer.value) != nil
                else { return nil }
                return (alias.name.text, alias.initializer.value)
            }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        for (variable, conditions) in Self.storedVariables(in: declaration.memberBlock.members) {
            let modifiers = Set(variable.modifiers.map(\.name.text))
            guard modifiers.isDisjoint(with: ["static", "class", "lazy"]) else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard Self.isStored(binding) else { continue }
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    problem(
                        at: binding,
                        .unsupportedClient(
                            "'\(name)' declares '\(binding.pattern.trimmedDescription)' by destructuring; "
                                + "declare each field on its own so the wiring can set it"))
                    continue
                }
                let fieldName = pattern.identifier.text
                let plainName = fieldName.filter { $0 != "`" }
                seen.insert(plainName)
                // `var a, b: T`: the type written after the last name applies to all.
                let type = bindings[index...].lazy.compactMap(\.typeAnnotation).first?.type
                let hasValue =
                    binding.initializer != nil || (!isLet && type.map(Self.isOptional) == true)
                guard let type else {
                    if !hasValue {
                        problem(
                            at: binding,
                            .unsupportedClient("field '\(fieldName)' of '\(name)' has no written type; write it"))
                    }
                    continue
                }
                let closure: SwiftSyntax.TypeSyntax?
                if let function = Self.functionType(in: type) {
                    closure = function
                } else if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil,
                    let aliasValue = closureAliases[identifier.name.text]
                {
                    closure = Self.functionType(in: aliasValue)
                } else {
                    closure = nil
                }
                if closure != nil || aliased.names.contains(plainName) {
                    if isLet && hasValue { continue }
                    if let closure { check(closure, of: fieldName, in: name, at: binding) }
                    if let closure, client.isGlobalActorIsolated, !Self.isSendable(closure) {
                        problem(
                            at: binding,
                            .unsupportedClient(
                                "closure field '\(fieldName)' of '\(name)' is not @Sendable, so under the client's "
                                    + "global actor only that actor may set it, and the preset's wiring runs on "
                                    + "any; mark the closure type @Sendable, or wire this client's "
                                    + "ClientDoublePreset by hand"))
                    }
                    client.fields.append(
                        ClientField(
                            name: fieldName, role: .endpoint(closureType: type.trimmedDescription),
                            conditions: conditions))
                } else if !hasValue {
                    if !conditions.isEmpty {
                        problem(
                            at: binding,
                            .unsupportedClient(
                                "field '\(fieldName)' of '\(name)' is inside '#if' and has no initial value, so "
                                    + "'preset(...)' cannot take it as a parameter in every build; give it an "
                                    + "initial value or declare it outside the '#if'"))
                    }
                    client.fields.append(ClientField(name: fieldName, role: .input(type: type.trimmedDescription)))
                }
            }
        }
        for (field, node) in aliased.written where !seen.contains(field) {
            problem(
                at: node,
                .aliasedEndpoint(
                    "'\(name)' has no stored field named '\(field)'; list the names of fields whose type is a "
                        + "closure alias declared elsewhere"))
        }
    }

    private mutating func problem(at node: some SyntaxProtocol, _ message: StubbableMessage) {
        problems.append(Problem(node: Syntax(node), message: message))
    }

    /// The field names listed in `aliasedEndpoints:`, each with where it is written.
    private mutating func aliasedFields(
        of attribute: AttributeSyntax
    ) -> (
        written: [(String, Syntax)], names: Set<String>
    ) {
        var written: [(String, Syntax)] = []
        guard case .argumentList(let arguments) = attribute.arguments else { return ([], []) }
        for argument in arguments {
            guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self)
            else {
                problem(
                    at: argument.expression,
                    .aliasedEndpoint(
                        "aliasedEndpoints takes field names as string literals, such as \"record\"; "
                            + "'\(argument.expression.trimmedDescription)' is not one"))
                continue
            }
            written.append((segment.content.text, Syntax(argument.expression)))
        }
        return (written, Set(written.map(\.0)))
    }

    /// The variables declared among `members`, those inside `#if` with the
    /// conditions under which each is compiled.
    static func storedVariables(
        in members: MemberBlockItemListSyntax, under conditions: Conditions = Conditions()
    ) -> [(VariableDeclSyntax, Conditions)] {
        var variables: [(VariableDeclSyntax, Conditions)] = []
        for member in members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                variables.append((variable, conditions))
            } else if let block = member.decl.as(IfConfigDeclSyntax.self) {
                var earlier: [String] = []
                for clause in block.clauses {
                    let condition = clause.condition?.trimmedDescription
                    var branch = conditions
                    branch.clauses.append(Conditions.branch(condition, after: earlier))
                    if let condition { earlier.append(condition) }
                    guard case .decls(let inner) = clause.elements else { continue }
                    variables += storedVariables(in: inner, under: branch)
                }
            }
        }
        return variables
    }

    /// Diagnoses the parameters and isolation of a closure field that no endpoint can serve.
    private mutating func check(
        _ function: SwiftSyntax.TypeSyntax, of field: String, in client: String, at node: some SyntaxProtocol
    ) {
        var attributed = function.as(AttributedTypeSyntax.self)
        var isolation: String?
        while let current = attributed {
            for attribute in current.attributes {
                // `@concurrent` names no actor: the plain async endpoints take such a field (a Swift 6.2 module
                // built with NonisolatedNonsendingByDefault marks a field so to keep it off the caller's actor).
                let written = attribute.trimmedDescription
                if !["@Sendable", "@escaping", "@concurrent"].contains(written) { isolation = written }
            }
            attributed = current.baseType.as(AttributedTypeSyntax.self)
        }
        if let isolation {
            problem(
                at: node,
                .unsupportedClient(
                    "closure field '\(field)' of '\(client)' is marked '\(isolation)', and the generated wiring "
                        + "serves only closures without a global actor; wire this client's ClientDoublePreset by "
                        + "hand (ClientStubEndpoints.mainActorAsyncFunction serves @MainActor async fields)"))
        }
        guard let base = Self.bareFunctionType(function) else { return }
        if base.returnClause.type.trimmedDescription.hasPrefix("sending ") {
            problem(
                at: node,
                .unsupportedClient(
                    "closure field '\(field)' of '\(client)' returns '\(base.returnClause.type.trimmedDescription)', "
                        + "which an endpoint's answer cannot be; return the value without 'sending', or wire this "
                        + "client's ClientDoublePreset by hand"))
        }
        for parameter in base.parameters {
            let written = parameter.type.trimmedDescription
            if written.hasPrefix("inout ") {
                problem(
                    at: node,
                    .unsupportedClient(
                        "closure field '\(field)' of '\(client)' takes an inout parameter ('\(written)'), which an "
                            + "endpoint cannot record or write back; take the value and return the new one, or "
                            + "wire this client's ClientDoublePreset by hand"))
            } else if parameter.ellipsis != nil {
                problem(
                    at: node,
                    .unsupportedClient(
                        "closure field '\(field)' of '\(client)' takes a variadic parameter ('\(written)...'), "
                            + "which Swift cannot forward to another function; take an array instead, or double "
                            + "it with VariadicClosureDouble"))
            } else if written.hasPrefix("sending ") {
                problem(
                    at: node,
                    .unsupportedClient(
                        "closure field '\(field)' of '\(client)' takes a 'sending' parameter ('\(written)'), which "
                            + "the endpoint's parameter pack cannot carry (the compiler crashes on it); take the "
                            + "value without 'sending', or wire this client's ClientDoublePreset by hand"))
            } else if written.hasPrefix("repeat ") {
                problem(
                    at: node,
                    .unsupportedClient(
                        "closure field '\(field)' of '\(client)' takes a parameter pack ('\(written)'), which a "
                            + "stored closure of a concrete client cannot have; wire it by hand"))
            }
        }
    }

    /// The function type a field's type is, under attributes and parentheses; `nil` for any other type.
    static func functionType(in type: SwiftSyntax.TypeSyntax) -> SwiftSyntax.TypeSyntax? {
        bareFunctionType(type) == nil ? nil : type
    }

    /// The function type under attributes and parentheses.
    static func bareFunctionType(_ type: SwiftSyntax.TypeSyntax) -> FunctionTypeSyntax? {
        if let function = type.as(FunctionTypeSyntax.self) { return function }
        if let attributed = type.as(AttributedTypeSyntax.self) { return bareFunctionType(attributed.baseType) }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil
        {
            return bareFunctionType(only.type)
        }
        return nil
    }

    /// Whether a function type, under parentheses, is marked `@Sendable`.
    static func isSendable(_ type: SwiftSyntax.TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            let marked = attributed.attributes.contains { $0.trimmedDescription == "@Sendable" }
            return marked || isSendable(attributed.baseType)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return isSendable(only.type)
        }
        return false
    }

    /// `T?`, `T!` or `Optional<T>`: a `var` of such a type starts as `nil`.
    static func isOptional(_ type: SwiftSyntax.TypeSyntax) -> Bool {
        type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }

    /// A binding that stores a value: no accessors, or only observers.
    static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock else { return true }
        guard case .accessors(let list) = accessors.accessors else { return false }
        return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
}
