/// The witness table pattern of a generic type's conformance record: the
/// table the runtime copies for each instantiation (`LRUCache<URL, Data>`),
/// whose callable entries are already the conformance's protocol witness
/// thunks, the same words every instantiated table holds (measured:
/// `ConformanceAnchorTests`). Entries filled at instantiation (base
/// protocols) are null in it, and it is read only for the conformance's own
/// protocol's requirements.
///
/// Taken only when the record has no resilient witnesses (whose witnesses
/// live outside the pattern) and the pattern's word 0 names the record
/// itself, as an absolute witness table's does. Its witnesses are read,
/// never called.
public struct GenericConformancePattern: @unchecked Sendable {
    /// The conforming type's name, as its context descriptor spells it.
    public let typeName: String
    /// The pattern's first word.
    let pattern: UnsafeRawPointer

    /// The record's flag for resilient witnesses (`ConformanceFlags::HasResilientWitnessesMask`).
    static let hasResilientWitnesses: UInt32 = 1 << 16

    /// The pattern of `record`, or nil when it cannot be read as a table.
    ///
    /// - Parameters:
    ///   - record: A conformance descriptor of a generic type.
    ///   - flags: Its flags word.
    ///   - typeName: The conforming type's name.
    init?(record: UnsafeRawPointer, flags: UInt32, typeName: String) {
        guard flags & Self.hasResilientWitnesses == 0, let pattern = record.relativeDirect(at: 8),
            pattern.pointer(at: 0) == record
        else { return nil }
        self.typeName = typeName
        self.pattern = pattern
    }

    /// The entry of requirement `requirementIndex` (word `1 + index`), nil when it is null.
    ///
    /// - Parameter requirementIndex: A requirement's index in the conformance's protocol.
    /// - Returns: The witness's address.
    public func witness(forRequirementAt requirementIndex: Int) -> UnsafeRawPointer? {
        pattern.pointer(at: (requirementIndex + 1) * MemoryLayout<UInt>.size)
    }
}
