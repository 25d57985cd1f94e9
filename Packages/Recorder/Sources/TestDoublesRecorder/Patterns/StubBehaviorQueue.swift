/// A queue of answers configured by `thenQueue` or `thenThrowQueue`: each
/// serves one matching call, in order; once every answer is used, calls fall
/// through to later registrations.
///
/// ```swift
/// let answers = loader.when { try $0.load() }.thenQueue("first", "second")
/// // ... exercise the code ...
/// answers.assertExhausted()
/// ```
public final class StubBehaviorQueue: Sendable {
    private let core: CallSelection
    private let positions: Range<Int>

    init(core: CallSelection, positions: Range<Int>) {
        self.core = core
        self.positions = positions
    }

    /// The calls the queue's pattern selected.
    public var interactions: CallInteractions<Any> { CallInteractions(core: core) }

    /// The answers not used yet (`Int.max` when the last one answers every
    /// later call), or `nil` when the queue could not be configured.
    public var remainingAnswerCount: Int? {
        guard let registration = core.registration, core.isValid else { return nil }
        return core.recorder.remainingUses(of: registration, at: positions)
    }

    /// Whether every answer was used.
    public var isExhausted: Bool { remainingAnswerCount == 0 }

    /// Reports an issue at the caller when answers are left.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func assertExhausted(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let remaining = remainingAnswerCount ?? 0
        guard remaining > 0 else { return }
        let left =
            remaining == .max
            ? "the behaviors of \(core.patternDescription) are never used up (the last one answers every later call)"
            : "\(remaining) queued answer\(remaining == 1 ? " was" : "s were") never used by \(core.patternDescription)"
        core.report(
            "\(core.recorder.name): " + left,
            at: .at(fileID: fileID, filePath: filePath, line: line, column: column), kind: .verificationFailed)
    }
}
