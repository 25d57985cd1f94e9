/// The handle of a `thenSuspend()` behavior: wait for calls to park, then
/// complete them one at a time, oldest first.
public final class Suspension<Result>: InteractionObserving, Sendable {
    let core: SuspensionCore
    /// The calls the suspended pattern selected.
    public let interactions: CallInteractions<Result>
    let site: CallSite

    init(core: SuspensionCore, interactions: CallInteractions<Result>, site: CallSite) {
        self.core = core
        self.interactions = interactions
        self.site = site
    }

    /// The number of calls parked and not yet resumed.
    public var pendingCount: Int { core.pendingCount }

    /// Waits until a call parks that no earlier `waitForCall` accounted for;
    /// reports an issue at the caller when `timeout` passes first.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether a call arrived in time.
    @discardableResult
    public func waitForCall(
        within timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        if await core.waitForArrival(within: timeout, isolation: isolation) { return true }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .timedOut,
                message: "No call reached the thenSuspend() behavior configured at \(site) within \(timeout).",
                location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
        return false
    }

    /// Completes the oldest parked call with a value; reports an issue at the caller when none is parked.
    ///
    /// - Parameters:
    ///   - value: The value the call returns.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func resume(
        returning value: Result,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        resume(.success(value), CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Completes the oldest parked call by throwing an error; reports an issue at the caller when none is parked.
    ///
    /// - Parameters:
    ///   - error: The error the call throws (the requirement must throw).
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func resume(
        throwing error: any Error,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        resume(.failure(error), CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func resume(_ result: Swift.Result<Any, any Error>, _ callSite: CallSite) {
        guard !core.resume(with: result) else { return }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior,
                message: "resume: no call is parked by the thenSuspend() behavior configured at \(site).",
                location: callSite))
    }
}
extension Suspension where Result == Void {
    /// Completes the oldest parked call of a requirement that returns nothing.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func resume(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        resume(returning: (), fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
