/// Collects the test doubles created while it is in effect, so a test can
/// check all of them when it ends.
///
/// `TestDoublesTesting`'s `TestDoubleScope` trait (`.testDoubles`,
/// `.strictTestDoubles`) runs each test inside one; every
/// ``InvocationRecorder``, ``CallbackCapture`` and invocation stream created
/// on that task (or its child tasks) adopts itself into it.
public final class TestDoubleSession: Sendable {
    /// The session in effect on the current task.
    public static var current: TestDoubleSession? { TestDoubleTestingContext.session }

    private struct Adopted {
        var recorders: [InvocationRecorder] = []
        var captures: [any CallbackCaptureAuditing] = []
        var streams: [any InvocationStreamAuditing] = []
        var watched: [WeakRecorder] = []
    }

    private let adopted = Locked(Adopted())

    /// Creates an empty session.
    public init() {}

    func adopt(_ recorder: InvocationRecorder) {
        adopted.withLock {
            $0.recorders.append(recorder)
            $0.watched.append(WeakRecorder(recorder: recorder, name: recorder.name, site: recorder.creationSite))
        }
    }

    func adopt(_ capture: any CallbackCaptureAuditing) {
        adopted.withLock { $0.captures.append(capture) }
    }

    func adopt(_ stream: any InvocationStreamAuditing) {
        adopted.withLock { $0.streams.append(stream) }
    }

    /// The recorders created in the session, in creation order.
    public var recorders: [InvocationRecorder] { adopted.withLock { $0.recorders } }

    /// Runs end-of-test checks on every recorder of the session.
    ///
    /// - Parameter checks: The checks to run.
    /// - Returns: One message per failed check.
    public func audit(_ checks: InvocationRecorder.AuditChecks) -> [String] {
        recorders.flatMap { $0.audit(checks) }
    }

    /// Checks every ``CallbackCapture`` created in the session for callbacks
    /// the test neither called nor released.
    ///
    /// - Returns: One issue per capture that keeps pending callbacks, located
    ///   where the capture was created, in creation order.
    public func pendingCallbackCaptureIssues() -> [TestDoubleIssue] {
        adopted.withLock { $0.captures }.compactMap(\.pendingCallbacksIssue)
    }

    /// Checks every double of the session for async calls that started and
    /// have not returned (suspended, delayed, waiting for cancellation).
    ///
    /// - Returns: One issue per double with unfinished calls, at its creation site.
    public func unfinishedAsyncInvocationIssues() -> [TestDoubleIssue] {
        recorders.compactMap { recorder in
            let running = recorder.unfinishedAsyncCalls
            guard running > 0 else { return nil }
            return TestDoubleIssue(
                kind: .unmetExpectation,
                message: "\(recorder.name): \(running) async call(s) had not returned when the test ended",
                location: recorder.creationSite)
        }
    }

    /// Checks every `stream()` created in the session for calls it received
    /// that the test never read.
    ///
    /// - Returns: One issue per stream with unread calls, where it was created.
    public func unconsumedInvocationStreamIssues() -> [TestDoubleIssue] {
        adopted.withLock { $0.streams }.compactMap(\.unconsumedIssue)
    }

    /// Lets go of every double the session holds, then reports each double
    /// that something else still keeps alive: a double that escaped its test
    /// (kept by a singleton, a cache, a task that outlived the test).
    ///
    /// Call it last: the other checks need the doubles.
    ///
    /// - Returns: One issue per escaped double, at its creation site.
    public func releaseAndFindEscapedDoubles() -> [TestDoubleIssue] {
        let watched = adopted.withLock { adopted in
            defer { adopted = Adopted() }
            return adopted.watched
        }
        return watched.compactMap { watch in
            guard watch.recorder != nil else { return nil }
            return TestDoubleIssue(
                kind: .unmetExpectation,
                message: "\(watch.name) is still alive after its test ended; something outside the test keeps it",
                location: watch.site)
        }
    }

    private struct WeakRecorder: @unchecked Sendable {
        weak var recorder: InvocationRecorder?
        let name: String
        let site: CallSite
    }
}

/// Where the test-double session of the running test lives.
public enum TestDoubleTestingContext {
    /// The session in effect on the current task; the `TestDoubleScope` trait sets it.
    @TaskLocal public static var session: TestDoubleSession?
}

/// An invocation stream as the end-of-test check sees it.
protocol InvocationStreamAuditing: AnyObject, Sendable {
    /// The issue to report when the stream holds calls nobody read, or `nil`.
    var unconsumedIssue: TestDoubleIssue? { get }
}
