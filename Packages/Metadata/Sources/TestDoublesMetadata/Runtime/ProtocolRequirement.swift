/// The kind of a protocol requirement record (the low four bits of its flags).
public enum ProtocolRequirementKind: UInt8, Hashable, Sendable, CaseIterable {
    /// A witness-table slot pointing at a base protocol's table.
    case baseProtocol = 0
    /// A method.
    case method = 1
    /// An initializer.
    case initializer = 2
    /// A property or subscript getter.
    case getter = 3
    /// A property or subscript setter.
    case setter = 4
    /// A `read` coroutine (or `read2`/yielding borrow when ``ProtocolRequirement/isCalleeAllocatedCoroutine``).
    case readCoroutine = 5
    /// A `modify` coroutine (or `modify2`/yielding mutate when ``ProtocolRequirement/isCalleeAllocatedCoroutine``).
    case modifyCoroutine = 6
    /// An associated type's metadata access function.
    case associatedTypeAccessFunction = 7
    /// An associated conformance's witness-table access function.
    case associatedConformanceAccessFunction = 8

    /// Whether the slot holds a callable witness (method, initializer, accessor, coroutine).
    public var isCallable: Bool {
        switch self {
        case .method, .initializer, .getter, .setter, .readCoroutine, .modifyCoroutine: true
        case .baseProtocol, .associatedTypeAccessFunction, .associatedConformanceAccessFunction: false
        }
    }
}

/// One requirement record of a protocol descriptor: the description of one
/// witness-table slot (slot `index + 1`; word 0 is the conformance descriptor).
///
/// Layout: 32-bit flags (kind in bits 0-3, instance bit 4, async or
/// callee-allocated-coroutine bit 5, pointer-auth discriminator in bits
/// 16-31), then a relative pointer to a default implementation.
///
/// With Swift 6.3.1's `CoroutineAccessors` feature a `read` requirement is a
/// ``ProtocolRequirementKind/readCoroutine`` and every `modify` a
/// ``ProtocolRequirementKind/modifyCoroutine`` with bit 5 set
/// (``isCalleeAllocatedCoroutine``), and no legacy coroutine slot is emitted
/// beside them; without the feature `modify` is a legacy (bit 5 clear) slot.
public struct ProtocolRequirement: Hashable, @unchecked Sendable {
    /// The record's address.
    public let pointer: UnsafeRawPointer

    /// The requirement's position among the protocol's requirements.
    public let index: Int

    /// The requirement's kind.
    public let kind: ProtocolRequirementKind

    /// Reads the record at `pointer`.
    ///
    /// - Parameters:
    ///   - pointer: The address of the requirement record.
    ///   - index: The record's position in its protocol's requirement list.
    ///   - protocolName: The protocol's name, for the error message.
    /// - Throws: ``MetadataError/unknownRequirementKind(rawValue:protocolName:index:)`` for a kind
    ///   this reader does not know.
    public init(pointer: UnsafeRawPointer, index: Int, protocolName: String) throws(MetadataError) {
        let rawKind = UInt8(pointer.uint32(at: 0) & 0xF)
        guard let kind = ProtocolRequirementKind(rawValue: rawKind) else {
            throw .unknownRequirementKind(rawValue: rawKind, protocolName: protocolName, index: index)
        }
        self.pointer = pointer
        self.index = index
        self.kind = kind
    }

    /// The raw flags word.
    public var flags: UInt32 { pointer.uint32(at: 0) }

    /// Whether the requirement is on instances (false: static or initializer, called on the metatype).
    public var isInstance: Bool { flags & 0x10 != 0 }

    /// Whether a method, initializer or accessor requirement is `async`.
    public var isAsync: Bool { flags & 0x20 != 0 && !isCoroutine }

    /// Whether a read/modify requirement is a callee-allocated (`yield_once_2`) coroutine.
    public var isCalleeAllocatedCoroutine: Bool { flags & 0x20 != 0 && isCoroutine }

    private var isCoroutine: Bool { kind == .readCoroutine || kind == .modifyCoroutine }

    /// The pointer-authentication extra discriminator (unused on Linux).
    public var extraDiscriminator: UInt16 { UInt16(truncatingIfNeeded: flags >> 16) }

    /// The default implementation the protocol supplies for a resilient conformance, if any.
    public var defaultImplementation: UnsafeRawPointer? { pointer.relativeDirect(at: 4) }

    /// Whether the protocol supplies a default implementation in its descriptor.
    public var hasDefaultImplementation: Bool { defaultImplementation != nil }

    /// The witness-table word that holds this requirement's witness.
    public var witnessTableIndex: Int { index + 1 }
}
