/// The witness tables of one conformance whose value the caller holds (a
/// Spy's target, the conformer `Stub(discoveringFrom:)` is given): one more
/// source of witnesses for ``ProtocolSignatureDiscovery``.
///
/// It is the only source of a generic conformer's witnesses: the scan of
/// conformance records (``ProtocolConformance/all(to:)``) skips a generic
/// type, whose tables exist only per instantiation, but a value of
/// `LRUCache<URL, Data>` carries the instantiated table. A witness of a
/// generic conformance is the conformance's protocol witness thunk (`...TW`),
/// whose symbol mangles the protocol requirement in the protocol's own
/// generic signature, as a non-generic conformer's does: what is read from it
/// is the requirement's signature, the same for every conformer.
public struct ConformanceAnchor: @unchecked Sendable {
    /// The conforming type, as the runtime names it (for diagnostics).
    public let typeName: String
    /// The tables by protocol descriptor address (a `UInt64`, as ``ProtocolHierarchy`` keys descriptors).
    private let tables: [UInt64: WitnessTable]

    /// An anchor over `tables`.
    ///
    /// - Parameters:
    ///   - typeName: The conforming type's name.
    ///   - tables: Protocol descriptor and the conformance's witness table of it, for each protocol
    ///     whose requirements the anchor may describe (the existential's protocols and their bases).
    public init(typeName: String, tables: [(protocolDescriptor: ProtocolDescriptor, table: WitnessTable)]) {
        self.typeName = typeName
        var byAddress: [UInt64: WitnessTable] = [:]
        for entry in tables {
            byAddress[UInt64(UInt(bitPattern: entry.protocolDescriptor.pointer))] = entry.table
        }
        self.tables = byAddress
    }

    /// The anchor's witness of `callable`, from the table of the protocol that declares it.
    ///
    /// - Parameter callable: A callable requirement.
    /// - Returns: The table entry, nil when the anchor has no table of that protocol or the slot is empty.
    public func witness(of callable: ProtocolHierarchy.CallableRequirement) -> UInt? {
        let key = UInt64(UInt(bitPattern: callable.protocolDescriptor.pointer))
        guard let table = tables[key],
            let conformance = table.conformanceDescriptor,
            // Word 0 names the conformance, whose protocol must be the requirement's, or the table is
            // not the one it was filed under.
            conformance.relativeIndirectable(at: 0) == callable.protocolDescriptor.pointer
        else { return nil }
        return table.witness(forRequirementAt: callable.requirement.index).map { UInt(bitPattern: $0) }
    }
}
