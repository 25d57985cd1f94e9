import TestDoublesRecorder

// The `times:` forms of the closure-pattern handlers, and the documented
// names of the closure-pattern types.

/// The pattern of a ``ThrowingClosureDouble``.
public typealias ThrowingClosureCallPattern<Input, Output> =
    ClosureCallPattern<Input, Output, ClosureEffect.Throwing<any Error>>
/// The pattern of an ``AsyncClosureDouble``.
public typealias AsyncClosureCallPattern<Input, Output> = ClosureCallPattern<Input, Output, ClosureEffect.Async>
/// The pattern of an ``AsyncThrowingClosureDouble``.
public typealias AsyncThrowingClosureCallPattern<Input, Output> =
    ClosureCallPattern<Input, Output, ClosureEffect.AsyncThrowing<any Error>>

extension ClosureCallPattern where Effects == ClosureEffect.Sync {
    /// Answers a number of matching calls with a handler of the input.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the input.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Input) -> Output
    ) -> Self {
        callPattern.then(times: times, fileID: fileID, filePath: filePath, line: line, column: column) {
            (input: Input) in handler(input)
        }
        return self
    }
}

extension ClosureCallPattern where Effects: SyncThrowingClosureEffectKind {
    /// Answers a number of matching calls with a handler of the input that may throw.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the input, or throws.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Input) throws(Effects.Failure) -> Output
    ) -> Self {
        callPattern.then(times: times, fileID: fileID, filePath: filePath, line: line, column: column) {
            (input: Input) throws -> Output in try handler(input)
        }
        return self
    }
}

extension ClosureCallPattern where Output == Void {
    /// Answers a number of matching calls of a closure that returns nothing.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenDoNothing<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenReturn((), times: times, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }
}
