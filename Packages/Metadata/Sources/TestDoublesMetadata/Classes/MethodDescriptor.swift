/// One entry of a class's own vtable description: the member a vtable slot
/// serves, and the class's implementation of it.
///
/// Layout (8 bytes, in the class context descriptor after the vtable
/// header): 32-bit flags (kind in bits 0-3, instance bit 4, `dynamic` bit 5,
/// `async` bit 6, a pointer-authentication discriminator in bits 16-31),
/// then a direct relative pointer to the implementation. An async member's
/// implementation is an async function pointer record, as its slot holds.
public struct MethodDescriptor: Hashable, @unchecked Sendable {
    /// The descriptor's address (what an override table entry refers to).
    public let pointer: UnsafeRawPointer

    /// Wraps the method descriptor at `pointer`.
    ///
    /// - Parameter pointer: The address of a method descriptor record.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The raw flags word.
    public var flags: UInt32 { pointer.uint32(at: 0) }

    /// What the descriptor describes (the low four bits of its flags, numbered
    /// as a protocol requirement's), nil for a kind this reader does not know:
    /// callers fail closed on it.
    public var kind: RequirementKind? {
        switch flags & 0x0F {
        case 0: .method
        case 1: .initializer
        case 2: .getter
        case 3: .setter
        case 4: .modify
        case 5: .read
        default: nil
        }
    }

    /// Whether the member is an instance member (`false` for `class` members and initializers).
    public var isInstance: Bool { flags & 0x10 != 0 }

    /// Whether the member is `dynamic` (replaceable with `@_dynamicReplacement`).
    public var isDynamic: Bool { flags & 0x20 != 0 }

    /// Whether the member is `async`: its slot holds an async function pointer record.
    public var isAsync: Bool { flags & 0x40 != 0 }

    /// Flag bits in the low half this reader does not know (bits 7-15); a
    /// descriptor with any set describes something not understood here.
    public var unknownFlags: UInt32 { flags & 0xFF80 }

    /// The declaring class's implementation, nil when the record has none.
    public var implementation: UnsafeRawPointer? { pointer.relativeDirect(at: 4) }
}
