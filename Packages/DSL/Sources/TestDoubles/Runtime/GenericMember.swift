import TestDoublesMetadata

/// An associated type of a requirement's own generic parameter
/// (`R.Response` in `func send<R: APIRequest>(_ request: R) -> R.Response`):
/// known only per call, looked up from the call's type for the parameter
/// through its conformance to the protocol that declares the associated type.
struct GenericMember: @unchecked Sendable {
    /// The dependent member type as the signature spells it.
    let type: DemangledType
    /// The generic parameter's index among the requirement's own.
    let base: Int
    /// The associated type's name.
    let name: String
    /// The protocol that declares it.
    let owner: ProtocolDescriptor

    /// The associated type the call's types bind, nil when the type for the
    /// parameter does not conform (the caller's types always do).
    func resolve(_ generics: [Any.Type]) -> Any.Type? {
        guard base < generics.count,
            let table = try? owner.witnessTable(conformedBy: generics[base])
        else { return nil }
        return try? owner.associatedType(named: name, conformedBy: generics[base], table: table)
    }

    /// The distinct associated types of generic parameters `type` mentions.
    ///
    /// - Throws: `UnservedGenericType` for one whose values the witness may
    ///   pass as a reference (a class-bound associated type), or whose
    ///   protocol the runtime cannot find.
    static func members(
        of type: DemangledType, parameters: [RequirementSignature.GenericParameter]
    ) throws(UnservedGenericType) -> [GenericMember] {
        var found: [DemangledType] = []
        _ = type.replacing { part in
            guard case .dependentMember(.genericParameter(let depth, _), _, _) = part, depth >= 1 else { return nil }
            if !found.contains(part) { found.append(part) }
            return part
        }
        var members: [GenericMember] = []
        for part in found {
            guard case .dependentMember(.genericParameter(_, let index), let name, let proto) = part else { continue }
            let spelled = GenericTemplate.spelling(of: part)
            guard index < parameters.count else {
                throw UnservedGenericType(
                    reason: "\(spelled) names an associated type of a generic parameter whose constraints the "
                        + "signature does not list")
            }
            guard !parameters[index].mayHaveClassBoundAssociatedTypes else {
                throw UnservedGenericType(
                    reason: "\(spelled) is an associated type of a generic parameter of the method whose protocols "
                        + "may constrain it to classes (the witness would then pass it as a reference, not by "
                        + "address)")
            }
            guard let owner = declaringProtocol(of: name, named: proto, among: parameters[index].conformances) else {
                throw UnservedGenericType(
                    reason: "\(spelled) is an associated type of a generic parameter of the method whose protocol "
                        + "the runtime cannot find")
            }
            members.append(GenericMember(type: part, base: index, name: name, owner: owner))
        }
        return members
    }

    /// The protocol that declares associated type `name`: the one the
    /// mangling names, else the first of the parameter's protocols (or a
    /// protocol they inherit) with an associated type of that name.
    private static func declaringProtocol(
        of name: String, named proto: DemangledNominalType?, among conformances: [DemangledNominalType]
    ) -> ProtocolDescriptor? {
        if let proto {
            guard let owner = ProtocolDescriptor(named: proto), owner.associatedTypeNames.contains(name) else {
                return nil
            }
            return owner
        }
        var pending = conformances.compactMap { ProtocolDescriptor(named: $0) }.reversed() as [ProtocolDescriptor]
        var visited: Set<UnsafeRawPointer> = []
        while let next = pending.popLast() {
            guard visited.insert(next.pointer).inserted else { continue }
            if next.associatedTypeNames.contains(name) { return next }
            pending.append(contentsOf: next.baseProtocols.reversed())
        }
        return nil
    }
}
