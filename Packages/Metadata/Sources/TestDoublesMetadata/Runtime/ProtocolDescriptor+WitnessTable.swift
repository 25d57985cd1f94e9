extension ProtocolDescriptor {
    /// The witness table of a type's conformance to this protocol, as the
    /// runtime hands it to generic code (`swift_conformsToProtocol`).
    ///
    /// - Parameter type: The conforming type's metadata.
    /// - Returns: The table, nil when `type` does not conform.
    /// - Throws: ``MetadataError/runtimeQueryFailed(_:)`` when the runtime entry point is missing.
    public func witnessTable(conformedBy type: Any.Type) throws(MetadataError) -> WitnessTable? {
        try SwiftRuntime.conformsToProtocol(unsafeBitCast(type, to: UnsafeRawPointer.self), pointer)
            .map(WitnessTable.init(pointer:))
    }
}
