/// A decoded symbol of a protocol requirement: a witness thunk (`...TW`), the
/// async function pointer of one (`...TWTu`), the coroutine function pointer
/// of a `yield_once_2` accessor (`...TWTwc`), a method descriptor (`...Tq`)
/// or a dispatch thunk (`...Tj`).
///
/// `functionType` is the requirement as the call sees it: accessors become
/// functions (a getter takes the subscript indices and returns the value; a
/// setter takes the new value first, then the indices; `modify` and `read`
/// take the indices and yield the value, reported as the result).
public struct RequirementSymbol: Hashable, Sendable {
    /// Which kind of symbol was decoded.
    public enum Form: Hashable, Sendable {
        /// A protocol witness thunk of a conformance.
        case witnessThunk
        /// The async function pointer record of an async witness thunk.
        case asyncWitnessFunctionPointer
        /// The coroutine function pointer record (`...TWTwc`) of a
        /// callee-allocated (`yield_once_2`) `read`/`modify` witness thunk.
        case coroutineWitnessFunctionPointer
        /// A method descriptor of a library-evolution protocol.
        case methodDescriptor
        /// A dispatch thunk of a library-evolution protocol.
        case dispatchThunk
    }

    /// The symbol as it appears in the symbol table.
    public var mangledName: String
    /// Which kind of symbol it is.
    public var form: Form
    /// The conforming type, for witness thunks.
    public var conformingType: DemangledType?
    /// The module that declares the conformance, for witness thunks.
    public var conformanceModule: String?
    /// The protocol that declares the requirement.
    public var protocolType: DemangledNominalType
    /// The requirement's name and labels.
    public var name: RequirementName
    /// Method, initializer or accessor.
    public var kind: RequirementKind
    /// Whether the requirement is a subscript.
    public var isSubscript: Bool
    /// Whether the requirement is `static` (initializers are reported as non-static).
    public var isStatic: Bool
    /// The requirement as a function type (see the type's discussion for accessors).
    public var functionType: DemangledFunctionType

    /// Decodes a requirement symbol.
    ///
    /// - Parameter mangledName: A `$s...TW`, `$s...TWTu`, `$s...TWTwc`, `$s...Tq` or `$s...Tj` symbol.
    /// - Throws: `DemanglingError` when the symbol is malformed, of another kind, or outside the supported subset.
    public init(mangledName: String) throws(DemanglingError) {
        let global = try Demangler.demangleSymbol(mangledName)
        let builder = DemangledTypeBuilder(mangledName: mangledName)
        var nodes = global.children
        var isAsyncPointer = false
        var isCoroutinePointer = false
        if nodes.first?.kind == .asyncFunctionPointer {
            isAsyncPointer = true
            nodes.removeFirst()
        } else if nodes.first?.kind == .coroFunctionPointer {
            isCoroutinePointer = true
            nodes.removeFirst()
        }
        guard nodes.count == 1, let top = nodes.first, let entity = top.children.last else {
            throw builder.failure("not a requirement symbol")
        }
        self.mangledName = mangledName
        switch top.kind {
        case .protocolWitness:
            guard top.children.count == 2, top.children[0].kind == .protocolConformance,
                top.children[0].children.count == 3
            else { throw builder.failure("malformed protocol witness") }
            let conformance = top.children[0]
            form =
                isAsyncPointer
                ? .asyncWitnessFunctionPointer : isCoroutinePointer ? .coroutineWitnessFunctionPointer : .witnessThunk
            conformingType = try builder.type(conformance.children[0])
            protocolType = try builder.nominal(conformance.children[1])
            conformanceModule = conformance.children[2].text
        case .methodDescriptor, .dispatchThunk:
            guard !isAsyncPointer, !isCoroutinePointer else {
                throw builder.failure("function pointer record of a descriptor")
            }
            form = top.kind == .methodDescriptor ? .methodDescriptor : .dispatchThunk
            conformingType = nil
            conformanceModule = nil
            protocolType = DemangledNominalType(kind: .protocol, name: "", parent: .module(""))
        default:
            throw builder.failure("not a requirement symbol (\(top.kind.rawValue))")
        }
        var member = entity
        isStatic = false
        if member.kind == .static, let inner = member.firstChild {
            isStatic = true
            member = inner
        }
        var accessor: RequirementKind?
        switch member.kind {
        case .getter: accessor = .getter
        case .setter: accessor = .setter
        case .modifyAccessor, .modify2Accessor: accessor = .modify
        case .readAccessor, .read2Accessor: accessor = .read
        default: accessor = nil
        }
        if accessor != nil {
            guard let storage = member.firstChild else { throw builder.failure("accessor without storage") }
            member = storage
        }
        guard let context = member.firstChild, context.kind == .protocol else {
            throw builder.failure("requirement not declared in a protocol")
        }
        let declaringProtocol = try builder.nominal(context)
        if form == .methodDescriptor || form == .dispatchThunk { protocolType = declaringProtocol }
        guard let typeNode = member.children.last(where: { $0.kind == .type }) else {
            throw builder.failure("requirement without a type")
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
                let baseName = nameNode.text ?? (try? builder.declName(nameNode).0)
                guard let baseName else { throw builder.failure("unsupported function name") }
                name = RequirementName(baseName: baseName, labels: labels)
                kind = .method
            } else {
                name = RequirementName(baseName: "init", labels: labels)
                kind = .initializer
            }
            isSubscript = false
            functionType = function
        case .variable:
            guard let accessor else { throw builder.failure("property without an accessor") }
            guard member.children.count > 1, let baseName = try? builder.declName(member.children[1]).0 else {
                throw builder.failure("property without a name")
            }
            name = RequirementName(baseName: baseName, labels: nil)
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
            name = RequirementName(baseName: "subscript", labels: labels)
            kind = accessor
            isSubscript = true
            functionType = Self.accessorFunction(
                accessor, value: function.result, indices: indices, genericSignature: function.genericSignature)
        default:
            throw builder.failure("unsupported requirement entity \(member.kind.rawValue)")
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
