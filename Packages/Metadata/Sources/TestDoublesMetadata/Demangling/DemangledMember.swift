/// The member a requirement or class member symbol names: a method, an
/// initializer, or an accessor of a property or subscript, decoded to what
/// ``RequirementSymbol`` and ``ClassMemberSymbol`` both report.
///
/// Accessors become functions (see ``RequirementSymbol``'s discussion): a
/// getter takes the subscript indices and returns the value, a setter takes
/// the new value first, then the indices.
struct DemangledMember {
    /// The node of the type that declares the member.
    var context: DemangleNode
    /// The member's name as Swift spells a reference to it (`greet(_:times:)`,
    /// `count`, `subscript(_:)`, `init(name:)`).
    var name: String
    /// Method, initializer or accessor.
    var kind: RequirementKind
    /// Whether the member is a subscript.
    var isSubscript: Bool
    /// Whether the member is `static` (or `class`).
    var isStatic: Bool
    /// The member as a function type.
    var functionType: DemangledFunctionType

    /// Decodes the member entity of a symbol.
    ///
    /// - Parameters:
    ///   - entity: The symbol's entity node (possibly `static`, possibly an accessor).
    ///   - contextKind: The kind of declaration the member must be declared in.
    ///   - noun: How failures name the member ("requirement", "member").
    ///   - builder: The symbol's type builder.
    init(
        _ entity: DemangleNode, declaredIn contextKind: DemangleNode.Kind, noun: String,
        builder: DemangledTypeBuilder
    ) throws(DemanglingError) {
        var member = entity
        isStatic = false
        if member.kind == .static, let inner = member.firstChild {
            isStatic = true
            member = inner
        }
        let accessor = Self.accessor(member.kind)
        if accessor != nil {
            guard let storage = member.firstChild else { throw builder.failure("accessor without storage") }
            member = storage
        }
        guard let context = member.firstChild, context.kind == contextKind else {
            throw builder.failure("\(noun) not declared in a \(contextKind.rawValue.lowercased())")
        }
        self.context = context
        guard let typeNode = member.children.last(where: { $0.kind == .type }) else {
            throw builder.failure("\(noun) without a type")
        }
        let labelList = member.child(.labelList)
        switch member.kind {
        case .function, .allocator, .constructor:
            guard accessor == nil else { throw builder.failure("accessor of a function") }
            var function = try Self.function(typeNode, builder: builder)
            let labels = try Self.labels(labelList, count: function.parameters.count, builder: builder)
            for index in function.parameters.indices { function.parameters[index].label = labels[index] }
            if member.kind == .function {
                guard member.children.count > 1 else { throw builder.failure("function without a name") }
                let nameNode = member.children[1]
                guard let baseName = nameNode.text ?? (try? builder.declName(nameNode).0) else {
                    throw builder.failure("unsupported function name")
                }
                name = Self.spelled(baseName, labels: labels)
                kind = .method
            } else {
                name = Self.spelled("init", labels: labels)
                kind = .initializer
            }
            isSubscript = false
            functionType = function
        case .variable:
            guard let accessor else { throw builder.failure("property without an accessor") }
            guard member.children.count > 1, let baseName = try? builder.declName(member.children[1]).0 else {
                throw builder.failure("property without a name")
            }
            name = baseName
            kind = accessor
            isSubscript = false
            functionType = Self.accessorFunction(
                accessor, value: try builder.type(typeNode), indices: [], genericSignature: nil)
        case .subscript:
            guard let accessor else { throw builder.failure("subscript without an accessor") }
            let function = try Self.function(typeNode, builder: builder)
            var indices = function.parameters
            let labels = try Self.labels(labelList, count: indices.count, builder: builder)
            for index in indices.indices { indices[index].label = labels[index] }
            name = Self.spelled("subscript", labels: labels)
            kind = accessor
            isSubscript = true
            functionType = Self.accessorFunction(
                accessor, value: function.result, indices: indices, genericSignature: function.genericSignature)
        default:
            throw builder.failure("unsupported \(noun) entity \(member.kind.rawValue)")
        }
    }

    /// A member's name with its argument labels as Swift spells a reference
    /// to it: `greet(_:times:)` for the base name `greet` and the labels
    /// `[nil, "times"]`.
    ///
    /// The Recorder's `RequirementName` parses the same spelling back from
    /// `#function`; the DSL hands it this text.
    static func spelled(_ baseName: String, labels: [String?]) -> String {
        // Appended by hand: `[String].joined()` looked `[String]`'s conformances up at run time, through
        // every conformance record of the process the first time (~270,000 instructions).
        var spelled = baseName + "("
        for label in labels {
            spelled += label ?? "_"
            spelled += ":"
        }
        return spelled + ")"
    }

    /// The accessor an entity node of `kind` stands for, nil for other members.
    private static func accessor(_ kind: DemangleNode.Kind) -> RequirementKind? {
        switch kind {
        case .getter: return .getter
        case .setter: return .setter
        case .modifyAccessor, .modify2Accessor: return .modify
        case .readAccessor, .read2Accessor: return .read
        default: return nil
        }
    }

    static func function(
        _ typeNode: DemangleNode, builder: DemangledTypeBuilder
    ) throws(DemanglingError)
        -> DemangledFunctionType
    {
        guard let content = typeNode.firstChild else { throw builder.failure("empty requirement type") }
        if content.kind == .dependentGenericType {
            guard content.children.count == 2 else { throw builder.failure("malformed generic requirement type") }
            let signature = try builder.genericSignature(content.children[0])
            guard case .function(var function) = try builder.type(content.children[1]) else {
                throw builder.failure("generic requirement is not a function")
            }
            function.genericSignature = signature
            return function
        }
        guard case .function(let function) = try builder.type(content) else {
            throw builder.failure("requirement type is not a function")
        }
        return function
    }

    static func labels(
        _ node: DemangleNode?, count: Int, builder: DemangledTypeBuilder
    )
        throws(DemanglingError) -> [String?]
    {
        guard let node, !node.children.isEmpty else { return Array(repeating: nil, count: count) }
        guard node.children.count == count else { throw builder.failure("label count does not match parameters") }
        return node.children.map { $0.kind == .identifier ? $0.text : nil }
    }

    static func accessorFunction(
        _ accessor: RequirementKind, value: DemangledType, indices: [DemangledParameter],
        genericSignature: DemangledGenericSignature?
    ) -> DemangledFunctionType {
        switch accessor {
        case .setter:
            let newValue = DemangledParameter(label: "newValue", type: value, ownership: .owned)
            return DemangledFunctionType(
                parameters: [newValue] + indices, result: .void, genericSignature: genericSignature)
        default:
            return DemangledFunctionType(parameters: indices, result: value, genericSignature: genericSignature)
        }
    }
}
