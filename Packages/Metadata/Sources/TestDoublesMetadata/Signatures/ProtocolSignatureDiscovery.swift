/// Discovers the signatures of a protocol hierarchy's callable requirements
/// from every conformer linked into the process: the witness of each
/// conformance (``SignatureDiscovery/signature(ofAnyWitnessAmong:)``: DWARF,
/// then the `.symtab` name), then the ``anchor``'s witness (a conformance
/// whose value the caller holds, generic ones included), then the witness
/// table patterns of generic conformers (``GenericConformancePattern``), then,
/// for a library-evolution protocol, the requirement's method descriptor.
///
/// The conformances of each protocol are scanned once per value.
public struct ProtocolSignatureDiscovery {
    /// Why no source described a requirement's signature: what was linked and
    /// every source tried, for a message that says what would help.
    public struct Failure: Error, Sendable {
        /// The types of the linked conformers, as the runtime names them.
        public let conformers: [String]
        /// The witness addresses of the requirement in those conformers, then in the anchor.
        public let witnesses: [UInt]
        /// The generic conformers the scan skipped (their tables exist only per instantiation), by name.
        public let genericConformers: [String]
        /// The anchor's conforming type, when an anchor was given.
        public let anchor: String?
        /// Each source tried and why it gave nothing, in order.
        public let reasons: [String]
    }

    /// The flattened protocol graph whose requirements are read.
    public let hierarchy: ProtocolHierarchy
    /// The per-witness discovery.
    public let witnessDiscovery: SignatureDiscovery
    /// A conformance whose value the caller holds, tried after the linked conformers: the only source
    /// of a generic conformer's witnesses.
    public var anchor: ConformanceAnchor?
    /// Conformances found per protocol (by its descriptor's address, as ``ProtocolHierarchy`` keys
    /// descriptors), scanned once.
    private var conformances: [UInt64: [ProtocolConformance]] = [:]
    /// The generic conformers each scan skipped, by the same key.
    private var genericConformers: [UInt64: [String]] = [:]
    /// The witness table patterns of those generic conformers, by the same key.
    private var genericPatterns: [UInt64: [GenericConformancePattern]] = [:]

    /// A discovery over `hierarchy`'s requirements.
    ///
    /// - Parameters:
    ///   - hierarchy: The flattened protocol graph.
    ///   - discovery: How one witness is read (the process's images, DWARF first, by default).
    public init(hierarchy: ProtocolHierarchy, discovery: SignatureDiscovery = SignatureDiscovery()) {
        self.hierarchy = hierarchy
        self.witnessDiscovery = discovery
    }

    /// The signature of one callable requirement.
    ///
    /// - Parameter callable: A callable requirement of ``hierarchy``.
    /// - Returns: The first signature a linked witness, the anchor's or the method descriptor gives.
    /// - Throws: ``Failure`` naming the linked conformers and every source tried.
    public mutating func signature(
        of callable: ProtocolHierarchy.CallableRequirement
    ) throws(Failure) -> RequirementSignature {
        let descriptor = callable.protocolDescriptor
        let found = linkedConformances(to: descriptor)
        let addresses = witnessAddresses(of: callable, among: found)
        var reasons: [String] = []
        do {
            return try witnessDiscovery.signature(ofAnyWitnessAmong: addresses)
        } catch {
            reasons.append(error.description)
        }
        if descriptor.isResilient {
            do {
                return try witnessDiscovery.signature(
                    ofMethodDescriptorAt: UInt(bitPattern: callable.requirement.pointer))
            } catch {
                reasons.append(error.description)
            }
        }
        throw Failure(
            conformers: found.map { $0.conformingType.description }, witnesses: addresses,
            genericConformers: genericConformers[UInt64(UInt(bitPattern: descriptor.pointer))] ?? [],
            anchor: anchor?.typeName, reasons: reasons)
    }

    /// Every linked conformance to `descriptor`, scanned once per protocol.
    ///
    /// - Parameter descriptor: A protocol.
    /// - Returns: Its conformances in the loaded images (none when the scan fails).
    public mutating func linkedConformances(to descriptor: ProtocolDescriptor) -> [ProtocolConformance] {
        let key = UInt64(UInt(bitPattern: descriptor.pointer))
        if let known = conformances[key] { return known }
        let scan = try? ProtocolConformance.all(to: descriptor)
        let found = scan?.conformances ?? []
        conformances[key] = found
        genericConformers[key] = (scan?.skipped ?? []).filter { $0.reason == SkippedConformance.genericConformer }
            .map(\.typeName)
        genericPatterns[key] = scan?.genericPatterns ?? []
        return found
    }

    /// The witness-table entries of `callable` in each of `found`, then in the ``anchor``, then in the
    /// witness table patterns of the generic conformers of its protocol (scanned by
    /// ``linkedConformances(to:)``).
    ///
    /// - Parameters:
    ///   - callable: A callable requirement.
    ///   - found: Conformances to its protocol.
    /// - Returns: One address per conformance whose table has the entry, each once.
    public func witnessAddresses(
        of callable: ProtocolHierarchy.CallableRequirement, among found: [ProtocolConformance]
    ) -> [UInt] {
        var addresses = found.compactMap {
            $0.witnessTable.witness(forRequirementAt: callable.requirement.index).map { UInt(bitPattern: $0) }
        }
        var more: [UInt] = []
        if let anchored = anchor?.witness(of: callable) { more.append(anchored) }
        let key = UInt64(UInt(bitPattern: callable.protocolDescriptor.pointer))
        for pattern in genericPatterns[key] ?? [] {
            if let entry = pattern.witness(forRequirementAt: callable.requirement.index) {
                more.append(UInt(bitPattern: entry))
            }
        }
        for address in more where !addresses.contains(address) { addresses.append(address) }
        return addresses
    }
}
