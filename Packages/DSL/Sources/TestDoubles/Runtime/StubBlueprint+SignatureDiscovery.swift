import TestDoublesMetadata

extension StubBlueprint {
    /// The discovered signature of one callable requirement (Metadata's
    /// `ProtocolSignatureDiscovery`), or the construction error that says
    /// what was linked, what was tried and what would help.
    ///
    /// - Parameters:
    ///   - callable: The requirement.
    ///   - discovery: The discovery over the blueprint's hierarchy.
    ///   - isBound: Whether the existential binds associated types, which explicit requirements cannot describe.
    ///   - typeName: The existential type, for diagnostics.
    /// - Returns: The signature.
    /// - Throws: `StubError.signatureDiscoveryFailed` naming every witness and source tried.
    static func discoveredSignature(
        of callable: ProtocolHierarchy.CallableRequirement, discovery: inout ProtocolSignatureDiscovery,
        isBound: Bool, typeName: String
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
        let generic: String =
            failure.genericConformers.isEmpty
            ? ""
            : "; generic conformers, read through their witness table patterns where they have one: "
                + failure.genericConformers.joined(separator: ", ")
        let anchored: String = failure.anchor.map { "; the given value's conformance: \($0)" } ?? ""
        let tried: String = failure.reasons.joined(separator: "; ")
        // A witness or descriptor symbol that names the requirement was found: the symbols exist and
        // decode, so linking another conformer or adding debug information would not help.
        let symbolsExist = label.isDeclarationName && (!addresses.isEmpty || descriptor.isResilient)
        var fixes: [String] = []
        if !symbolsExist {
            if failure.anchor == nil, let conformer = failure.genericConformers.first {
                fixes.append(
                    "pass a value of \(conformer) to Stub(discoveringFrom:) or Spy(forwardingTo:), which read the "
                        + "signatures from that value's witness table")
            }
            fixes.append(
                failure.genericConformers.isEmpty
                    ? "link a conformer of \(descriptor.name) (any type in the test target that conforms to it)"
                    : "link a non-generic conformer of \(descriptor.name)")
        }
        if !isBound {
            // Explicit requirements cannot describe a bound associated type.
            fixes.append(
                "list the requirements explicitly with Stub(.method(signatureOf: ...))"
                    + (symbolsExist ? ", whose types the compiler writes" : ""))
        }
        let last =
            symbolsExist
            ? "use ManualStub (a hand-written or doubles-gen conformer); no change to the protocol is needed"
            : "use ManualStub"
        let fix = fixes.isEmpty ? last : fixes.joined(separator: ", ") + ", or " + last
        throw StubError(
            .signatureDiscoveryFailed, type: typeName, requirement: label.text,
            reason: "no source described its signature in \(descriptor.qualifiedName) "
                + "(linked conformers: \(linked)\(generic)\(anchored); \(tried))"
                + (label.isDeclarationName ? "" : " (\(RequirementLabel.positionNote))"),
            fix: fix)
    }
}
