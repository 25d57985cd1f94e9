import TestDoublesRecorder

// The `times:` forms of `thenArguments` and the counted
// `thenForEachCallArguments`: handlers that receive a tuple input taken
// apart. The handler's parameter types must form `Input`; a mismatch is
// reported where the behavior is configured, which then configures nothing.

extension ClosureCallPattern where Effects == ClosureEffect.Sync {
    /// Answers the next `times` matching calls (or every call from now on,
    /// for `n...`) with a handler that receives the tuple input's elements.
    ///
    /// ```swift
    /// let greet = ClosureDouble<(String, Int), String>()
    /// greet.whenAny().thenArguments(times: 1) { (name: String, age: Int) in "\(name) (\(age))" }
    /// ```
    ///
    /// - Parameters:
    ///   - times: How many calls the handler answers: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Receives the input's elements; returns the answer.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenArguments<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) -> Output
    ) -> Self {
        guard
            let answer = spreading(
                handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else { return self }
        return then(times: times, fileID: fileID, filePath: filePath, line: line, column: column, answer)
    }

    /// Answers the next `times` matching calls (or every call from now on,
    /// for `n...`) with a handler that receives the call's number (1 for the
    /// first call this behavior answers) and the tuple input's elements.
    ///
    /// - Parameters:
    ///   - times: How many calls the handler answers: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Receives the call's number and the input's elements; returns the answer.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCallArguments<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, repeat each Argument) -> Output
    ) -> Self {
        guard
            let answer = spreadingCounted(
                handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else { return self }
        return thenForEachCall(times: times, fileID: fileID, filePath: filePath, line: line, column: column, answer)
    }

    /// Answers matching calls with a handler that receives the call's
    /// number (1 for the first call this behavior answers) and the tuple
    /// input's elements; as the last behavior it answers every later call.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Receives the call's number and the input's elements; returns the answer.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCallArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, repeat each Argument) -> Output
    ) -> Self {
        guard
            let answer = spreadingCounted(
                handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else { return self }
        return thenForEachCall(fileID: fileID, filePath: filePath, line: line, column: column, answer)
    }
}

extension ClosureCallPattern where Effects == ClosureEffect.Async {
    /// Answers the next `times` matching calls (or every call from now on,
    /// for `n...`) with an async handler that receives the tuple input's elements.
    ///
    /// - Parameters:
    ///   - times: How many calls the handler answers: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Receives the input's elements; returns the answer.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenArguments<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async -> Output
    ) -> Self {
        guard
            let answer = spreadingAsync(
                handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else { return self }
        callPattern.thenForEachCall(times: times, fileID: fileID, filePath: filePath, line: line, column: column) {
            (_: Int, input: Input) async throws -> Output in
            await answer(input)
        }
        return self
    }

    /// Answers the next `times` matching calls (or every call from now on,
    /// for `n...`) with an async handler that receives the call's number (1
    /// for the first call this behavior answers) and the tuple input's elements.
    ///
    /// - Parameters:
    ///   - times: How many calls the handler answers: a count, or `n...`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Receives the call's number and the input's elements; returns the answer.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCallArguments<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, repeat each Argument) async -> Output
    ) -> Self {
        guard
            let answer = spreadingAsyncCounted(
                handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else { return self }
        callPattern.thenForEachCall(times: times, fileID: fileID, filePath: filePath, line: line, column: column) {
            (call: Int, input: Input) async throws -> Output in
            await answer(call, input)
        }
        return self
    }

    /// Answers matching calls with an async handler that receives the
    /// call's number (1 for the first call this behavior answers) and the
    /// tuple input's elements; as the last behavior it answers every later call.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Receives the call's number and the input's elements; returns the answer.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCallArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, repeat each Argument) async -> Output
    ) -> Self {
        guard
            let answer = spreadingAsyncCounted(
                handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else { return self }
        return thenForEachCall(fileID: fileID, filePath: filePath, line: line, column: column, answer)
    }
}
