/// The handle of a `thenSuspend()` behavior (``StubSuspension``, as the
/// seed names it): wait for calls to park, then complete them one at a
/// time, oldest first.
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

    /// Waits until at least `count` matching calls are parked at once,
    /// returning at once when they already are; reports an issue at the
    /// caller when `timeout` passes first.
    ///
    /// Resumed calls leave the parked set, so `count` counts the calls in
    /// flight now, not every call so far.
    ///
    /// - Parameters:
    ///   - count: How many calls must be parked.
    ///   - timeout: How long to wait.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the calls were parked in time.
    @discardableResult
    public func waitForCall(
        count: Int = 1, within timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        if await core.waitForParked(atLeast: count, within: timeout, isolation: isolation) { return true }
        reportTimeout(count, timeout, CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
        return false
    }

    private func reportTimeout(_ count: Int, _ timeout: Duration, _ callSite: CallSite) {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .timedOut,
                message: "No call reached the thenSuspend() behavior configured at \(site) within \(timeout): "
                    + "expected \(count) parked call(s), found \(core.pendingCount).",
                location: callSite))
    }

    /// Waits until at least `count` matching calls are parked at once, with
    /// the timeout measured by `clock`; reports an issue at the caller when
    /// it passes first.
    ///
    /// - Parameters:
    ///   - count: How many calls must be parked.
    ///   - timeout: How long to wait, in `clock`'s time.
    ///   - clock: The clock that measures the timeout, such as a ``ManualStubClock``.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the calls were parked in time.
    @discardableResult
    public func waitForCall(
        count: Int = 1, within timeout: Duration, using clock: any StubClock,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        if await core.waitForParked(atLeast: count, within: timeout, clock: clock, isolation: isolation) {
            return true
        }
        reportTimeout(count, timeout, CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
        return false
    }

    /// Waits, with no time limit, until at least `count` matching calls are
    /// parked at once; returns at once when they already are.
    ///
    /// Prefer ``waitForCall(count:within:isolation:fileID:filePath:line:column:)``
    /// where a missing call should fail the test rather than hang it; this
    /// wait ends early only when the waiting task is cancelled.
    ///
    /// - Parameters:
    ///   - count: How many calls must be parked.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    public func waitForCall(count: Int = 1, isolation: isolated (any Actor)? = #isolation) async {
        _ = await core.waitForParked(atLeast: count, within: nil, isolation: isolation)
    }

    /// Completes the oldest parked call with a value; reports an issue at the caller when none is parked.
    ///
    /// The value is `sending`: the parked call's task returns it, so the
    /// caller hands it over and does not use it afterwards (the compiler
    /// checks this for a value that is not `Sendable`).
    ///
    /// - Parameters:
    ///   - value: The value the call returns.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func resume(
        returning value: sending Result,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        resume(.success(value), CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Completes the oldest parked call by throwing an error; reports an issue
    /// at the caller when none is parked, or when the requirement cannot
    /// throw (the call then stays parked, for a `resume(returning:)`).
    ///
    /// - Parameters:
    ///   - error: The error the call throws (the requirement must throw).
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func resume(
        throwing error: any Error,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let callSite = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        if let requirement = interactions.core.requirement, !requirement.effects.canThrow {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidBehavior,
                    message: "resume(throwing:): \(requirement.name) cannot throw, so a call parked by the "
                        + "thenSuspend() behavior configured at \(site) cannot end with \(String(reflecting: error)); "
                        + "the call stays parked: complete it with resume(returning:).",
                    location: callSite))
            return
        }
        resume(.failure(error), callSite)
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
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        resume(returning: (), fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// The handle of a `thenSuspend()` behavior, by the name the seed library gives it.
public typealias StubSuspension<Result> = Suspension<Result>
