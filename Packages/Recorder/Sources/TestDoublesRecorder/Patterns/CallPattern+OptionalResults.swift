// Handlers for a requirement with an optional result that return the
// unwrapped value (`String` for a `String?` result).
//
// Ranking. A handler for such a requirement can be read two ways: as
// returning the result type (the `then` of CallPattern+Behaviors.swift) or
// as returning the wrapped value (these). When both type-check, the two are
// equally specialized, and a multi-statement handler (`record(id); return
// "user"`) was ambiguous. The handler-taking `then` of
// CallPattern+Behaviors.swift is therefore `@_disfavoredOverload`, so these
// win wherever they apply; a handler whose value is a `String?` (`-> String?`,
// `nil`, an optional variable) fits only the other one. The same ranking
// keeps a one-expression `Stub.make` configuration typed by the
// requirement's result instead of `CallPattern<Void>`.
//
// Swift 6.0 finds multi-statement handlers ambiguous with this ranking
// too, so it compiles the form in the `#else` branch (`where Result ==
// Wrapped?`, nothing disfavored), where such a handler names its result
// type (`-> String?`); drop that branch with Swift 6.0. There, too, a
// handler of a `Void` requirement whose one expression is an optional chain
// (`completion?(.success(data))`) makes the pattern `CallPattern<()??>` (the
// `when` closure's `()` wrapped twice scores better than discarding the
// handler's `()?`), and its answer misfits the call: such a handler names
// its result, `-> Void`.
//
// Semantics. The value is answered through `Optional.answering`, so a `nil`
// stays `nil` where the wrapped type is itself optional or an existential
// (`Any?`, `(any Sendable)?`): the answer is the one the handler would give
// if it returned the result type.
#if compiler(>=6.1)
extension CallPattern where Result: OptionalResult {
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
    public func then<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) throws -> Result.Wrapped
    ) -> Self {
        appendingCompute(
            Self.typedHandler(handler, requirement) { Result.answering($0) as Any }, times: nil,
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
    public func then<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) throws -> Result.Wrapped
    ) -> Self {
        appendingCompute(
            Self.typedHandler(handler, requirement) { Result.answering($0) as Any }, times: times.behaviorRepeat,
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
    public func then<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async throws -> Result.Wrapped
    ) -> Self {
        appending(
            .computeAsync(typedAsyncHandler(handler) { Result.answering($0) as Any }), .bare,
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
    public func then<Times: BehaviorRepetition, each Argument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async throws -> Result.Wrapped
    ) -> Self {
        appending(
            .computeAsync(typedAsyncHandler(handler) { Result.answering($0) as Any }), times.engineRepeat,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
#else
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
#endif
