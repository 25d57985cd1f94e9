import TestDoublesMetadata

/// Finds a requirement's signature from every linked conformer of its
/// protocol (DWARF, then the `.symtab` name of each witness), and for
/// library-evolution protocols from the method descriptor.
struct SignatureWitnesses {
    let hierarchy: ProtocolHierarchy
    private let discovery = SignatureDiscovery()
    /// Conformances found per protocol, scanned once.
    private var conformances: [ProtocolDescriptor: [ProtocolConformance]] = [:]

    init(hierarchy: ProtocolHierarchy) {
        self.hierarchy = hierarchy
    }

    /// The signature of one callable requirement.
    ///
    /// - Throws: `StubError.signatureDiscoveryFailed` naming every witness and source tried.
    mutating func signature(
        of callable: ProtocolHierarchy.CallableRequirement, typeName: String
    ) throws(StubError) -> RequirementSignature {
        let descriptor = callable.protocolDescriptor
        let found = linkedConformances(to: descriptor)
        let addresses = witnessAddresses(of: callable, among: found)
        var reasons: [String] = []
        do {
            return try discovery.signature(ofAnyWitnessAmong: addresses)
        } catch {
            reasons.append(error.description)
        }
        if descriptor.isResilient {
            do {
                return try discovery.signature(ofMethodDescriptorAt: UInt(bitPattern: callable.requirement.pointer))
            } catch {
                reasons.append(error.description)
            }
        }
        let conformers = found.map { $0.conformingType.description }
        if let noncopyable = NoncopyableParameter.first(amongWitnessesAt: addresses, registry: discovery.registry) {
            let label = RequirementLabel(
                of: callable, among: hierarchy.callableRequirements, witnesses: addresses, registry: discovery.registry)
            throw noncopyable.error(requirement: label.text, typeName: typeName)
        }
        // Named from a witness or descriptor symbol when one is left, even though its type did not read.
        let label = RequirementLabel(
            of: callable, among: hierarchy.callableRequirements, witnesses: addresses, registry: discovery.registry)
        let linked: String = conformers.isEmpty ? "none" : conformers.joined(separator: ", ")
        let tried: String = reasons.joined(separator: "; ")
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

    /// Every linked conformance to `descriptor`, scanned once per protocol.
    mutating func linkedConformances(to descriptor: ProtocolDescriptor) -> [ProtocolConformance] {
        if let known = conformances[descriptor] { return known }
        let found = (try? ProtocolConformance.all(to: descriptor).conformances) ?? []
        conformances[descriptor] = found
        return found
    }

    /// The witness-table entries of `callable` in each of `found`.
    func witnessAddresses(
        of callable: ProtocolHierarchy.CallableRequirement, among found: [ProtocolConformance]
    ) -> [UInt] {
        found.compactMap {
            $0.witnessTable.witness(forRequirementAt: callable.requirement.index).map { UInt(bitPattern: $0) }
        }
    }
}
