import TestDoublesRecorder
import TestDoublesTrampolines

/// The words of a call whose arguments are at most two scalars
/// (``ScalarArgumentLane``), read at byte offsets worked out once: one load
/// per argument, without the lane's case and location dispatch and index
/// checks. Reads the same ``ScalarArguments`` as the lane it stands for.
struct ScalarWordLane {
    /// The number of arguments: 0, 1 or 2.
    let count: UInt8
    /// The arguments' kinds (`.int` where there is no argument, never read).
    let kinds: (ScalarKind, ScalarKind)
    /// Where each argument's word is: a byte offset in the saved frame, or
    /// in the caller's stack arguments for the words whose bit is set in ``fromStack``.
    let offsets: (Int32, Int32)
    /// Bit `n` set: argument `n` is a stack word.
    let fromStack: UInt8

    /// The word lane standing for `lane`; nil when an argument's place has no offset.
    init?(_ lane: ScalarArgumentLane) {
        switch lane {
        case .none:
            count = 0
            kinds = (.int, .int)
            offsets = (0, 0)
            fromStack = 0
        case .one(let first):
            guard let word = Self.word(at: first.location) else { return nil }
            count = 1
            kinds = (first.kind, .int)
            offsets = (word.offset, 0)
            fromStack = word.fromStack ? 1 : 0
        case .two(let first, let second):
            guard let firstWord = Self.word(at: first.location), let secondWord = Self.word(at: second.location)
            else { return nil }
            count = 2
            kinds = (first.kind, second.kind)
            offsets = (firstWord.offset, secondWord.offset)
            fromStack = (firstWord.fromStack ? 1 : 0) | (secondWord.fromStack ? 2 : 0)
        }
    }

    /// Where a word at `location` is: its offset in the frame or the stack arguments.
    private static func word(at location: FragmentLocation) -> (offset: Int32, fromStack: Bool)? {
        if case .stack(let index) = location {
            guard index >= 0, index < Int(Int32.max) / 8 else { return nil }
            return (Int32(index * 8), true)
        }
        return CallFrame.savedWordOffset(ofArgument: location).map { (Int32($0), false) }
    }

    /// The arguments of one call.
    @inline(__always)
    func read(_ frame: CallFrame) -> ScalarArguments {
        let saved = frame.savedWords
        let stack = fromStack == 0 ? saved : frame.stackArguments
        switch count {
        case 0:
            return ScalarArguments()
        case 1:
            let word = (fromStack & 1 == 0 ? saved : stack).loadUnaligned(
                fromByteOffset: Int(offsets.0), as: UInt64.self)
            return ScalarArguments(kinds.0, word)
        default:
            let first = (fromStack & 1 == 0 ? saved : stack).loadUnaligned(
                fromByteOffset: Int(offsets.0), as: UInt64.self)
            let second = (fromStack & 2 == 0 ? saved : stack).loadUnaligned(
                fromByteOffset: Int(offsets.1), as: UInt64.self)
            return ScalarArguments(kinds.0, first, kinds.1, second)
        }
    }
}
