extension ProtocolDescriptor {
    /// The type a conformance to this protocol binds to one of its associated
    /// types (`Instant.Duration` for `ContinuousClock.Instant: InstantProtocol`),
    /// as the runtime's `swift_getAssociatedTypeWitness` resolves it.
    ///
    /// - Parameters:
    ///   - name: One of ``associatedTypeNames``.
    ///   - type: The conforming type.
    ///   - table: `type`'s witness table for this protocol.
    /// - Returns: The bound type, nil when the protocol has no associated type `name`.
    /// - Throws: ``MetadataError`` when the requirements cannot be read or the runtime
    ///   entry point is missing.
    public func associatedType(
        named name: String, conformedBy type: Any.Type, table: WitnessTable
    ) throws(MetadataError) -> Any.Type? {
        guard let position = associatedTypeNames.firstIndex(of: name) else { return nil }
        // Associated type accessor records follow the order of the names.
        let records = try requirements()
        let accessors = records.filter { $0.kind == .associatedTypeAccessFunction }
        guard position < accessors.count, let first = records.first else { return nil }
        // The runtime indexes the table from one record before the first (slot 0 is the descriptor).
        let base = first.pointer - 8
        let metadata = try SwiftRuntime.associatedTypeWitness(
            table: table.pointer, type: unsafeBitCast(type, to: UnsafeRawPointer.self), requirementBase: base,
            requirement: accessors[position].pointer)
        return metadata.map { unsafeBitCast($0, to: Any.Type.self) }
    }
}
