import TestDoublesRecorder

// The `times:` forms of the in-out closure pattern, and the documented name
// of the chain its behaviors return.

/// The chain an in-out closure pattern's behaviors return: the pattern
/// itself, so later behaviors and verification go on from it.
public typealias InoutClosureBehaviorChain<Value, Result> = InoutClosureCallPattern<Value, Result>

extension InoutClosureCallPattern {
    /// Answers the next `times` matching calls (or every call from now on,
    /// for `n...`) with a handler that may change the received value and
    /// returns the result.
    ///
    /// ```swift
    /// let normalize = InoutClosureDouble<String, Bool>()
    /// normalize.whenAny()
    ///     .then(times: 2) { text in text = text.lowercased(); return true }
    ///     .thenReturn(false)
    /// ```
    ///
    /// - Parameters:
    ///   - times: How many calls the handler answers: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Changes the value if it needs to, and returns the result.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping @Sendable (inout Value) -> Result
    ) -> Self {
        callPattern.then(
            times: times, fileID: fileID, filePath: filePath, line: line, column: column, Self.outcome(of: handler))
        return self
    }

    /// Forwards the next `times` matching calls (or every call from now on,
    /// for `n...`) to the spy's real closure.
    ///
    /// - Parameters:
    ///   - times: How many calls to forward: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForward<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenForward(times: times, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }
}
