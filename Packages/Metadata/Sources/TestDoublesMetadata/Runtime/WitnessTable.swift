/// A protocol witness table: word 0 is the conformance descriptor, word
/// `1 + i` holds the witness of requirement `i` of the protocol descriptor.
public struct WitnessTable: Hashable, @unchecked Sendable {
    /// The table's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the witness table at `pointer`.
    ///
    /// - Parameter pointer: The address of a (runtime-instantiated) witness table.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The conformance descriptor the table was instantiated from (word 0).
    public var conformanceDescriptor: UnsafeRawPointer? { pointer.pointer(at: 0) }

    /// The word stored for requirement `requirementIndex` (table word `requirementIndex + 1`).
    ///
    /// - Parameter requirementIndex: A requirement's position in its protocol's requirement list.
    /// - Returns: The stored pointer, nil when the slot is null.
    public func witness(forRequirementAt requirementIndex: Int) -> UnsafeRawPointer? {
        pointer.pointer(at: (requirementIndex + 1) * MemoryLayout<UInt>.size)
    }

    /// The entry address of every callable requirement's witness.
    ///
    /// Keys are requirement indices (the table word is `index + 1`, after the
    /// conformance descriptor). Base-protocol, associated-type and
    /// associated-conformance slots are not callable and are left out, as are
    /// null slots. For an `async` requirement the address is the witness's
    /// async function pointer record, not code.
    ///
    /// - Parameter protocolDescriptor: The protocol the table is a conformance to.
    /// - Returns: Requirement index → witness address.
    /// - Throws: ``MetadataError/unknownRequirementKind(rawValue:protocolName:index:)`` for an unknown requirement.
    public func witnessAddresses(
        for protocolDescriptor: ProtocolDescriptor
    ) throws(MetadataError) -> [Int: UnsafeRawPointer] {
        var addresses: [Int: UnsafeRawPointer] = [:]
        for requirement in try protocolDescriptor.requirements() where requirement.kind.isCallable {
            if let address = witness(forRequirementAt: requirement.index) {
                addresses[requirement.index] = address
            }
        }
        return addresses
    }
}

/// The entry address of every callable requirement's witness in `table`.
///
/// - Parameters:
///   - table: A witness table of a conformance to `protocolDescriptor`.
///   - protocolDescriptor: The protocol the table belongs to.
/// - Returns: Requirement index → witness address (table word `index + 1`).
/// - Throws: ``MetadataError/unknownRequirementKind(rawValue:protocolName:index:)`` for an unknown requirement.
public func witnessAddresses(
    in table: WitnessTable, for protocolDescriptor: ProtocolDescriptor
) throws(MetadataError) -> [Int: UnsafeRawPointer] {
    try table.witnessAddresses(for: protocolDescriptor)
}
