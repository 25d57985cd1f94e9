/// Reading the 32-bit relative pointers Swift metadata records are made of.
///
/// A relative pointer stores the signed distance from its own address to the
/// target. An *indirectable* one uses its low bit to say that the target is a
/// pointer-sized cell holding the real address (used for references that
/// cross images). Targets are at least 4-byte aligned, so the low two bits of
/// an indirectable offset are never part of the distance.
extension UnsafeRawPointer {
    /// The signed 32-bit value stored `offset` bytes past `self`.
    func int32(at offset: Int) -> Int32 {
        loadUnaligned(fromByteOffset: offset, as: Int32.self)
    }

    /// The unsigned 32-bit value stored `offset` bytes past `self`.
    func uint32(at offset: Int) -> UInt32 {
        loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    /// The pointer-sized word stored `offset` bytes past `self`.
    func word(at offset: Int) -> UInt {
        loadUnaligned(fromByteOffset: offset, as: UInt.self)
    }

    /// The pointer stored `offset` bytes past `self`, nil when it is null.
    func pointer(at offset: Int) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: word(at: offset))
    }

    /// Resolves the direct relative pointer stored `offset` bytes past `self`.
    ///
    /// - Returns: The target, or nil when the stored distance is zero (a null relative pointer).
    func relativeDirect(at offset: Int) -> UnsafeRawPointer? {
        let distance = Int(int32(at: offset))
        guard distance != 0 else { return nil }
        return self + offset + distance
    }

    /// Resolves the indirectable relative pointer stored `offset` bytes past `self`.
    ///
    /// The low bit selects indirection; bit 1 may carry a flag (as in protocol
    /// references) and is ignored.
    ///
    /// - Returns: The target, or nil when the pointer or the indirection cell is null.
    func relativeIndirectable(at offset: Int) -> UnsafeRawPointer? {
        let raw = Int(int32(at: offset))
        guard raw != 0 else { return nil }
        let target = self + offset + (raw & ~3)
        if raw & 1 == 0 { return target }
        return target.pointer(at: 0)
    }

    /// The NUL-terminated string the direct relative pointer at `offset` refers to.
    func relativeString(at offset: Int) -> String? {
        relativeDirect(at: offset).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }
}
