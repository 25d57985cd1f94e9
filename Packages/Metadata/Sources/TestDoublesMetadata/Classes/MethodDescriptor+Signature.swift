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
    /// A member's own generic parameters (`func decode<T: Decodable>(_:from:)`)
    /// are read when `declaringClass` is given and is not generic: they are
    /// then the only generic parameters the symbol names (at depth 0), and
    /// the signature numbers them as a protocol requirement's own (depth 1),
    /// so the call's hidden words (each parameter's metadata, then a witness
    /// table per protocol constraint, in the signature's order; no `Self`
    /// words follow for a class member) are read as for a generic requirement.
    ///
    /// - Parameters:
    ///   - registry: The images to read.
    ///   - declaringClass: The class whose vtable declares the member; nil
    ///     refuses every generic member.
    /// - Returns: The signature.
    /// - Throws: `SignatureDiscoveryError` when the record has no decodable
    ///   symbol, the member mentions a generic parameter of a generic class
    ///   (or its own when `declaringClass` is nil), its generic signature
    ///   constrains an associated type to a protocol (a hidden witness table
    ///   not read), or a type does not resolve.
    public func signature(
        registry: ImageRegistry = .shared, declaringClass: ClassDescriptor? = nil
    ) throws(SignatureDiscoveryError) -> RequirementSignature {
        let address = UInt(bitPattern: pointer)
        func fail(_ reason: String) -> SignatureDiscoveryError {
            SignatureDiscoveryError(address: address, attempts: [.init(source: .methodDescriptor, reason: reason)])
        }
        guard var member = symbol(registry: registry) else {
            throw fail("no decodable method descriptor symbol of a class member at the record")
        }
        let isGeneric =
            member.functionType.genericSignature != nil || DemangledType.function(member.functionType).isDependent
        if isGeneric {
            // In a class member's mangled type, generic parameters at depth 0 are the class's (or, in a
            // non-generic class, the member's own), never `Self` as in a protocol requirement: decoding them as
            // a requirement's would read a wrong type, so only a non-generic class's members are read.
            guard let declaringClass, !declaringClass.type.isGeneric else {
                throw fail(
                    "\(member.displayName) is generic or belongs to a generic class; the generic parameters of a "
                        + "generic class are not decoded yet")
            }
            member.functionType = try Self.ownGenerics(member.functionType, of: member.displayName, fail: fail)
        }
        switch SymbolSignature(symbol: RequirementSymbol(classMember: member), source: .methodDescriptor).signature() {
        case .success(var signature):
            if isAsync {
                signature.isAsync = true
                signature.inheritsCallerIsolation = takesCallerActor(registry: registry)
            }
            return signature
        case .failure(let failure):
            throw fail("\(member.displayName): \(failure.message)")
        }
    }

    /// A non-generic class's generic member renumbered as a protocol
    /// requirement's own generic parameters (depth 0 becomes depth 1).
    private static func ownGenerics(
        _ function: DemangledFunctionType, of name: String,
        fail: (String) -> SignatureDiscoveryError
    ) throws(SignatureDiscoveryError) -> DemangledFunctionType {
        guard let signature = function.genericSignature, signature.parameterCounts.count == 1 else {
            throw fail("\(name) mentions generic parameters its symbol's generic signature does not declare")
        }
        var deeper = false
        func shift(_ type: DemangledType) -> DemangledType {
            type.replacing { part in
                switch part {
                case .genericParameter(let depth, let index):
                    if depth != 0 { deeper = true }
                    return .genericParameter(depth: depth + 1, index: index)
                case .dependentMember(let base, let member, let proto):
                    return .dependentMember(base: shift(base), name: member, protocol: proto)
                default:
                    return nil
                }
            }
        }
        var shifted = function
        shifted.genericSignature = nil
        guard case .function(var result) = shift(.function(shifted)) else {
            throw fail("\(name) has a type that is not a function")
        }
        var requirements: [DemangledGenericSignature.Requirement] = []
        for requirement in signature.requirements {
            switch requirement {
            case .conformance(let subject, let proto):
                // A conformance of an associated type (`where T.Element: Hashable`) passes one more witness table,
                // which the call's hidden words would have to be read past.
                guard case .genericParameter = subject else {
                    throw fail(
                        "\(name) constrains an associated type of its generic parameter to a protocol, whose hidden "
                            + "witness table is not read")
                }
                requirements.append(.conformance(subject: shift(subject), protocol: proto))
            case .superclass(let subject, let constraint):
                requirements.append(.superclass(subject: shift(subject), constraint: shift(constraint)))
            case .sameType(let subject, let other):
                requirements.append(.sameType(subject: shift(subject), other: shift(other)))
            case .layout(let subject, let constraint):
                requirements.append(.layout(subject: shift(subject), constraint: constraint))
            }
        }
        guard !deeper else {
            throw fail("\(name) names generic parameters of an enclosing generic context, which are not decoded")
        }
        result.genericSignature = DemangledGenericSignature(
            parameterCounts: signature.parameterCounts, requirements: requirements)
        return result
    }
}

extension MethodDescriptor {
    /// Whether the async member is `nonisolated(nonsending)`: the DWARF
    /// declaration of its implementation lists a leading
    /// `Builtin.ImplicitActor` parameter (the caller's actor; the definition
    /// lists only the named parameters and `self`), which the method
    /// descriptor's symbol does not show. False without debug information, where it cannot be
    /// told.
    func takesCallerActor(registry: ImageRegistry) -> Bool {
        // An async member's implementation is its async function pointer record, whose first word locates the code.
        guard isAsync, let record = implementation, let entry = record.relativeDirect(at: 0) else { return false }
        guard let subprogram = try? registry.debugSubprogram(at: UInt(bitPattern: entry)) else { return false }
        return subprogram.declaredFirstParameterTypeName == SignatureDiscovery.implicitActorTypeName
    }
}
