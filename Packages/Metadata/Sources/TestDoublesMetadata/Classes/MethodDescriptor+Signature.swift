extension RequirementSymbol {
    /// A class member's decoded symbol in the form signature decoding reads:
    /// a method descriptor whose "protocol" is the declaring class.
    init(classMember member: ClassMemberSymbol) {
        mangledName = member.mangledName
        form = .methodDescriptor
        conformingType = nil
        conformanceModule = nil
        protocolType = member.declaringClass
        name = member.name
        kind = member.kind
        isSubscript = member.isSubscript
        isStatic = member.isStatic
        functionType = member.functionType
    }
}

extension MethodDescriptor {
    /// The member's signature, decoded from its method descriptor symbol
    /// (source ``SignatureSource/methodDescriptor``), every type resolved
    /// through the runtime.
    ///
    /// The descriptor's `async` flag completes what an accessor's mangled
    /// type cannot say.
    ///
    /// - Parameter registry: The images to read.
    /// - Returns: The signature.
    /// - Throws: `SignatureDiscoveryError` when the record has no decodable
    ///   symbol, the member mentions a generic parameter (its own or its
    ///   class's), or a type does not resolve.
    public func signature(registry: ImageRegistry = .shared) throws(SignatureDiscoveryError) -> RequirementSignature {
        let address = UInt(bitPattern: pointer)
        func fail(_ reason: String) -> SignatureDiscoveryError {
            SignatureDiscoveryError(address: address, attempts: [.init(source: .methodDescriptor, reason: reason)])
        }
        guard let member = symbol(registry: registry) else {
            throw fail("no decodable method descriptor symbol of a class member at the record")
        }
        // In a class member's mangled type, generic parameters at depth 0 are
        // the class's (or, in a non-generic class, the member's own), never
        // `Self` as in a protocol requirement: decoding them as a
        // requirement's would read a wrong type, so they are refused.
        guard member.functionType.genericSignature == nil, !DemangledType.function(member.functionType).isDependent
        else {
            throw fail(
                "\(member.displayName) is generic or belongs to a generic class; its generic parameters are not decoded yet"
            )
        }
        switch SymbolSignature(symbol: RequirementSymbol(classMember: member), source: .methodDescriptor).signature() {
        case .success(var signature):
            if isAsync { signature.isAsync = true }
            return signature
        case .failure(let failure):
            throw fail("\(member.displayName): \(failure.message)")
        }
    }
}
