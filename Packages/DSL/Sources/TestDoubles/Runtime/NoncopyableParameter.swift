import TestDoublesMetadata

/// A requirement's parameter of a noncopyable (`~Copyable`) type, found
/// from a linked conformer's witness symbol when discovery failed: the
/// runtime's lookup by mangled name does not return such a type, so
/// construction can only name it (read from the type's descriptor).
struct NoncopyableParameter {
    /// The parameter's position, from 0.
    let index: Int
    /// The type as the symbol spells it.
    let typeName: String

    /// The first noncopyable parameter the witness symbols at `addresses`
    /// show, if any.
    static func first(amongWitnessesAt addresses: [UInt], registry: ImageRegistry) -> NoncopyableParameter? {
        for address in addresses {
            guard let symbols = try? registry.symbols(at: address) else { continue }
            for symbol in symbols {
                guard let decoded = try? RequirementSymbol(mangledName: symbol.name) else { continue }
                for (index, parameter) in decoded.functionType.parameters.enumerated() {
                    guard case .nominal(let nominal) = parameter.type,
                        let descriptor = registry.address(ofSymbol: "$s" + nominal.mangledName + "Mn"),
                        let pointer = UnsafeRawPointer(bitPattern: descriptor),
                        TypeContextDescriptor(pointer: pointer).suppressesCopyable == true
                    else { continue }
                    return NoncopyableParameter(index: index, typeName: parameter.type.description)
                }
            }
        }
        return nil
    }

    /// The construction error for `requirement` of `typeName`.
    func error(requirement: String, typeName protocolType: String) -> StubError {
        StubError(
            .signatureDiscoveryFailed, type: protocolType, requirement: requirement,
            reason: "parameter \(index) of requirement \(requirement) is of the noncopyable type \(typeName), which a "
                + "runtime Stub cannot serve: the runtime's lookup by mangled name does not return a ~Copyable type, "
                + "and a Stub records every argument as a copyable value",
            fix: "use ManualStub (a hand-written or doubles-gen conformer, which records a marker for the noncopyable "
                + "argument); no change to the protocol is needed")
    }
}
