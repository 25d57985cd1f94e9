import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

/// The code of the members a class double keeps with the class
/// (`keepingClassCodeFor:`), to tell a recording pass that the call it
/// records came from that code rather than from the closure.
///
/// A kept member is neither answered nor recorded, so `when { $0.extra() }`
/// runs the class's `extra()`, and a call `extra()` makes to an answered
/// member (`base()`) would otherwise be recorded as if the closure had made
/// it. A synchronous call's return address is read from its frame (the
/// word below its stack arguments, where both entries save it); when it
/// lies in a kept member's code, an issue at the `when`/`verify` line names
/// the kept member. Not seen: a kept member whose code the compiler inlined
/// into the closure, and calls made by functions the kept member calls.
struct ClassKeptCode: @unchecked Sendable {
    /// One kept member's code.
    struct Member {
        let name: String
        let start: UInt
        let end: UInt
    }

    let members: [Member]

    /// The kept member whose code holds `address`, if any.
    func member(containing address: UInt) -> Member? {
        members.first { $0.start <= address && address < $0.end }
    }

    /// A member of `slot`'s code range, nil when the images give no size.
    static func member(named name: String, slot: ClassVTable.Slot) -> Member? {
        // An async member's entry is its async function pointer record; its calls are not checked.
        guard let entry = slot.method.implementation, !slot.method.isAsync else { return nil }
        let code = UInt(bitPattern: entry)
        guard let symbol = (try? ImageRegistry.shared.symbols(at: code))?.first(where: { $0.size > 0 }) else {
            return nil
        }
        return Member(name: name, start: code, end: code + UInt(symbol.size))
    }

    /// Reports an issue when `frame`, a synchronous call reached in a
    /// recording pass, returns into a kept member's code.
    ///
    /// - Parameters:
    ///   - frame: The call.
    ///   - recorder: The double's recorder.
    ///   - called: The answered member the call reached.
    func check(_ frame: CallFrame, recorder: InvocationRecorder, called: @autoclosure () -> String) {
        guard !members.isEmpty, !frame.isAsync, recorder.isInRecordingPass else { return }
        let returnAddress = frame.stackArguments.load(fromByteOffset: -8, as: UInt.self)
        guard let kept = member(containing: returnAddress) else { return }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidRecording,
                message: "\(recorder.name): the recording closure called \(kept.name), which keeps the class's own "
                    + "code (`keepingClassCodeFor:`): it is neither answered nor recorded, and the call its code "
                    + "made to \(called()) is not the closure's. Configure and verify the members the double "
                    + "answers, not \(kept.name).",
                location: recorder.recordingPassSite))
    }
}
