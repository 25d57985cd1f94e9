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
    ///
    /// A pass that ended (finished or parked) is no session: a task the
    /// closure started and did not await still carries it in its task-local
    /// values, and its later calls are real calls, whatever other passes
    /// the process runs at that moment.
    static var currentIfRecording: CaptureSession? {
        guard runningPasses.load(ordering: .relaxed) != 0, let session = current, !session.hasEnded else { return nil }
        return session
    }

    /// The session of the recording pass this task runs in, if it still
    /// runs (see ``currentIfRecording``).
    static var live: CaptureSession? {
        guard let session = current, !session.hasEnded else { return nil }
        return session
    }

    /// Runs a recording closure with `session` as the current session.
    static func run(_ session: CaptureSession, _ body: () throws -> Void) {
        runningPasses.add(1, ordering: .relaxed)
        defer { runningPasses.subtract(1, ordering: .relaxed) }
        defer { session.end() }
        $current.withValue(session) { try? body() }
    }

    /// Runs a recording closure on `host`'s thread with `session` as its
    /// current session, waiting until it finishes or parks; false (nothing
    /// run) when the host cannot take it.
    static func run(_ session: CaptureSession, hostedBy host: RecordingHost, _ body: () throws -> Void) -> Bool {
        runningPasses.add(1, ordering: .relaxed)
        defer { runningPasses.subtract(1, ordering: .relaxed) }
        let ran = host.run(session, body)
        if ran { session.end() }
        return ran
    }

    /// Runs an async recording closure in a task of `host` with `session`
    /// as its current session, its jobs run as `actor` (the closure's
    /// isolation, else the caller's), waiting until it finishes or parks;
    /// false (nothing run) when the host cannot take it.
    static func run(
        _ session: CaptureSession, hostedBy host: RecordingHost, isolation: isolated (any Actor)?,
        lending actor: (any Actor)?, lendsMainActor: Bool = true, _ body: () async throws -> Void
    ) async -> Bool {
        runningPasses.add(1, ordering: .relaxed)
        defer { runningPasses.subtract(1, ordering: .relaxed) }
        let ran = await host.run(session, isolation: isolation, lending: actor, lendsMainActor: lendsMainActor, body)
        if ran { session.end() }
        return ran
    }

    /// Runs an async recording closure with `session` as the current session,
    /// on the caller's actor: the closure is never sent anywhere, so it may
    /// capture and call whatever the caller's isolation allows.
    static func run(
        _ session: CaptureSession, isolation: isolated (any Actor)?, _ body: () async throws -> Void
    ) async {
        runningPasses.add(1, ordering: .relaxed)
        defer { runningPasses.subtract(1, ordering: .relaxed) }
        defer { session.end() }
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
        /// The value each matcher gave its argument expression, where known
        /// (nil for a matcher pushed again by a front): only for hints.
        var matcherValues: [Any?] = []
    }

    /// A saved pattern listed in an `InvocationOrder` builder.
    enum Step {
        case call(CapturedCall)
        case interactions(CallSelection)
    }

    let scope: Scope
    /// The value recorded calls answer with, when the test supplied one (`when(returning:)`).
    let resultPlaceholder: Any?
    /// The double a scoped pass records, whose earlier real calls may supply placeholders.
    private let owner: InvocationRecorder?
    /// The thread the pass runs on when it may need to park a call (see ``park(because:)``).
    private let host: RecordingHost?
    /// The `when`, `verify` or order line that started the pass, where a stop is reported first.
    let site: CallSite?
    private let state = Locked<State>(State())
    /// Whether the pass ended: its `when`, `verify` or order call went on (see ``hasEnded``).
    private let ended = Atomic<Bool>(false)

    private struct State {
        var pending: [ArgumentMatcher] = []
        /// The value each pending matcher returned, where noted (see ``noteValue(_:ofMatcherAt:)``).
        var pendingValues: [Any?] = []
        var steps: [Step] = []
        var problems: [String] = []
        /// Values the test handed to the pass (`using:` values, arguments of recorded calls), oldest first.
        var handedOver: [Any] = []
        /// How many steps an `InvocationOrder` builder expression has taken (see ``claimSteps()``).
        var claimed = 0
        /// Whether the pass's thread was parked (see ``park(because:)``).
        var parked = false
    }

    init(
        scope: Scope, resultPlaceholder: Any? = nil, owner: InvocationRecorder? = nil, host: RecordingHost? = nil,
        site: CallSite? = nil
    ) {
        self.scope = scope
        self.resultPlaceholder = resultPlaceholder
        self.owner = owner
        self.host = host
        self.site = site
    }

    /// Parks the calling thread for good when the pass runs on its host's
    /// thread as its own task or a child task of it (recording `problem`,
    /// if any, for the caller to report); returns at once on any other
    /// thread, and inside the drain of an actor the closure hopped to
    /// (parking there would hold that actor for good, see
    /// ``RecordingHost/mayParkCurrentThread``).
    ///
    /// For a call whose value no source can make: its requirement and
    /// matchers are recorded already (or the problem says why they cannot
    /// be), and nothing after it in the closure matters to the pass.
    ///
    /// Where the thread serves an actor's other jobs (the drain of an actor
    /// the closure hopped to, the main queue), the calling task (the pass's
    /// own, or a child task of the closure: `async let`, a task group) ends
    /// its job there without a value (see ``AbandonedJob``), when the
    /// runtime layer can: the thread goes back to that actor's queue, and
    /// the pass ends once its own thread is idle (see
    /// ``RecordingHost/abandonJob(_:)``).
    func park(because problem: String?) {
        if hasEnded { endStrayTask(because: problem) }
        guard let host else { return }
        if host.mayParkCurrentThread {
            markParked(problem)
            host.park()
        }
        // A task that outlived the pass (one the closure started and did not await) keeps the stop.
        if host.isRunning, let commit = AbandonedJob.prepared() {
            markParked(problem)
            host.abandonJob(commit)
        }
    }

    /// Marks the pass over, once its `when`, `verify` or order call goes on.
    func end() {
        ended.store(true, ordering: .releasing)
    }

    /// Whether the pass ended (finished or parked): only a task the closure
    /// started and did not await still runs with it.
    var hasEnded: Bool { ended.load(ordering: .acquiring) }

    /// Ends, for good, the job of a task that reached a value no source can
    /// make after its pass ended (a `Task { }` the closure started and did
    /// not await): an issue at the line that started the pass, then the
    /// task stays suspended and its thread goes on with its next job (see
    /// ``AbandonedJob``). Returns when the job cannot be ended here (no
    /// runtime layer, no task job on this thread); the caller then stops.
    ///
    /// - Parameter problem: What the call needed, if known.
    func endStrayTask(because problem: String?) {
        guard let commit = AbandonedJob.prepared() else { return }
        let need = problem.map { ": \($0)" } ?? ""
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidRecording,
                message: """
                    A task the recording closure started and did not await reached, after the pass had ended, a \
                    call that needs a value no source can make\(need). That task was stopped there for good \
                    (nothing after this call in it runs) and the pass recorded nothing of it. Await the task \
                    inside the closure, or make the call outside when/verify.
                    """,
                location: site))
        commit()
    }

    private func markParked(_ problem: String?) {
        state.withLock { state in
            if let problem { state.problems.append(problem) }
            state.parked = true
        }
    }

    /// Why the process stops when a call that needs a value no source can
    /// make is reached on a thread a recording pass can neither park nor end
    /// the task's job on (see ``AbandonedJob``), and what to do.
    ///
    /// - Parameter runtimeLayerLinked: Whether the process links the
    ///   `TestDoubles` module's runtime layer, which ends such a job.
    static func unparkableStop(runtimeLayerLinked: Bool) -> String {
        let why =
            runtimeLayerLinked
            ? """
            (the concurrency runtime's job runner was not the one recognized, or the call was made by a task \
            the pass no longer runs: one the closure started and did not await)
            """
            : """
            (that needs the TestDoubles module's runtime layer, which this process does not link: a test \
            target of TestDoublesManual alone)
            """
        let fix =
            runtimeLayerLinked
            ? "Hand the value over instead"
            : """
            Add the TestDoubles product to the test target's dependencies (import TestDoubles), or hand the \
            value over
            """
        return """
            The recording pass could not stop there: the closure reached this call on a thread that serves an \
            actor's other jobs (after an await of another actor brought the closure back through its own actor's \
            queue, or inside a requirement isolated to an actor other than the closure's and the main actor), \
            where stopping would hold that actor for good, and the task's job could not be ended there without \
            a value \(why), so no value can be returned and the test process stops. \(fix): \
            Match.any(using:), when(returning:) or Match.Placeholders.register; or mark the closure with the \
            requirement's actor.
            """
    }

    /// Reports, at the line that started the pass, the issue of a call that
    /// stops the process (`problem` says what is missing; the stop's reason
    /// and its fixes follow), also on standard error: the test's own report
    /// names the line before the process ends.
    ///
    /// - Parameters:
    ///   - problem: The value that cannot be made, for which call.
    ///   - session: The pass the call was reached in, if any.
    ///   - site: Where to report it outside any pass (a matcher's line), if known.
    static func reportStop(_ problem: String, in session: CaptureSession?, at site: CallSite? = nil) {
        let why = session == nil ? "" : " \(unparkableStop(runtimeLayerLinked: AbandonedJob.isAvailable))"
        TestDoubleIssueReporting.reportBeforeStopping(
            TestDoubleIssue(kind: .invalidRecording, message: problem + "." + why, location: session?.site ?? site))
    }

    /// Suspends the calling task for good when it is the task the pass runs
    /// in on its host (see ``park(because:)``); returns at once otherwise.
    ///
    /// A child task of the closure (`async let`, a task group), which has no
    /// thread to park and whose job cannot be ended here, suspends for good
    /// too, and the pass ends once its own thread is idle (see
    /// ``RecordingHost/endWhenIdle()``).
    func parkTask() async {
        if hasEnded {
            // A task that outlived the pass: it has no pass to end and nothing waits for it.
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
        guard let host else { return }
        if host.isCurrentTask {
            await host.parkTask()
        } else if host.endWhenIdle() {
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
    }

    /// Adds a matcher for the next argument expression.
    ///
    /// - Returns: Its index among the pending matchers.
    @discardableResult
    func push(_ matcher: ArgumentMatcher) -> Int {
        state.withLock { state in
            state.pending.append(matcher)
            state.pendingValues.append(nil)
            return state.pending.count - 1
        }
    }

    /// Keeps the value the matcher at `index` gave its argument expression,
    /// which places it among the call's arguments for a hint (see
    /// ``MixedRecordingHint``).
    func noteValue(_ value: Any, ofMatcherAt index: Int) {
        state.withLock { state in
            guard index < state.pendingValues.count else { return }
            state.pendingValues[index] = value
        }
    }

    /// Keeps a value the test wrote in the pass (a matcher's `using:` or compared value).
    func handOver(_ value: Any) {
        state.withLock { $0.handedOver.append(value) }
    }

    /// A value of `type` the test already handed over, newest first: to the
    /// pass (`using:` values, arguments of recorded calls, the `returning:`
    /// value), else as an argument of an earlier real call of the double(s)
    /// the pass records. A real value, never a made-up one.
    func handedOverValue(of type: Any.Type) -> Any? {
        func find<T>(_: T.Type) -> Any? {
            let (values, recorders) = state.withLock { ($0.handedOver, passRecorders(in: $0)) }
            for value in values.reversed() {
                if let typed = value as? T { return typed }
            }
            if let typed = resultPlaceholder as? T { return typed }
            for recorder in recorders {
                for invocation in recorder.invocations.reversed() {
                    for argument in invocation.arguments {
                        if let typed = argument as? T { return typed }
                    }
                }
            }
            return nil
        }
        return _openExistential(type, do: find)
    }

    /// A value of `type` a registration of the double(s) the pass records
    /// answers with (a `thenReturn` value, newest first): a real value the
    /// test made, for a recorded call's result that no other source can make
    /// (see ``InvocationRecorder/capture(_:_:_:)``). Matchers never get one:
    /// a bare `Match.any()` of such a type stays an issue at the line.
    func configuredResult(of type: Any.Type) -> Any? {
        func find<T>(_: T.Type) -> Any? {
            for recorder in state.withLock({ passRecorders(in: $0) }) {
                if let configured = recorder.configuredValue(of: T.self) { return configured }
            }
            return nil
        }
        return _openExistential(type, do: find)
    }

    /// The recorders of the double(s) the pass records: its owner's, then
    /// those of the recorded calls, each once, in order.
    private func passRecorders(in state: State) -> [InvocationRecorder] {
        var recorders = owner.map { [$0] } ?? []
        for case .call(let call) in state.steps where !recorders.contains(where: { $0 === call.recorder }) {
            recorders.append(call.recorder)
        }
        return recorders
    }

    var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Removes the matchers pushed after `mark`, oldest first.
    func pop(from mark: Int) -> [ArgumentMatcher] {
        state.withLock { state in
            guard mark < state.pending.count else { return [] }
            let popped = Array(state.pending[mark...])
            state.pending.removeSubrange(mark...)
            state.pendingValues.removeSubrange(min(mark, state.pendingValues.count)...)
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
                state.pendingValues.removeAll()
                return
            }
            let call = CapturedCall(
                recorder: recorder, requirement: requirement, arguments: arguments, matchers: state.pending,
                matcherValues: state.pendingValues)
            state.pending.removeAll()
            state.pendingValues.removeAll()
            state.handedOver.append(contentsOf: arguments)
            state.steps.append(.call(call))
        }
    }

    func append(_ interactions: CallSelection) {
        state.withLock { $0.steps.append(.interactions(interactions)) }
    }

    var steps: [Step] { state.withLock { $0.steps } }

    /// The steps recorded since the previous claim: the calls one
    /// `InvocationOrder` builder expression made.
    func claimSteps() -> [Step] {
        state.withLock { state in
            let taken = Array(state.steps[state.claimed...])
            state.claimed = state.steps.count
            return taken
        }
    }
    var problems: [String] { state.withLock { $0.problems } }
    /// Whether the pass's thread was parked: nothing after the parked call ran.
    var isParked: Bool { state.withLock { $0.parked } }
    var leftoverMatchers: Int { state.withLock { $0.pending.count } }

    var calls: [CapturedCall] {
        steps.compactMap { step in
            if case .call(let call) = step { return call }
            return nil
        }
    }
}
