import TestDoublesRecorder

// Answer sequences and counted handlers of the closure patterns, over the
// wrapped `CallPattern`'s.

extension ClosureCallPattern {
    /// Answers the next calls with these values in order; the last repeats
    /// for every call after them.
    ///
    /// ```swift
    /// let ids = VoidClosureDouble<Int>()
    /// ids.whenAny().thenReturn(1, 2, 3)  // 1, 2, 3, 3, ...
    /// ```
    ///
    /// - Parameters:
    ///   - first: The first call's value.
    ///   - second: The second call's value.
    ///   - rest: The values of the calls after.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenReturn(
        _ first: Output, _ second: Output, _ rest: Output...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        for value in [first, second] + rest {
            callPattern.thenReturn(
                value, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
        }
        return interactions
    }

    /// Answers the next calls with these values in order, one each, as a
    /// queue the test can inspect; once it is empty, calls fall through to
    /// the pattern's later behaviors (or are unmatched).
    ///
    /// - Parameters:
    ///   - first: The first call's value.
    ///   - rest: The values of the calls after.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The queue.
    @discardableResult
    public func thenQueue(
        _ first: Output, _ rest: Output...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> StubBehaviorQueue {
        callPattern.thenQueue(
            contentsOf: [first] + rest, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension ClosureCallPattern where Effects == ClosureEffect.Sync {
    /// Answers the next `times` matching calls (or every call from now on,
    /// for `n...`) with a handler that also receives the call's number
    /// (1 for the first call this behavior answers).
    ///
    /// - Parameters:
    ///   - times: How many calls the handler answers: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's number and input.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCall<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, Input) -> Output
    ) -> Self {
        callPattern.thenForEachCall(times: times, fileID: fileID, filePath: filePath, line: line, column: column) {
            (count: Int, input: Input) in handler(count, input)
        }
        return self
    }
}

extension ClosureCallPattern where Effects == ClosureEffect.Async {
    /// Answers the next `times` matching calls (or every call from now on,
    /// for `n...`) with an async handler given the call's input.
    ///
    /// - Parameters:
    ///   - times: How many calls the handler answers: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Input) async -> Output
    ) -> Self {
        callPattern.thenForEachCall(times: times, fileID: fileID, filePath: filePath, line: line, column: column) {
            (_: Int, input: Input) async throws -> Output in await handler(input)
        }
        return self
    }
}

extension ClosureCallPattern where Effects: AsyncThrowingClosureEffectKind {
    /// Answers the next `times` matching calls (or every call from now on,
    /// for `n...`) with an async throwing handler given the call's input.
    ///
    /// - Parameters:
    ///   - times: How many calls the handler answers: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer or throws.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Input) async throws(Effects.Failure) -> Output
    ) -> Self {
        callPattern.thenForEachCall(times: times, fileID: fileID, filePath: filePath, line: line, column: column) {
            (_: Int, input: Input) async throws -> Output in try await handler(input)
        }
        return self
    }
}

extension ClosureCallPattern where Effects: AsyncClosureEffectKind {
    /// Answers the next `times` matching calls with `value` after `delay`
    /// (or at once, for `nil`).
    ///
    /// - Parameters:
    ///   - value: The answer.
    ///   - delay: How long each call waits first.
    ///   - times: How many calls: a count, or `n...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenReturn<Times: BehaviorRepetition>(
        _ value: Output, after delay: Duration?, times: Times,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        callPattern.thenReturn(
            value, after: delay, times: times, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }

    /// Answers the next matching call with `value` after `delay` measured by `clock`.
    ///
    /// - Parameters:
    ///   - value: The answer.
    ///   - delay: How long the call waits first, in `clock`'s time.
    ///   - clock: The clock that measures the delay, such as a `ManualStubClock`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenReturn(
        _ value: Output, after delay: Duration, using clock: any StubClock,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        callPattern.thenReturn(
            value, after: delay, using: clock, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Suspends each matching call until its task is cancelled, then returns `value`.
    ///
    /// - Parameters:
    ///   - value: What the cancelled call returns.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenAwaitCancellation(
        returning value: Output,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        callPattern.thenAwaitCancellation(
            returning: value, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension ClosureCallPattern where Effects: AsyncThrowingClosureEffectKind {
    /// Suspends each matching call until its task is cancelled, then throws `error`.
    ///
    /// - Parameters:
    ///   - error: What the cancelled call throws.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenAwaitCancellation(
        throwing error: Effects.Failure,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        callPattern.thenAwaitCancellation(
            throwing: error, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
