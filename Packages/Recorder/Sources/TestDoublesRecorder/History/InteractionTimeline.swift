/// Every call of a double (or of one of its views) as a list of events:
/// what was called with what, how it was dispatched, and when it started
/// and finished.
///
/// ```swift
/// let events = analytics.history.timeline.events
/// #expect(events.map(\.requirement) == ["track(event:value:)"])
/// print(analytics.history.timeline)
/// ```
///
/// ``InteractionHistory/timeline`` lists the events in arrival order,
/// ``InteractionHistory/completionTimeline`` in completion order with the
/// calls still pending last. Reading a timeline verifies and consumes nothing.
public struct InteractionTimeline: Sendable, CustomStringConvertible {
    /// How a call was dispatched.
    public enum Dispatch: String, Sendable {
        /// The double answered the call (a registration's behavior or a default answer).
        case stubbed
        /// The call went to the real implementation (a spy).
        case forwarded
    }

    /// One call.
    public struct Event: Sendable, Identifiable {
        /// The call's process-wide sequence number (``Invocation/sequence``).
        public let id: UInt64
        /// The call's place in the process-wide order of completions; nil while it is pending.
        ///
        /// It can equal ``id``: a call answered in the same step that recorded
        /// it (most `thenReturn` answers) finished as it arrived. A handler's,
        /// a delayed value's or a suspended call's comes after it.
        public let completionSequence: UInt64?
        /// The requirement called, such as `track(event:value:)`.
        public let requirement: String
        /// Each argument as diagnostics print it.
        public let arguments: [String]
        /// Whether the double answered the call or forwarded it.
        public let dispatch: Dispatch
        /// The registration that served the call (its number and pattern); nil when none did.
        public let registration: String?
        /// The raw value of the calling task's base priority (`Task.basePriority`: the priority it was
        /// created with, not raised by escalation) when the call arrived; on a thread with no task, the
        /// thread's priority (`Task.currentPriority`).
        public let taskPriorityRawValue: UInt8
        /// The caller's stack as symbol names, when the double captures stacks
        /// (``RecordingTestDouble/captureCallStacks(maxFrames:)``); nil otherwise.
        public let callStack: [String]?
        /// When the call arrived (to the kernel's timer tick, as in ``InvocationTiming``).
        public let startedAt: ContinuousClock.Instant
        /// When the call finished; nil while it is pending.
        public let completedAt: ContinuousClock.Instant?
        /// The time from arrival to completion; nil while the call is pending.
        public let duration: Duration?
        /// The call as diagnostics print it, arguments woven into the labels.
        let call: String
    }

    /// The events, in the timeline's order.
    public let events: [Event]

    /// One line per event: its sequence number, the call, how it was dispatched and how long it took.
    public var description: String {
        guard !events.isEmpty else { return "no calls" }
        return events.enumerated().map { index, event in
            var line = "\(index + 1). #\(event.id) \(event.call) "
            line += event.dispatch == .forwarded ? "-> forwarded" : "-> stubbed"
            if let registration = event.registration { line += " by registration \(registration)" }
            if let duration = event.duration { line += " in \(duration)" } else { line += " (pending)" }
            return line
        }
        .joined(separator: "\n")
    }
}
