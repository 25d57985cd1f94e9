/// A decoded method descriptor symbol of a class member (`$s…Tq`): which
/// class declares the member, its name as Swift spells a reference to it,
/// and whether it is an accessor or a `class` member.
///
/// Only for naming members (messages, matching a test's request to a slot);
/// signatures come from the implementation's DWARF, as for witnesses.
public struct ClassMemberSymbol: Hashable, Sendable {
    /// The symbol as it appears in the symbol table.
    public var mangledName: String
    /// The declaring class.
    public var declaringClass: DemangledNominalType
    /// The member's name and labels (`fetch(_:)`, `count`, `subscript(index:)`, `init(name:)`).
    public var name: RequirementName
    /// Method, initializer or accessor.
    public var kind: RequirementKind
    /// Whether the member is a subscript.
    public var isSubscript: Bool
    /// Whether the member is a `class` (type) member.
    public var isStatic: Bool
    /// The member as a function type, accessors as ``RequirementSymbol`` spells
    /// them (a getter returns the value, a setter takes it first).
    public var functionType: DemangledFunctionType

    /// Decodes a class method descriptor symbol.
    ///
    /// - Parameter mangledName: A `$s…Tq` symbol of a member declared in a class.
    /// - Throws: `DemanglingError` when the symbol is malformed, not a method
    ///   descriptor, or not of a class member.
    public init(mangledName: String) throws(DemanglingError) {
        let global = try Demangler.demangleSymbol(mangledName)
        let builder = DemangledTypeBuilder(mangledName: mangledName)
        guard global.children.count == 1, let top = global.children.first, top.kind == .methodDescriptor,
            var member = top.children.last
        else { throw builder.failure("not a method descriptor") }
        self.mangledName = mangledName
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
        guard let context = member.firstChild, context.kind == .class else {
            throw builder.failure("member not declared in a class")
        }
        declaringClass = try builder.nominal(context)
        guard let typeNode = member.children.last(where: { $0.kind == .type }) else {
            throw builder.failure("member without a type")
        }
        let labelList = member.child(.labelList)
        switch member.kind {
        case .function, .allocator, .constructor:
            guard accessor == nil else { throw builder.failure("accessor of a function") }
            var function = try RequirementSymbol.function(typeNode, builder: builder)
            let labels = try RequirementSymbol.labels(labelList, count: function.parameters.count, builder: builder)
            for index in function.parameters.indices { function.parameters[index].label = labels[index] }
            functionType = function
            if member.kind == .function {
                guard member.children.count > 1 else { throw builder.failure("function without a name") }
                let nameNode = member.children[1]
                guard let baseName = nameNode.text ?? (try? builder.declName(nameNode).0) else {
                    throw builder.failure("unsupported function name")
                }
                name = RequirementName(baseName: baseName, labels: labels)
                kind = .method
            } else {
                name = RequirementName(baseName: "init", labels: labels)
                kind = .initializer
            }
            isSubscript = false
        case .variable:
            guard let accessor else { throw builder.failure("property without an accessor") }
            guard member.children.count > 1, let baseName = try? builder.declName(member.children[1]).0 else {
                throw builder.failure("property without a name")
            }
            name = RequirementName(baseName: baseName, labels: nil)
            kind = accessor
            isSubscript = false
            functionType = RequirementSymbol.accessorFunction(
                accessor, value: try builder.type(typeNode), indices: [], genericSignature: nil)
        case .subscript:
            guard let accessor else { throw builder.failure("subscript without an accessor") }
            let function = try RequirementSymbol.function(typeNode, builder: builder)
            var indices = function.parameters
            let labels = try RequirementSymbol.labels(labelList, count: indices.count, builder: builder)
            for index in indices.indices { indices[index].label = labels[index] }
            name = RequirementName(baseName: "subscript", labels: labels)
            kind = accessor
            isSubscript = true
            functionType = RequirementSymbol.accessorFunction(
                accessor, value: function.result, indices: indices, genericSignature: function.genericSignature)
        default:
            throw builder.failure("unsupported member \(member.kind.rawValue)")
        }
    }

    /// How a message names the member: `fetch(_:)`, `getter of count`,
    /// `setter of subscript(index:)`, `class make()`.
    public var displayName: String {
        let prefix = isStatic ? "class " : ""
        switch kind {
        case .getter, .setter, .modify, .read: return "\(kind) of \(prefix)\(name)"
        default: return prefix + name.description
        }
    }
}

extension MethodDescriptor {
    /// The member's decoded symbol, nil when the images have no method
    /// descriptor symbol at the record's address or it does not decode.
    ///
    /// - Parameter registry: The images to read.
    public func symbol(registry: ImageRegistry = .shared) -> ClassMemberSymbol? {
        guard let symbols = try? registry.symbols(at: UInt(bitPattern: pointer)) else { return nil }
        for symbol in symbols where symbol.name.hasSuffix("Tq") {
            if let decoded = try? ClassMemberSymbol(mangledName: symbol.name) { return decoded }
        }
        return nil
    }
}

extension MethodDescriptor {
    /// How a message names the member: the decoded symbol's
    /// ``ClassMemberSymbol/displayName``, else the name the runtime's own
    /// demangler prints for the symbol, nil when the images have no symbol
    /// for the record (a private member of a stripped library).
    ///
    /// - Parameter registry: The images to read.
    public func displayName(registry: ImageRegistry = .shared) -> String? {
        if let symbol = symbol(registry: registry) { return symbol.displayName }
        return RequirementDisplayName.name(atAnyOf: [UInt(bitPattern: pointer)], registry: registry)
    }
}
