/// The metadata of an enum (including `Optional`): its cases and payload layout.
///
/// Descriptor layout after the nominal header: a 32-bit word holding the
/// payload-case count (low 24 bits) and the word offset of a stored payload
/// size (high 8 bits, zero when the size is static), then the empty-case count.
/// Payload cases come first in tag order, then the empty cases.
public struct EnumMetadata: Hashable, @unchecked Sendable {
    /// One case of the enum.
    public struct Case: Hashable, @unchecked Sendable {
        /// The case name.
        public let name: String
        /// The case's tag: payload cases are numbered first, then the empty cases.
        public let tag: Int
        /// The payload type, nil for a case without payload.
        public let payloadType: TypeMetadata?
        /// Whether the case is `indirect` (its payload lives in a heap box).
        public let isIndirect: Bool
    }

    /// The underlying metadata.
    public let metadata: TypeMetadata

    /// Views `metadata` as enum metadata.
    ///
    /// - Parameter metadata: Metadata of kind ``MetadataKind/enum`` or ``MetadataKind/optional``.
    /// - Throws: ``MetadataError`` when the metadata is of another kind.
    public init(_ metadata: TypeMetadata) throws(MetadataError) {
        try metadata.require(.enum, .optional, named: "enum")
        self.metadata = metadata
    }

    /// The enum's nominal type descriptor.
    public var descriptor: TypeContextDescriptor {
        TypeContextDescriptor(pointer: metadata.pointer.pointer(at: 8)!)
    }

    /// The number of cases with a payload.
    public var payloadCaseCount: Int { Int(descriptor.pointer.uint32(at: 20) & 0x00FF_FFFF) }

    /// The number of cases without payload.
    public var emptyCaseCount: Int { Int(descriptor.pointer.uint32(at: 24)) }

    /// The total number of cases.
    public var caseCount: Int { payloadCaseCount + emptyCaseCount }

    /// The word offset of the payload size stored in the metadata, zero when the size is static.
    var payloadSizeOffset: Int { Int(descriptor.pointer.uint32(at: 20) >> 24) }

    /// Whether the payload size is only known at run time (stored in the metadata):
    /// true for enums whose payloads are resilient or generic.
    public var hasRuntimePayloadSize: Bool { payloadSizeOffset != 0 }

    /// Whether the enum's layout is fixed at compile time: no runtime payload
    /// size and no runtime-initialized metadata. False for enums with resilient
    /// or generic payloads, whose layout clients cannot assume.
    public var hasStaticLayout: Bool {
        !hasRuntimePayloadSize && !descriptor.hasRuntimeComputedLayout && !descriptor.isGeneric
    }

    /// The payload size stored in the metadata, when it is stored there.
    public var storedPayloadSize: Int? {
        let offset = payloadSizeOffset
        guard offset != 0 else { return nil }
        return Int(metadata.pointer.word(at: offset * MemoryLayout<UInt>.size))
    }

    /// The generic argument vector (word 2 of the record).
    var genericArguments: UnsafeRawPointer { metadata.pointer + 2 * MemoryLayout<UInt>.size }

    /// The cases in tag order with their payload types resolved.
    ///
    /// - Throws: ``MetadataError/missingRecord(_:)`` without field records, or an unresolvable payload type.
    public func cases() throws(MetadataError) -> [Case] {
        guard caseCount > 0 else { return [] }
        guard let fieldDescriptor = descriptor.fieldDescriptor else {
            throw .missingRecord("case records of \(descriptor.qualifiedName)")
        }
        let records = fieldDescriptor.records
        guard records.count == caseCount else {
            throw .missingRecord("\(caseCount) case records of \(descriptor.qualifiedName)")
        }
        var payloadCases: [Case] = []
        var emptyCases: [(name: String, isIndirect: Bool)] = []
        for record in records {
            if let mangled = record.mangledTypeName, mangled.length > 0 {
                let type = try mangled.resolve(in: descriptor.context, genericArguments: genericArguments)
                payloadCases.append(
                    Case(
                        name: record.name, tag: payloadCases.count, payloadType: type, isIndirect: record.isIndirectCase
                    ))
            } else {
                emptyCases.append((record.name, record.isIndirectCase))
            }
        }
        guard payloadCases.count == payloadCaseCount else {
            throw .missingRecord("payload cases of \(descriptor.qualifiedName)")
        }
        let firstEmptyTag = payloadCases.count
        return payloadCases
            + emptyCases.enumerated().map { index, entry in
                Case(name: entry.name, tag: firstEmptyTag + index, payloadType: nil, isIndirect: entry.isIndirect)
            }
    }
}
