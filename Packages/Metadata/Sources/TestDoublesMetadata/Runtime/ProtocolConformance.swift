/// One conformance of a concrete, non-generic type to a protocol, found in
/// the conformance records of a loaded image.
public struct ProtocolConformance: Hashable, @unchecked Sendable {
    /// The conformance descriptor record.
    public let descriptor: UnsafeRawPointer
    /// The protocol conformed to.
    public let protocolDescriptor: ProtocolDescriptor
    /// The conforming type.
    public let conformingType: TypeMetadata
    /// The runtime's witness table for the conformance (from `swift_conformsToProtocol`).
    public let witnessTable: WitnessTable

    /// The witness table of the conforming type's conformance to a base protocol.
    ///
    /// - Parameter base: One of the protocol's base protocols (direct or inherited).
    /// - Returns: The table, nil when the runtime finds no conformance.
    /// - Throws: ``MetadataError/runtimeQueryFailed(_:)`` when the runtime entry point is missing.
    public func witnessTable(for base: ProtocolDescriptor) throws(MetadataError) -> WitnessTable? {
        try SwiftRuntime.conformsToProtocol(conformingType.pointer, base.pointer).map(WitnessTable.init(pointer:))
    }

    /// The entry address of every callable requirement's witness.
    ///
    /// - Returns: Requirement index → witness address (table word `index + 1`).
    /// - Throws: ``MetadataError/unknownRequirementKind(rawValue:protocolName:index:)`` for an unknown requirement.
    public func witnessAddresses() throws(MetadataError) -> [Int: UnsafeRawPointer] {
        try witnessTable.witnessAddresses(for: protocolDescriptor)
    }
}

/// A conformance record that was found but could not be turned into a
/// ``ProtocolConformance``, and why.
public struct SkippedConformance: Hashable, Sendable {
    /// The conforming type's name, when it could be read.
    public let typeName: String
    /// Why the record was skipped.
    public let reason: String

    /// The reason given for a generic conformer, whose witness tables exist only per instantiation.
    public static let genericConformer = "generic conformer"
}

/// What a scan of the loaded images found for one protocol.
public struct ConformanceScan: Sendable {
    /// Conformances with instantiated metadata and a witness table, in image order.
    public let conformances: [ProtocolConformance]
    /// Conformance records that could not be used (generic conformers, Objective-C classes, ...).
    public let skipped: [SkippedConformance]
    /// The witness table patterns of the generic conformers among ``skipped`` whose pattern reads as a table.
    public let genericPatterns: [GenericConformancePattern]
}

extension ProtocolConformance {
    /// Every conformance to `protocolDescriptor` recorded in the loaded images.
    ///
    /// Takes the records whose protocol is `protocolDescriptor` from the
    /// loaded images' `swift5_protocol_conformances` sections (through
    /// ``ConformanceRecordIndex``, which reads each section once), instantiates each non-generic
    /// conformer's metadata with its access function, and asks the runtime for
    /// the witness table. Generic conformers are reported in ``ConformanceScan/skipped``, with their
    /// witness table patterns in ``ConformanceScan/genericPatterns``.
    ///
    /// - Parameter protocolDescriptor: The protocol whose conformers to find.
    /// - Returns: The usable conformances and the skipped records.
    /// - Throws: ``MetadataError/runtimeQueryFailed(_:)`` when the runtime's entry points are missing.
    public static func all(to protocolDescriptor: ProtocolDescriptor) throws(MetadataError) -> ConformanceScan {
        var conformances: [ProtocolConformance] = []
        var skipped: [SkippedConformance] = []
        var patterns: [GenericConformancePattern] = []
        for record in try ConformanceRecordIndex.records(of: protocolDescriptor.pointer) {
            let flags = record.uint32(at: 12)
            let typeReferenceKind = (flags >> 3) & 0x7
            let typeDescriptorAddress: UnsafeRawPointer?
            switch typeReferenceKind {
            case 0: typeDescriptorAddress = record.relativeDirect(at: 4)
            case 1: typeDescriptorAddress = record.relativeDirect(at: 4)?.pointer(at: 0)
            default:
                skipped.append(SkippedConformance(typeName: "?", reason: "Objective-C class reference"))
                continue
            }
            guard let typeDescriptorAddress else {
                skipped.append(SkippedConformance(typeName: "?", reason: "null type reference"))
                continue
            }
            let typeDescriptor = TypeContextDescriptor(pointer: typeDescriptorAddress)
            let typeName = typeDescriptor.qualifiedName
            guard !typeDescriptor.isGeneric else {
                skipped.append(SkippedConformance(typeName: typeName, reason: SkippedConformance.genericConformer))
                if let pattern = GenericConformancePattern(record: record, flags: flags, typeName: typeName) {
                    patterns.append(pattern)
                }
                continue
            }
            let metadata: TypeMetadata
            do {
                metadata = try typeDescriptor.metadata()
            } catch {
                skipped.append(SkippedConformance(typeName: typeName, reason: error.description))
                continue
            }
            guard let table = try witnessTable(of: record, flags: flags, for: metadata, to: protocolDescriptor) else {
                skipped.append(SkippedConformance(typeName: typeName, reason: "the runtime found no witness table"))
                continue
            }
            conformances.append(
                ProtocolConformance(
                    descriptor: record, protocolDescriptor: protocolDescriptor, conformingType: metadata,
                    witnessTable: WitnessTable(pointer: table)))
        }
        return ConformanceScan(conformances: conformances, skipped: skipped, genericPatterns: patterns)
    }

    /// The conformance flags under which the record's own table is asked for: conditional requirements
    /// (bits 8-15) or conditional packs (24-31), a non-unique synthesized record (7), a global actor's
    /// isolation (19).
    static let flagsNeedingLookup: UInt32 = 0xFF << 8 | 1 << 7 | 1 << 19 | 0xFF << 24

    /// The witness table of `record`'s conformance for `metadata`, the non-generic type it names.
    ///
    /// An unconditional conformance of a non-generic type, not isolated to a global actor, has one
    /// table, which `swift_getWitnessTable` gives from the record itself (instantiating it if it must).
    /// `swift_conformsToProtocol` finds the same record by walking every conformance record of the
    /// process, once per type the first time it is asked: ~260,000 instructions for each conformer of
    /// the first `Stub`'s protocol. Any other record is asked of it.
    private static func witnessTable(
        of record: UnsafeRawPointer, flags: UInt32, for metadata: TypeMetadata,
        to protocolDescriptor: ProtocolDescriptor
    ) throws(MetadataError) -> UnsafeRawPointer? {
        if flags & flagsNeedingLookup == 0, let table = SwiftRuntime.witnessTable(of: record, for: metadata.pointer) {
            return table
        }
        return try SwiftRuntime.conformsToProtocol(metadata.pointer, protocolDescriptor.pointer)
    }
}
