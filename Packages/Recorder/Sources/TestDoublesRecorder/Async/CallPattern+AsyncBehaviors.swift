extension CallPattern {
    /// Parks matching calls of an async requirement until the test resumes
    /// them through the returned handle, in arrival order.
    ///
    /// A parked call whose task is cancelled leaves the queue and throws
    /// `CancellationError` (a non-throwing requirement returns a default value;
    /// when its result has none, the call stays parked until resumed, and the
    /// cancellation is an issue at this line).
    ///
    /// ```swift
    /// let suspension = await loader.when { try await $0.loadFeed() }.thenSuspend()
    /// let refresh = Task { await feed.refresh() }
    /// await suspension.waitForCall(within: .seconds(1))
    /// suspension.resume(returning: ["Hello, world"])
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The handle that completes parked calls.
    public func thenSuspend(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Suspension<Result> {
        let core = SuspensionCore()
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if add(.suspend(core), .bare, site) { self.core.recorder.track(core) }
        return Suspension(core: core, interactions: interactions, site: site)
    }

    /// Answers matching calls of an async requirement with a value after a delay.
    ///
    /// - Parameters:
    ///   - value: The value to return.
    ///   - delay: How long the call waits first.
    ///   - clock: The clock that measures the delay; inject a test clock to control time.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenReturn<C: Clock>(
        _ value: Result, after delay: C.Duration, clock: C,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        appending(
            .delayed(.success(value), sleep: { try await clock.sleep(for: delay) }), .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls of an async requirement with a value after a
    /// delay measured by `clock`.
    ///
    /// ```swift
    /// let clock = ManualStubClock()
    /// await stub.when { try await $0.loadFeed() }.thenReturn(["late"], after: .seconds(5), using: clock)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to return.
    ///   - delay: How long the call waits first, in `clock`'s time.
    ///   - clock: The clock that measures the delay, such as a ``ManualStubClock``.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenReturn(
        _ value: Result, after delay: Duration, using clock: any StubClock,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        appending(
            .delayed(
                .success(value), sleep: { try await clock.sleep(for: delay) },
                elapsesAtOnce: clock is ImmediateStubClock),
            .bare,
            CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        ).interactions
    }

    /// Answers matching calls of an async requirement with a value after a delay on the continuous clock.
    ///
    /// - Parameters:
    ///   - value: The value to return.
    ///   - delay: How long the call waits first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenReturn(
        _ value: Result, after delay: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        thenReturn(
            value, after: delay, clock: ContinuousClock(), fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Makes matching calls of an async requirement never return: a wedged dependency.
    ///
    /// The calling task stays suspended even when cancelled; use it to test
    /// timeouts that abandon the call.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenNeverReturn(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> CallInteractions<Result> {
        appending(.never, .bare, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            .interactions
    }

    /// Makes matching calls of an async requirement wait until their task is
    /// cancelled, then throw `CancellationError` (or, for a non-throwing
    /// requirement, return a default value).
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenAwaitCancellation(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> CallInteractions<Result> {
        appending(
            .awaitCancellation(nil), .bare, CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        .interactions
    }
}

extension InvocationRecorder {
    func track(_ suspension: SuspensionCore) {
        state.withLock { $0.suspensions.append(suspension) }
    }
}
