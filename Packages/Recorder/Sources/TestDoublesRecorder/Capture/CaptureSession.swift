import Synchronization

/// The state of one recording pass: the matchers `Match.*` pushed and the
/// calls the doubles saw while the pass ran.
///
/// A `when`, `verify` or `InvocationOrder` closure runs with a session in a
/// task local; every dispatch that finds a session records into it instead
/// of running a behavior, and returns a placeholder of its result.
final class CaptureSession: @unchecked Sendable {
    @TaskLocal static var current: CaptureSession?

    /// How many recording passes are running in the process. While none is,
    /// a dispatch skips the task-local lookup: real calls are the common case.
    private static let runningPasses = Atomic<Int>(0)

    /// The session of the recording pass this task runs in, looked up only
    /// while some pass runs. (A pass's own task sees its increment: program
    /// order, or the executor's hand-off when the task moved threads.)
    static var currentIfRecording: CaptureSession? {
        runningPasses.load(ordering: .relaxed) == 0 ? nil : current
    }

    /// Runs a recording closure with `session` as the current session.
    static func run(_ session: CaptureSession, _ body: () throws -> Void) {
        runningPasses.add(1, ordering: .relaxed)
        defer { runningPasses.subtract(1, ordering: .relaxed) }
        $current.withValue(session) { try? body() }
    }

    /// Runs an async recording closure with `session` as the current session,
    /// on the caller's actor: the closure is never sent anywhere, so it may
    /// capture and call whatever the caller's isolation allows.
    static func run(
        _ session: CaptureSession, isolation: isolated (any Actor)?, _ body: () async throws -> Void
    ) async {
        runningPasses.add(1, ordering: .relaxed)
        defer { runningPasses.subtract(1, ordering: .relaxed) }
        await $current.withValue(session, operation: { try? await body() }, isolation: isolation)
    }

    /// Which doubles may record into the session.
    enum Scope {
        /// Only this recorder; a call on another double is an error.
        case recorder(ObjectIdentifier)
        /// Every recorder (an `InvocationOrder` builder).
        case anyRecorder
    }

    /// One call seen during the pass.
    struct CapturedCall {
        let recorder: InvocationRecorder
        let requirement: Requirement
        let arguments: [Any]
        /// The matchers pushed while the call's arguments were evaluated.
        let matchers: [ArgumentMatcher]
    }

    /// A saved pattern listed in an `InvocationOrder` builder.
    enum Step {
        case call(CapturedCall)
        case interactions(PatternCore)
    }

    let scope: Scope
    /// The value recorded calls answer with, when the test supplied one (`when(returning:)`).
    let resultPlaceholder: Any?
    private let state = Locked<(pending: [ArgumentMatcher], steps: [Step], problems: [String])>(([], [], []))

    init(scope: Scope, resultPlaceholder: Any? = nil) {
        self.scope = scope
        self.resultPlaceholder = resultPlaceholder
    }

    func push(_ matcher: ArgumentMatcher) {
        state.withLock { $0.pending.append(matcher) }
    }

    var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Removes the matchers pushed after `mark`, oldest first.
    func pop(from mark: Int) -> [ArgumentMatcher] {
        state.withLock { state in
            guard mark < state.pending.count else { return [] }
            let popped = Array(state.pending[mark...])
            state.pending.removeSubrange(mark...)
            return popped
        }
    }

    func record(_ recorder: InvocationRecorder, _ requirement: Requirement, _ arguments: [Any]) {
        state.withLock { state in
            if case .recorder(let expected) = scope, expected != ObjectIdentifier(recorder) {
                state.problems.append(
                    "the closure called \(requirement.name) on \(recorder.name), a different double"
                )
                state.pending.removeAll()
                return
            }
            let call = CapturedCall(
                recorder: recorder, requirement: requirement, arguments: arguments, matchers: state.pending)
            state.pending.removeAll()
            state.steps.append(.call(call))
        }
    }

    func append(_ interactions: PatternCore) {
        state.withLock { $0.steps.append(.interactions(interactions)) }
    }

    var steps: [Step] { state.withLock { $0.steps } }
    var problems: [String] { state.withLock { $0.problems } }
    var leftoverMatchers: Int { state.withLock { $0.pending.count } }

    var calls: [CapturedCall] {
        steps.compactMap { step in
            if case .call(let call) = step { return call }
            return nil
        }
    }
}
