import CTestDoublesTrampolines

/// Register words read and written at byte offsets worked out once.
///
/// A front that serves many calls of one requirement finds where each of
/// its argument and result words is saved once, when it plans the
/// requirement; a call then reads and writes those words with one load or
/// store each, without the per-call location dispatch and index checks of
/// ``CallFrame/generalPurposeRegister(_:)`` and its siblings.
extension CallFrame {
    /// Where the entry saves the low word of an argument register, as a byte
    /// offset in the frame; nil for a stack word or an index out of range.
    ///
    /// - Parameter location: An argument's register.
    /// - Returns: The offset for ``savedWord(atByteOffset:)``, or nil.
    public static func savedWordOffset(ofArgument location: FragmentLocation) -> Int? {
        switch location {
        case .generalPurpose(let index):
            guard index >= 0, index < Int(TD_FRAME_GP_COUNT) else { return nil }
            return Int(TD_FRAME_GP) + index * 8
        case .vector(let index):
            guard index >= 0, index < Int(TD_FRAME_VECTOR_COUNT) else { return nil }
            return Int(TD_FRAME_VECTOR) + index * 16
        case .stack:
            return nil
        }
    }

    /// Where the entry loads the low word of a result register from, as a
    /// byte offset in the frame; nil for a stack location or an index out of range.
    ///
    /// - Parameter location: A result's register.
    /// - Returns: The offset for ``setSavedWord(_:atByteOffset:)``, or nil.
    public static func savedWordOffset(ofResult location: FragmentLocation) -> Int? {
        switch location {
        case .generalPurpose(let index):
            guard index >= 0, index < Int(TD_FRAME_RETURN_GP_COUNT) else { return nil }
            return Int(TD_FRAME_RETURN_GP) + index * 8
        case .vector(let index):
            guard index >= 0, index < Int(TD_FRAME_RETURN_VECTOR_COUNT) else { return nil }
            return Int(TD_FRAME_RETURN_VECTOR) + index * 16
        case .stack:
            return nil
        }
    }

    /// The saved word at `offset`.
    ///
    /// - Parameter offset: An offset from ``savedWordOffset(ofArgument:)``
    ///   (or that offset plus 8, the high half of a vector register).
    /// - Returns: The word.
    @inlinable
    public func savedWord(atByteOffset offset: Int) -> UInt64 {
        raw.load(fromByteOffset: offset, as: UInt64.self)
    }

    /// Sets the word at `offset`, which the entry loads into its result register.
    ///
    /// - Parameters:
    ///   - word: The word.
    ///   - offset: An offset from ``savedWordOffset(ofResult:)`` (or that
    ///     offset plus 8, the high half of a vector register).
    @inlinable
    public func setSavedWord(_ word: UInt64, atByteOffset offset: Int) {
        raw.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
    }

    /// The saved frame's address, the base ``savedWord(atByteOffset:)`` reads from.
    @inlinable
    public var savedWords: UnsafeRawPointer { UnsafeRawPointer(raw) }
}
