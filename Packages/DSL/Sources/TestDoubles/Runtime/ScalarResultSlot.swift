import TestDoublesRecorder
import TestDoublesTrampolines

/// Where a scalar result goes, worked out once: the word the entry loads
/// into the result register, written with one store (two for a vector
/// register, whose high half is cleared) when the answer is a scalar of
/// exactly the result's kind, as ``ResultWriter/write(_:_:to:)`` writes it.
struct ScalarResultSlot {
    /// The result's kind: an answer of another kind is not written here.
    let kind: ScalarKind
    /// The byte offset of the result register's saved word in the frame.
    let offset: Int32
    /// Whether the register is a vector register (its high half is set to zero).
    let isVector: Bool

    /// The slot of a result `writer` writes as a scalar in a register; nil for any other writer.
    init?(_ writer: ResultWriter?) {
        guard case .scalar(let kind, let location) = writer,
            let offset = CallFrame.savedWordOffset(ofResult: location)
        else { return nil }
        self.kind = kind
        self.offset = Int32(offset)
        if case .vector = location { isVector = true } else { isVector = false }
    }

    /// Writes `word`, an answer of `answered` kind; false, with nothing written, when the kinds differ.
    @inline(__always)
    func write(_ answered: ScalarKind, _ word: UInt64, to frame: CallFrame) -> Bool {
        guard answered == kind else { return false }
        frame.setSavedWord(word, atByteOffset: Int(offset))
        if isVector { frame.setSavedWord(0, atByteOffset: Int(offset) + 8) }
        return true
    }
}
