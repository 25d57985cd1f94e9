extension InlineAnyArgumentReader {
    /// Whether the argument is a borrowed value an `Any` keeps in a heap box
    /// (wider than its buffer, or aligned to 16): one a front can lend by
    /// address (``borrowedValue(_:scratch:)``) instead of boxing it.
    public var isBorrowedOutOfLine: Bool {
        !isInline && ownership == .borrowed
    }

    /// The scratch bytes ``borrowedValue(_:scratch:)`` needs: the value's
    /// size, rounded up to 16, for one that travels in registers or stack
    /// words; 0 for one whose address travels.
    public var scratchByteCount: Int {
        guard case .direct = source else { return 0 }
        return (size + 15) & ~15
    }

    /// The value's type.
    public var valueType: Any.Type { metadata.type }

    /// The address of the borrowed argument of the call in `frame`, valid
    /// while the call is in progress and `scratch` is: the caller's own
    /// value when its address travels, else its parts gathered into
    /// `scratch` (the bytes no part covers zero), which then hold the
    /// borrowed value's bits (no copy is made: nothing is retained).
    /// Only for a reader that ``isBorrowedOutOfLine``.
    ///
    /// - Parameters:
    ///   - frame: The call.
    ///   - scratch: ``scratchByteCount`` bytes, 16-byte aligned (nil when that is 0).
    /// - Returns: The value's address; nil when the frame has none for it (or no scratch was given).
    public func borrowedValue(_ frame: CallFrame, scratch: UnsafeMutableRawPointer?) -> UnsafeRawPointer? {
        switch source {
        case .indirect(let pointerLocation):
            return frame.indirectArgumentAddress(.indirect(pointerLocation)).map { UnsafeRawPointer($0) }
        case .direct(let gathering):
            guard let scratch else { return nil }
            scratch.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            gathering.gather(frame, into: scratch)
            return UnsafeRawPointer(scratch)
        }
    }
}
