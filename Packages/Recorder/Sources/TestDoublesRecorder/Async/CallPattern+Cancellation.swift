extension CallPattern {
    /// Makes matching calls of an async requirement wait until their task is
    /// cancelled, then return `value`; a call whose task is already
    /// cancelled returns at once.
    ///
    /// ```swift
    /// await stub.when { await $0.pendingCount() }.thenAwaitCancellation(returning: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value a cancelled call returns.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenAwaitCancellation(
        returning value: Result,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        appending(
            .awaitCancellation(.success(value)), .bare,
            CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        ).interactions
    }

    /// Makes matching calls of an async throwing requirement wait until
    /// their task is cancelled, then throw `error`.
    ///
    /// - Parameters:
    ///   - error: The error a cancelled call throws.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenAwaitCancellation<Failure: Error>(
        throwing error: Failure,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkThrows("thenAwaitCancellation(throwing:)", at: site) else { return interactions }
        return appending(.awaitCancellation(.failure(error)), .bare, site).interactions
    }

    /// Makes matching calls of an async throwing requirement wait `delay`,
    /// then cancel the task that called and throw `CancellationError`: the
    /// dependency cancels its caller.
    ///
    /// ```swift
    /// await stub.when { try await $0.loadFeed() }.thenCancel(after: .seconds(1), using: clock)
    /// ```
    ///
    /// - Parameters:
    ///   - delay: How long the call waits first, in `clock`'s time.
    ///   - clock: The clock that measures the delay; real time by default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenCancel(
        after delay: Duration, using clock: any StubClock = StubClocks.continuous,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkThrows("thenCancel(after:)", at: site) else { return interactions }
        return appending(
            .cancel(after: { try await clock.sleep(for: delay) }, then: .failure(CancellationError())), .bare, site
        )
        .interactions
    }

    /// Makes matching calls of an async requirement wait `delay`, then
    /// cancel the task that called and return `value`.
    ///
    /// - Parameters:
    ///   - delay: How long the call waits first, in `clock`'s time.
    ///   - value: The value the call returns after cancelling its caller.
    ///   - clock: The clock that measures the delay; real time by default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenCancel(
        after delay: Duration, returning value: Result, using clock: any StubClock = StubClocks.continuous,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        appending(
            .cancel(after: { try await clock.sleep(for: delay) }, then: .success(value)), .bare,
            CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        ).interactions
    }
}
