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
    /// The member's name with its labels, as Swift spells a reference to it
    /// (`fetch(_:)`, `count`, `subscript(index:)`, `init(name:)`).
    public var name: String
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
            let member = top.children.last
        else { throw builder.failure("not a method descriptor") }
        self.mangledName = mangledName
        let decoded = try DemangledMember(member, declaredIn: .class, noun: "member", builder: builder)
        declaringClass = try builder.nominal(decoded.context)
        name = decoded.name
        kind = decoded.kind
        isSubscript = decoded.isSubscript
        isStatic = decoded.isStatic
        functionType = decoded.functionType
    }

    /// How a message names the member: `fetch(_:)`, `getter of count`,
    /// `setter of subscript(index:)`, `class make()`.
    public var displayName: String {
        let prefix = isStatic ? "class " : ""
        switch kind {
        case .getter, .setter, .modify, .read: return "\(kind) of \(prefix)\(name)"
        default: return prefix + name
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
