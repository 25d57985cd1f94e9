import TestDoublesRecorder

/// A call pattern of a closure double that keeps the closure's `Input`
/// type for handlers, `arguments()` and `stream()`.
///
/// It shares everything else with protocol doubles' `CallPattern`: the
/// same behavior chains (bare steps, `times:`), counts, verification,
/// `InvocationOrder` and strict-scope checks. Which outcomes it offers
/// depends on the closure's effects: `thenThrow` only for throwing closures,
/// `thenSuspend()` and the other timing controls only for async ones.
///
/// ```swift
/// let twos = formatter.when(equal: 2)
/// let twoCalls = twos.thenReturn("first two").thenReturn("two")
/// twoCalls.verify(2...2)
/// #expect(twos.arguments() == [2, 2])
/// ```
public struct ClosureCallPattern<Input, Output, Effects: ClosureEffectKind>: InteractionObserving, Sendable {
    /// The protocol-double pattern this one wraps.
    public let callPattern: CallPattern<Output>
    /// The engine of the double the pattern belongs to.
    let recorder: InvocationRecorder

    init(pattern: CallPattern<Output>, recorder: InvocationRecorder) {
        callPattern = pattern
        self.recorder = recorder
    }

    /// The observation-only view of the pattern's calls.
    public var interactions: CallInteractions<Output> { callPattern.interactions }

    /// The inputs of the calls the pattern matched, in call order.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: One input per matching call.
    public func arguments(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [Input] {
        callPattern.interactions.arguments(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// The inputs of matching calls made from now on, as they arrive.
    ///
    /// - Returns: A stream of inputs.
    public func stream() -> InvocationStream<Input> {
        callPattern.interactions.stream()
    }

    // MARK: Values

    /// Answers matching calls with a value.
    ///
    /// - Parameters:
    ///   - value: The value to return.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenReturn(
        _ value: Output,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenReturn(value, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }

    /// Answers a number of matching calls with a value.
    ///
    /// - Parameters:
    ///   - value: The value to return.
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenReturn<Times: BehaviorRepetition>(
        _ value: Output, times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenReturn(value, times: times, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }
}

extension ClosureCallPattern where Output == Void {
    /// Answers matching calls of a closure that returns nothing.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenDoNothing(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenDoNothing(fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }
}

extension ClosureCallPattern where Effects: ThrowingClosureEffectKind {
    /// Answers matching calls by throwing an error.
    ///
    /// - Parameters:
    ///   - error: The error to throw.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenThrow(
        _ error: Effects.Failure,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenThrow(error, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }

    /// Answers a number of matching calls by throwing an error.
    ///
    /// - Parameters:
    ///   - error: The error to throw.
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenThrow<Times: BehaviorRepetition>(
        _ error: Effects.Failure, times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenThrow(error, times: times, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }
}

extension ClosureCallPattern where Effects: AsyncClosureEffectKind {
    /// Parks matching calls until the test resumes them through the returned handle, in arrival order.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The handle that completes parked calls.
    public func thenSuspend(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Suspension<Output> {
        callPattern.thenSuspend(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers matching calls with a value after a delay measured by `clock`.
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
        _ value: Output, after delay: C.Duration, clock: C,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenReturn(
            value, after: delay, clock: clock, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }

    /// Answers matching calls with a value after a delay on the continuous clock.
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
        _ value: Output, after delay: Duration,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenReturn(value, after: delay, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }

    /// Makes matching calls never return: a wedged dependency.
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
    ) -> CallInteractions<Output> {
        callPattern.thenNeverReturn(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Makes matching calls wait until their task is cancelled, then throw
    /// `CancellationError` (or, for a non-throwing closure, return a default value).
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
    ) -> CallInteractions<Output> {
        callPattern.thenAwaitCancellation(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
