extension InteractionObserving {
    /// The values the selected calls returned, in the order the calls arrived.
    ///
    /// Calls that threw, are still pending, were forwarded to a real
    /// implementation, or returned a value that is not a `Result` are left
    /// out; ``outcomes()`` tells them apart. Reading is a pure query: nothing
    /// is verified or consumed.
    ///
    /// - Returns: One value per call that returned.
    public func results() -> [Result] {
        outcomes().compactMap { outcome in
            if case .returned(let value) = outcome { return value }
            return nil
        }
    }

    /// The errors the selected calls threw, in the order the calls arrived.
    ///
    /// - Returns: One error per call that threw.
    public func errors() -> [any Error] {
        outcomes().compactMap { outcome in
            if case .threw(let error) = outcome { return error }
            return nil
        }
    }

    /// The errors of type `Failure` the selected calls threw, in the order the calls arrived.
    ///
    /// - Parameter type: The error type to keep, such as `LoadError.self`.
    /// - Returns: One error per call that threw a `Failure`.
    public func errors<Failure: Error>(ofType type: Failure.Type) -> [Failure] {
        errors().compactMap { $0 as? Failure }
    }

    /// How every selected call ended (or that it has not yet), in the order the calls arrived.
    ///
    /// - Returns: One outcome per call.
    public func outcomes() -> [InvocationOutcome<Result>] {
        core.matchingCompletions().map { InvocationOutcome($0.completion) }
    }

    /// How the last selected call to arrive ended; nil when none was selected.
    public var lastOutcome: InvocationOutcome<Result>? {
        core.matchingCompletions().last.map { InvocationOutcome($0.completion) }
    }

    /// When each selected call arrived and finished, in the order the calls arrived.
    ///
    /// - Returns: One timing per call; a pending call's has no completion.
    public func timings() -> [InvocationTiming] {
        core.matchingCompletions().map {
            InvocationTiming(id: $0.sequence, startedAt: $0.arrival, completedAt: $0.completion?.time)
        }
    }

    /// Waits, without polling, until at least `count` selected calls have
    /// returned, thrown or been forwarded; reports an issue at the caller
    /// when `timeout` passes first. Waiting verifies nothing.
    ///
    /// ```swift
    /// Task { await feed.refresh() }
    /// await loads.waitForCompletion(within: .seconds(1))
    /// #expect(loads.results() == [["Hello, world"]])
    /// ```
    ///
    /// - Parameters:
    ///   - count: The number of finished calls to wait for.
    ///   - timeout: How long to wait.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether enough calls finished in time.
    @discardableResult
    public func waitForCompletion(
        count: Int = 1, within timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await core.waitForCompletion(
            count: count, within: timeout, isolation: isolation,
            at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

// On every observing handle, not only `CallInteractions`: the seed's
// range-count terminals give back interactions and ours the pattern, so a
// seed-style `results(as:)` on what a terminal returned must compile on both.
extension InteractionObserving {
    /// The values the selected calls returned, read as `Value`, in the order the calls arrived.
    ///
    /// - Parameter type: The type to read the values as; inferred from the context when left out.
    /// - Returns: One value per call that returned a `Value`.
    public func results<Value>(as type: Value.Type = Value.self) -> [Value] {
        outcomes(as: type).compactMap { outcome in
            if case .returned(let value) = outcome { return value }
            return nil
        }
    }

    /// How every selected call ended, its value read as `Value`, in the order the calls arrived.
    ///
    /// - Parameter type: The type to read the values as; inferred from the context when left out.
    /// - Returns: One outcome per call.
    public func outcomes<Value>(as type: Value.Type = Value.self) -> [InvocationOutcome<Value>] {
        core.matchingCompletions().map { InvocationOutcome($0.completion) }
    }

    /// How the last selected call to arrive ended, its value read as `Value`; nil when none was selected.
    ///
    /// - Parameter type: The type to read the value as; inferred from the context when left out.
    /// - Returns: The outcome, or nil.
    public func lastOutcome<Value>(as type: Value.Type = Value.self) -> InvocationOutcome<Value>? {
        core.matchingCompletions().last.map { InvocationOutcome($0.completion) }
    }
}
