extension CallPattern {
    /// Answers matching calls with a handler that takes exactly two
    /// arguments, the call's first two.
    ///
    /// ```swift
    /// runner.when { $0.run(Match.any(), Match.any(using: { (_: Int) in })) }
    ///     .then { (count: Int, body: (Int) -> Void) in body(count) }
    /// ```
    ///
    /// The variadic form serves every other handler. This one, like the
    /// one-argument form, exists for a parameter of function type: Swift
    /// makes a closure's function-typed parameter non-escaping, which no
    /// element of a parameter pack may be, so only plain generic parameters
    /// accept `{ (count: Int, body: (Int) -> Void) in … }` written without
    /// `@escaping`.
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
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<First, Second>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            binary: handler, times: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls with a handler that takes exactly
    /// two arguments, the call's first two; like the form without `times:`,
    /// it accepts function-typed parameters written without `@escaping`.
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
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<Times: BehaviorRepetition, First, Second>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            binary: handler, times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls with a handler that takes exactly three
    /// arguments, the call's first three; it accepts function-typed
    /// parameters written without `@escaping` (see the two-argument form).
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
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<First, Second, Third>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second, Third) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            handler, times: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls with a handler that takes exactly
    /// three arguments, the call's first three; it accepts function-typed
    /// parameters written without `@escaping` (see the two-argument form).
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
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<Times: BehaviorRepetition, First, Second, Third>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second, Third) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            handler, times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls with a handler that takes exactly four
    /// arguments, the call's first four; it accepts function-typed
    /// parameters written without `@escaping` (see the two-argument form),
    /// as a logger's `(level, message: () -> String, file, line)` needs.
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
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<First, Second, Third, Fourth>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second, Third, Fourth) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            handler, times: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls with a handler that takes exactly
    /// four arguments, the call's first four; it accepts function-typed
    /// parameters written without `@escaping` (see the two-argument form).
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
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<Times: BehaviorRepetition, First, Second, Third, Fourth>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second, Third, Fourth) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            handler, times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls with a handler that takes exactly five
    /// arguments, the call's first five; it accepts function-typed
    /// parameters written without `@escaping` (see the two-argument form),
    /// as a logger's `(level, message: () -> String, file, line)` needs.
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
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<First, Second, Third, Fourth, Fifth>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second, Third, Fourth, Fifth) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            handler, times: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls with a handler that takes exactly
    /// five arguments, the call's first five; it accepts function-typed
    /// parameters written without `@escaping` (see the two-argument form).
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
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<Times: BehaviorRepetition, First, Second, Third, Fourth, Fifth>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second, Third, Fourth, Fifth) throws -> Result
    ) -> Self {
        appendingTypedCompute(
            handler, times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls of an async requirement with an async handler
    /// that takes exactly two arguments, the call's first two; like the
    /// synchronous form, it accepts function-typed parameters written
    /// without `@escaping` (`{ (id: Int, body: (Int) async -> Void) async in … }`).
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    @_disfavoredOverload  // ties with the variadic form resolve there or here; both answer the same
    public func then<First, Second>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (First, Second) async throws -> Result
    ) -> Self {
        appending(
            .computeAsync(typedAsyncHandler(handler)), .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
