// Handlers for a requirement with an optional result that return the
// unwrapped value. Without them, a one-expression configuration closure
// (`Stub.make { $0.when { $0.find(id: Match.any()) }.then { (id: Int) in "user-\(id)" } }`)
// lets the compiler prefer typing the pattern `CallPattern<Void>`, since the
// handler's `String` would otherwise need converting to `String?`; these
// overloads take the `String` as it is, so the optional typing wins and the
// handler's value is answered, wrapped, to the caller.
extension CallPattern {
    /// Answers matching calls of a requirement with an optional result with a
    /// handler that returns the unwrapped value; it receives the call's typed
    /// arguments (a leading prefix of them, or none).
    ///
    /// ```swift
    /// users.when { $0.find(id: Match.any()) }.then { (id: Int) in "user-\(id)" }
    /// ```
    ///
    /// A handler that returns the optional type itself (`-> String?`) or
    /// `nil` uses the `then` whose handler returns the pattern's own result type.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the value to answer; it runs outside every lock.
    ///     An error it throws is thrown to the caller (the requirement must throw).
    /// - Returns: The pattern, to chain more behaviors or verify.
    @inlinable
    @discardableResult
    public func then<each Argument, Wrapped>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) throws -> Wrapped
    ) -> Self where Result == Wrapped? {
        appendingCompute(
            Self.typedHandler(handler, requirement) { Wrapped?.some($0) as Any }, times: nil,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls of a requirement with an optional
    /// result with a handler that returns the unwrapped value.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the value to answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @inlinable
    @discardableResult
    public func then<Times: BehaviorRepetition, each Argument, Wrapped>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) throws -> Wrapped
    ) -> Self where Result == Wrapped? {
        appendingCompute(
            Self.typedHandler(handler, requirement) { Wrapped?.some($0) as Any }, times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls of an async requirement with an optional result
    /// with an async handler that returns the unwrapped value.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the value to answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<each Argument, Wrapped>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async throws -> Wrapped
    ) -> Self where Result == Wrapped? {
        appending(
            .computeAsync(typedAsyncHandler(handler) { Wrapped?.some($0) as Any }), .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls of an async requirement with an
    /// optional result with an async handler that returns the unwrapped value.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the value to answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<Times: BehaviorRepetition, each Argument, Wrapped>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async throws -> Wrapped
    ) -> Self where Result == Wrapped? {
        appending(
            .computeAsync(typedAsyncHandler(handler) { Wrapped?.some($0) as Any }), times.engineRepeat,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
