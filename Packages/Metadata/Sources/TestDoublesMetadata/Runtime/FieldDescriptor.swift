/// The reflection record of a nominal type's stored properties or enum cases.
///
/// Layout: mangled type name (relative), superclass (relative), 16-bit kind,
/// 16-bit record size, 32-bit record count, then the records, each: 32-bit
/// flags, relative mangled type name (null for cases without payload),
/// relative field name.
public struct FieldDescriptor: Hashable, @unchecked Sendable {
    /// The descriptor's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the field descriptor at `pointer`.
    ///
    /// - Parameter pointer: The address of a field descriptor.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The number of records.
    public var count: Int { Int(pointer.uint32(at: 12)) }

    /// The records in declaration order.
    public var records: [FieldRecord] {
        let recordSize = Int(pointer.load(fromByteOffset: 10, as: UInt16.self))
        guard recordSize >= 12 else { return [] }
        return (0..<count).map { FieldRecord(pointer: pointer + 16 + $0 * recordSize) }
    }
}

/// One stored property or enum case of a field descriptor.
public struct FieldRecord: Hashable, @unchecked Sendable {
    /// The record's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the field record at `pointer`.
    ///
    /// - Parameter pointer: The address of a field record.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The raw flags word.
    public var flags: UInt32 { pointer.uint32(at: 0) }

    /// Whether the enum case is `indirect` (its payload lives in a box).
    public var isIndirectCase: Bool { flags & 0x1 != 0 }

    /// Whether the property is a `var`.
    public var isVar: Bool { flags & 0x2 != 0 }

    /// The property or case name.
    public var name: String { pointer.relativeString(at: 8) ?? "" }

    /// The mangled type name's address, nil for an enum case without payload.
    public var mangledTypeName: MangledTypeName? {
        pointer.relativeDirect(at: 4).map(MangledTypeName.init(pointer:))
    }
}
