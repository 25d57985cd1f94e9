extension RecordingTestDouble {
    /// Waits, without polling, until the number of recorded calls matching
    /// the call shape is inside `count`; reports an issue at the caller when
    /// `timeout` passes first.
    ///
    /// ```swift
    /// await analytics.verify(within: .seconds(1)) { $0.track(event: Match.equal("sync"), value: Match.any()) }
    /// ```
    ///
    /// - Parameters:
    ///   - count: The accepted counts; at least one call by default.
    ///   - timeout: How long to wait.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration,
        _ body: (Subject) throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, returning: nil, body, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    #if compiler(>=6.2)
    /// Waits, without polling, until the number of recorded calls of an async
    /// requirement matching the call shape is inside `count`; reports an
    /// issue at the caller when `timeout` passes first.
    ///
    /// The closure runs on its own actor, else on the caller's; the wait runs on the caller's.
    ///
    /// - Parameters:
    ///   - count: The accepted counts; at least one call by default.
    ///   - timeout: How long to wait.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration,
        _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, returning: nil, body, lending: body.isolation ?? #isolation,
            isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The Swift 6.0 and 6.1 form of the async `verify(_:within:_:)` above, with the
    /// same parameters and `isolation`, the caller's actor (leave the default):
    /// those compilers have no `nonisolated(nonsending)`.
    @discardableResult
    public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration,
        _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, returning: nil, body, lending: body.isolation ?? isolation,
            isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// Waits until enough calls match, for a requirement whose result type
    /// has no built-in placeholder: the recording pass answers with `placeholder`.
    ///
    /// - Parameters:
    ///   - count: The accepted counts; at least one call by default.
    ///   - timeout: How long to wait.
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration, returning placeholder: R,
        _ body: (Subject) throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, returning: placeholder, body, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    #if compiler(>=6.2)
    /// Waits until enough calls of an async requirement match, for a
    /// requirement whose result type has no built-in placeholder.
    ///
    /// - Parameters:
    ///   - count: The accepted counts; at least one call by default.
    ///   - timeout: How long to wait.
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration, returning placeholder: R,
        _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, returning: placeholder, body, lending: body.isolation ?? #isolation,
            isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The Swift 6.0 and 6.1 form of the async `verify(_:within:returning:_:)` above, with the
    /// same parameters and `isolation`, the caller's actor (leave the default):
    /// those compilers have no `nonisolated(nonsending)`.
    @discardableResult
    public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration, returning placeholder: R,
        _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, returning: placeholder, body, lending: body.isolation ?? isolation,
            isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif
}

extension RecordingTestDouble {
    /// Waits until enough recorded calls match the call shape, with the
    /// timeout measured by `clock`; reports an issue at the caller when it passes first.
    ///
    /// - Parameters:
    ///   - count: The accepted counts; at least one call by default.
    ///   - timeout: How long to wait, in `clock`'s time.
    ///   - clock: The clock that measures the timeout, such as a ``ManualStubClock``.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration, using clock: any StubClock,
        _ body: (Subject) throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, clock: clock, returning: nil, body, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    #if compiler(>=6.2)
    /// Waits until enough recorded calls of an async requirement match the
    /// call shape, with the timeout measured by `clock`.
    ///
    /// - Parameters:
    ///   - count: The accepted counts; at least one call by default.
    ///   - timeout: How long to wait, in `clock`'s time.
    ///   - clock: The clock that measures the timeout, such as a ``ManualStubClock``.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration, using clock: any StubClock,
        _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, clock: clock, returning: nil, body, lending: body.isolation ?? #isolation,
            isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The Swift 6.0 and 6.1 form of the async `verify(_:within:using:_:)` above, with the
    /// same parameters and `isolation`, the caller's actor (leave the default):
    /// those compilers have no `nonisolated(nonsending)`.
    @discardableResult
    public func verify<R>(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration, using clock: any StubClock,
        _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordEventualVerification(
            count.callCount, within: timeout, clock: clock, returning: nil, body, lending: body.isolation ?? isolation,
            isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif
}

extension RecordingTestDouble {
    /// The one body of the `verify(_:within:…)` forms whose closure is
    /// synchronous: records the call shape, then waits on the caller's actor.
    func recordEventualVerification<R>(
        _ count: CallCount, within timeout: Duration, clock: any StubClock = StubClocks.continuous,
        returning placeholder: Any?, _ body: (Subject) throws -> R, isolation: isolated (any Actor)?, site: CallSite
    ) async -> Bool {
        let subject = recordingSubject
        let session = recorder.capturing(returning: placeholder, at: site) { _ = try body(subject) }
        return await recorder.verify(session, count, within: timeout, clock: clock, isolation: isolation, site: site)
    }
}

extension InvocationRecorder {
    func verify(
        _ session: CaptureSession, _ count: CallCount, within timeout: Duration,
        clock: any StubClock = StubClocks.continuous, isolation: isolated (any Actor)?, site: CallSite
    ) async -> Bool {
        guard
            let pattern = Self.patterns(
                from: session, purpose: "verify", expectingOne: true, site: site, doubleName: name)?.first
        else { return false }
        return await makeCore(pattern, registering: false, site: site).verify(
            count, within: timeout, clock: clock, isolation: isolation, at: site)
    }
}
