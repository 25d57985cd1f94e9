import TestDoublesRecorder

// Calls that must not happen, injected failures and injected cancellation on
// the closure patterns, over the wrapped `CallPattern`'s.

extension ClosureCallPattern {
    /// Marks matching calls as ones that must not happen, without stopping
    /// the test process: such a call is reported as a test issue at the line
    /// that configured it, with `message`, and then answered as an unstubbed
    /// call (a throwing closure throws `UnstubbedCall`, any other returns
    /// its default value). Stopping the process would end every other test
    /// of the run because of one test's expectation.
    ///
    /// - Parameters:
    ///   - message: Why the call must not happen, printed in the issue.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenFatalError(
        _ message: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        callPattern.thenFatalError(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension ClosureCallPattern where Effects: ThrowingClosureEffectKind {
    /// Answers every matching call with `value`, except every `interval`-th
    /// one (the `interval`-th, the `2 * interval`-th, ...), which throws `error`.
    ///
    /// ```swift
    /// let upload = ThrowingClosureDouble<Data, Int>()
    /// upload.whenAny().thenInjectFailure(every: 3, throwing: URLError(.timedOut), otherwiseReturning: 201)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: How often a call fails (at least 1).
    ///   - error: The error the failing calls throw.
    ///   - value: The answer of the other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenInjectFailure(
        every interval: Int, throwing error: Effects.Failure, otherwiseReturning value: Output,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        callPattern.thenInjectFailure(
            every: interval, throwing: error, otherwiseReturning: value,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers every matching call with `value`, except a reproducible share
    /// of them, which throw `error`: the same `seed` fails the same calls
    /// (counted in the order they reach the pattern) on every run.
    ///
    /// - Parameters:
    ///   - probability: The share of calls that fail, from 0 to 1.
    ///   - seed: The generator's seed.
    ///   - error: The error the failing calls throw.
    ///   - value: The answer of the other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenInjectFailure(
        probability: Double, seed: UInt64, throwing error: Effects.Failure, otherwiseReturning value: Output,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        callPattern.thenInjectFailure(
            probability: probability, seed: seed, throwing: error, otherwiseReturning: value,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension ClosureCallPattern where Effects: AsyncThrowingClosureEffectKind {
    /// Makes matching calls wait `delay`, then cancel the task that called
    /// and throw `CancellationError`.
    ///
    /// - Parameters:
    ///   - delay: How long the call waits first, in `clock`'s time.
    ///   - clock: The clock that measures the delay; real time by default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenCancel(
        after delay: Duration, using clock: any StubClock = StubClocks.continuous,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        callPattern.thenCancel(
            after: delay, using: clock, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Makes matching calls wait `delay`, then cancel the task that called
    /// and return `value`.
    ///
    /// - Parameters:
    ///   - delay: How long the call waits first, in `clock`'s time.
    ///   - value: The value the call returns after cancelling its caller.
    ///   - clock: The clock that measures the delay; real time by default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern's calls, to verify.
    @discardableResult
    public func thenCancel(
        after delay: Duration, returning value: Output, using clock: any StubClock = StubClocks.continuous,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Output> {
        callPattern.thenCancel(
            after: delay, returning: value, using: clock, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }
}
