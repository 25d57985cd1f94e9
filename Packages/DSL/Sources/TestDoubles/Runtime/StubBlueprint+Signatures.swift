import TestDoublesMetadata

extension StubBlueprint {
    /// Construction steps 2 and 3: every callable requirement's signature,
    /// from the explicit requirements or discovered from linked conformers and
    /// the anchor (getters' effects from hints or proofs), resolved to metadata.
    ///
    /// - Parameters:
    ///   - callables: Every callable requirement of `hierarchy`, in dispatch order.
    ///   - hierarchy: The flattened protocols.
    ///   - explicit: Explicit signatures, or nil to discover them.
    ///   - getterEffects: Getter effect hints for discovered signatures, if any.
    ///   - binding: The associated type binding, if any.
    ///   - anchor: A value whose conformance discovery also reads, if any.
    ///   - typeName: The existential's name, for errors.
    /// - Returns: One signature per callable requirement, by dispatch index.
    /// - Throws: `StubError` for a signature that cannot be found or resolved exactly.
    static func signatures(
        of callables: [ProtocolHierarchy.CallableRequirement], in hierarchy: ProtocolHierarchy,
        explicit: ExplicitRequirements?, getterEffects: GetterEffectHints?, binding: AssociatedTypeBinding?,
        anchor: DiscoveryAnchor?, typeName: String
    ) throws(StubError) -> [ResolvedSignature] {
        if let explicit {
            let explicitSignatures = try Self.explicitSignatures(
                explicit, hierarchy: hierarchy, callables: callables, typeName: typeName)
            return callables.map { explicitSignatures[$0.dispatchIndex] }
        }
        var signatures: [ResolvedSignature] = []
        var discovery = ProtocolSignatureDiscovery(hierarchy: hierarchy)
        discovery.anchor = anchor?.conformance(over: hierarchy)
        for callable in callables {
            do throws(StubError) {
                let signature = try Self.discoveredSignature(
                    of: callable, discovery: &discovery, isBound: binding != nil, typeName: typeName)
                signatures.append(
                    try ResolvedSignature(signature, binding: binding) {
                        reason, fix in
                        StubError(
                            .unsupportedProtocolShape, type: typeName, requirement: signature.name,
                            reason: reason, fix: fix)
                    })
            } catch {
                // Only a failure that named no requirement pays for the label's symbol reads.
                throw error.requirement == nil
                    ? error.naming(requirement: RequirementLabel(of: callable, in: hierarchy).text) : error
            }
        }
        try Self.resolveGetterEffects(
            getterEffects, signatures: &signatures, callables: callables, hierarchy: hierarchy,
            discovery: &discovery, typeName: typeName)
        return signatures
    }
}
