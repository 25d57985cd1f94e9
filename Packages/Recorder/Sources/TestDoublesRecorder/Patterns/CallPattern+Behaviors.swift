extension CallPattern {
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
        _ value: Result,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        appending(.value(value), .bare, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
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
        _ value: Result, times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        appending(
            .value(value), times.engineRepeat, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls by throwing an error; the requirement must throw.
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
        _ error: any Error,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        appending(.error(error), .bare, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls by throwing an error; the requirement must throw.
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
        _ error: any Error, times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        appending(
            .error(error), times.engineRepeat, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls with a handler that receives the call's typed
    /// arguments; it may take a leading prefix of them (or none).
    ///
    /// ```swift
    /// flags.when { $0.isEnabled(Match.any(), for: Match.any()) }
    ///     .then { (_: String, userID: Int) in userID.isMultiple(of: 2) }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock. An error it
    ///     throws is thrown to the caller (the requirement must throw).
    /// - Returns: The pattern, to chain more behaviors or verify.
    @inlinable
    @discardableResult
    #if compiler(>=6.1)
    @_disfavoredOverload  // so an optional result's unwrapped-value `then` wins; see CallPattern+OptionalResults.swift
    #endif
    public func then<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            handler, times: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls with a handler that receives the call's typed arguments.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @inlinable
    @discardableResult
    #if compiler(>=6.1)
    @_disfavoredOverload  // so an optional result's unwrapped-value `then` wins; see CallPattern+OptionalResults.swift
    #endif
    public func then<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            handler, times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls with a handler that takes exactly one argument,
    /// the call's first.
    ///
    /// ```swift
    /// transformer.when(returning: identity) { $0.transform(Match.any(using: identity)) }
    ///     .then { (body: Transform) in { value in body(value) + 1 } }
    /// ```
    ///
    /// The variadic form serves every other handler. This one exists for a
    /// first argument of function type: Swift makes a closure's function-typed
    /// parameter non-escaping, which no element of a parameter pack may be, so
    /// only a plain generic parameter accepts `{ (body: Transform) in … }`
    /// written without `@escaping`.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock. An error it
    ///     throws is thrown to the caller (the requirement must throw).
    /// - Returns: The pattern, to chain more behaviors or verify.
    @inlinable
    @discardableResult
    @_disfavoredOverload  // ties with the variadic form resolve here; both answer the same
    public func then<Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Argument) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            unary: handler, times: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls with a handler that takes exactly
    /// one argument, the call's first; like the form without `times:`, it
    /// accepts a function-typed parameter written without `@escaping`.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @inlinable
    @discardableResult
    @_disfavoredOverload  // ties with the variadic form resolve here; both answer the same
    public func then<Times: BehaviorRepetition, Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Argument) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            unary: handler, times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls of an async requirement with an async handler
    /// that receives the call's typed arguments (a leading prefix of them).
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    #if compiler(>=6.1)
    @_disfavoredOverload  // so an optional result's unwrapped-value `then` wins; see CallPattern+OptionalResults.swift
    #endif
    public func then<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async throws -> Result
    ) -> Self {
        appending(
            .computeAsync(typedAsyncHandler(handler)), .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls of an async requirement with an async handler
    /// that takes exactly one argument, the call's first; like the synchronous
    /// one-argument form, it accepts a function-typed parameter written
    /// without `@escaping` (`{ (predicate: (Model) async -> Bool) async in … }`).
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    @_disfavoredOverload  // ties with the variadic form resolve here; both answer the same
    public func then<Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Argument) async throws -> Result
    ) -> Self {
        appending(
            .computeAsync(typedAsyncHandler(handler)), .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls of an async requirement with an
    /// async handler that receives the call's typed arguments (a leading prefix of them).
    ///
    /// ```swift
    /// await loader.when { try await $0.loadFeed() }
    ///     .then(times: 2) { () async throws -> [String] in throw URLError(.timedOut) }
    ///     .thenReturn(["Hello, world"])
    /// ```
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    #if compiler(>=6.1)
    @_disfavoredOverload  // so an optional result's unwrapped-value `then` wins; see CallPattern+OptionalResults.swift
    #endif
    public func then<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async throws -> Result
    ) -> Self {
        appending(
            .computeAsync(typedAsyncHandler(handler)), times.engineRepeat,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls with a handler that receives a running call
    /// count (from 1, per behavior) and then the call's typed arguments (a
    /// leading prefix of them, or none).
    ///
    /// ```swift
    /// loader.when { try await $0.loadFeed() }.thenForEachCall { attempt in
    ///     if attempt < 3 { throw URLError(.timedOut) }
    ///     return ["Hello, world"]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @inlinable
    @discardableResult
    public func thenForEachCall<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, repeat each Argument) throws -> Result
    ) -> Self {
        appendingCompute(
            Self.countedHandler(handler, requirement), times: nil,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls with a counting handler.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the count (from 1) and the arguments.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @inlinable
    @discardableResult
    public func thenForEachCall<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, repeat each Argument) throws -> Result
    ) -> Self {
        appendingCompute(
            Self.countedHandler(handler, requirement), times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls of an async requirement with an async counting handler.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the count (from 1) and the arguments.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCall<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, repeat each Argument) async throws -> Result
    ) -> Self {
        appending(
            .computeAsync(countedAsyncHandler(handler)), .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls of an async requirement with an
    /// async counting handler.
    ///
    /// ```swift
    /// loader.when { try await $0.loadFeed() }
    ///     .thenForEachCall(times: 2) { attempt in try await remote.load(attempt: attempt) }
    ///     .thenReturn(["offline"])
    /// ```
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the count (from 1) and the arguments.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCall<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, repeat each Argument) async throws -> Result
    ) -> Self {
        appending(
            .computeAsync(countedAsyncHandler(handler)), BehaviorRepeat(times.behaviorRepeat),
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Hands matching calls to the real implementation; only a double with
    /// one (a spy) accepts it.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForward(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        appending(.forward, .bare, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Hands a number of matching calls to the real implementation.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
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
        appending(
            .forward, times.engineRepeat, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension CallPattern where Result == Void {
    /// Answers matching calls of a requirement that returns nothing.
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
        appending(.value(()), .bare, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls of a requirement that returns nothing.
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
        appending(
            .value(()), times.engineRepeat, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
