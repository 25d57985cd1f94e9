import TestDoublesMetadata

extension StubBlueprint {
    /// The discovered signature of one callable requirement (Metadata's
    /// `ProtocolSignatureDiscovery`), or the construction error that says
    /// what was linked, what was tried and what would help.
    ///
    /// - Parameters:
    ///   - callable: The requirement.
    ///   - discovery: The discovery over the blueprint's hierarchy.
    ///   - typeName: The existential type, for diagnostics.
    /// - Returns: The signature.
    /// - Throws: `StubError.signatureDiscoveryFailed` naming every witness and source tried.
    static func discoveredSignature(
        of callable: ProtocolHierarchy.CallableRequirement, discovery: inout ProtocolSignatureDiscovery,
        typeName: String
    ) throws(StubError) -> RequirementSignature {
        let failure: ProtocolSignatureDiscovery.Failure
        do {
            return try discovery.signature(of: callable)
        } catch {
            failure = error
        }
        let descriptor = callable.protocolDescriptor
        let hierarchy = discovery.hierarchy
        let registry = discovery.witnessDiscovery.registry
        let addresses = failure.witnesses
        if let noncopyable = NoncopyableParameter.first(amongWitnessesAt: addresses, registry: registry) {
            let label = RequirementLabel(
                of: callable, among: hierarchy.callableRequirements, witnesses: addresses, registry: registry)
            throw noncopyable.error(requirement: label.text, typeName: typeName)
        }
        // Named from a witness or descriptor symbol when one is left, even though its type did not read.
        let label = RequirementLabel(
            of: callable, among: hierarchy.callableRequirements, witnesses: addresses, registry: registry)
        let linked: String = failure.conformers.isEmpty ? "none" : failure.conformers.joined(separator: ", ")
        let tried: String = failure.reasons.joined(separator: "; ")
        // A witness or descriptor symbol that names the requirement was found: the symbols exist and
        // decode, so linking another conformer or adding debug information would not help.
        let symbolsExist = label.isDeclarationName && (!addresses.isEmpty || descriptor.isResilient)
        let fix =
            symbolsExist
            ? "list the requirements explicitly with Stub(.method(signatureOf: ...)), whose types the compiler "
                + "writes, or use ManualStub (a hand-written or doubles-gen conformer); no change to the protocol "
                + "is needed"
            : "link a conformer of \(descriptor.name) (any type in the test target that conforms to it), or list "
                + "the requirements explicitly with Stub(.method(signatureOf: ...)), or use ManualStub"
        throw StubError(
            .signatureDiscoveryFailed, type: typeName, requirement: label.text,
            reason: "no source described its signature in \(descriptor.qualifiedName) "
                + "(linked conformers: \(linked); \(tried))"
                + (label.isDeclarationName ? "" : " (\(RequirementLabel.positionNote))"),
            fix: fix)
    }
}
