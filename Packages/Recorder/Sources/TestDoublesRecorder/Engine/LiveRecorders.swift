/// Every live double's engine in the process, held weakly, newest last:
/// where a matcher written outside any recording pass looks for a real
/// value of a type no placeholder can be made of (see
/// ``Match/any(fileID:filePath:line:column:)``).
///
/// A double joins at its creation (one short hold of a lock); released ones
/// are dropped when the list has grown to twice the size it had after the
/// last sweep, so the list stays proportional to the live doubles.
enum LiveRecorders {
    private struct Entry: @unchecked Sendable {
        weak var recorder: InvocationRecorder?
    }

    private struct State {
        var entries: [Entry] = []
        /// The size at which the next append sweeps released doubles out.
        var sweepAt = 64
    }

    private static let state = Locked(State())

    /// Adds a double's engine (from its initializer).
    static func join(_ recorder: InvocationRecorder) {
        state.withLock { state in
            state.entries.append(Entry(recorder: recorder))
            guard state.entries.count >= state.sweepAt else { return }
            state.entries.removeAll { $0.recorder == nil }
            state.sweepAt = max(64, state.entries.count * 2)
        }
    }

    /// The newest argument of type `T` a live double was handed in a real
    /// call (its newest double first, and each double's newest call first),
    /// looking inside `Any` arguments; nil when none was.
    ///
    /// One double is held at a time, while its calls are read: holding
    /// every live double for the whole search kept doubles other tests had
    /// just released alive meanwhile (and ran their teardown here).
    static func newestArgument<T>(of _: T.Type) -> T? {
        let entries = state.withLock { state in state.entries }
        for entry in entries.reversed() {
            guard let recorder = entry.recorder else { continue }
            for invocation in recorder.invocations.reversed() {
                for argument in invocation.arguments.reversed() {
                    if let typed = argument as? T { return typed }
                }
            }
        }
        return nil
    }
}
