/// Collects the recorders created while it is in effect, so a test can
/// check all of them when it ends.
///
/// `TestDoublesTesting`'s `.testDoubles` and `.strictTestDoubles` traits run
/// each test inside one; every ``InvocationRecorder`` created on that task
/// (or its child tasks) adopts itself into it.
public final class TestDoubleScope: Sendable {
    /// The scope in effect on the current task.
    @TaskLocal public static var current: TestDoubleScope?

    private let adopted = Locked<[InvocationRecorder]>([])
    private let adoptedCaptures = Locked<[any CallbackCaptureAuditing]>([])

    /// Creates an empty scope.
    public init() {}

    func adopt(_ recorder: InvocationRecorder) {
        adopted.withLock { $0.append(recorder) }
    }

    func adopt(_ capture: any CallbackCaptureAuditing) {
        adoptedCaptures.withLock { $0.append(capture) }
    }

    /// The recorders created in the scope, in creation order.
    public var recorders: [InvocationRecorder] { adopted.withLock { $0 } }

    /// Runs end-of-test checks on every recorder of the scope.
    ///
    /// - Parameter checks: The checks to run.
    /// - Returns: One message per failed check.
    public func audit(_ checks: InvocationRecorder.AuditChecks) -> [String] {
        recorders.flatMap { $0.audit(checks) }
    }

    /// Checks every ``CallbackCapture`` created in the scope for callbacks
    /// the test neither called nor released.
    ///
    /// - Returns: One issue per capture that keeps pending callbacks, located
    ///   where the capture was created, in creation order.
    public func pendingCallbackCaptureIssues() -> [TestDoubleIssue] {
        adoptedCaptures.withLock { $0 }.compactMap(\.pendingCallbacksIssue)
    }
}
