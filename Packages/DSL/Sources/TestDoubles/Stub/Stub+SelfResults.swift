import TestDoublesRecorder

extension Stub {
    /// Configures a requirement whose result is `Self` (a method, getter or
    /// static method returning `Self`): each call answers with a new value of
    /// this same stub, backed by the same recorder.
    ///
    /// ```swift
    /// stub.when(returningSelf: { $0.duplicate() }).thenReturnValue()
    /// let copy = stub().duplicate()  // a distinct value answering as the stub does
    /// ```
    ///
    /// - Parameters:
    ///   - call: Calls the requirement on the recording subject, with matchers for its arguments.
    ///   - fileID: The file ID of the call site, for issues.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    public func when(
        returningSelf call: (Subject) throws -> Subject,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> StubSelfResultBuilder<Subject> {
        StubSelfResultBuilder(
            pattern: when(call, fileID: fileID, filePath: filePath, line: line, column: column), stub: self)
    }

    #if compiler(>=6.2)
    /// Configures an async requirement whose result is `Self`.
    ///
    /// - Parameters:
    ///   - call: Calls the requirement on the recording subject, with matchers for its arguments; it
    ///     runs on its own actor, else on the caller's.
    ///   - fileID: The file ID of the call site, for issues.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    nonisolated(nonsending) public func when(
        returningSelf call: @autoclosure () -> @isolated(any) (Subject) async throws -> Subject,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StubSelfResultBuilder<Subject> {
        StubSelfResultBuilder(
            pattern: await when(call(), fileID: fileID, filePath: filePath, line: line, column: column), stub: self)
    }
    #else
    /// Configures an async requirement whose result is `Self`.
    ///
    /// - Parameters:
    ///   - call: Calls the requirement on the recording subject, with matchers for its arguments; it
    ///     runs on its own actor, else on the caller's.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The file ID of the call site, for issues.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    public func when(
        returningSelf call: @autoclosure () -> @isolated(any) (Subject) async throws -> Subject,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StubSelfResultBuilder<Subject> {
        StubSelfResultBuilder(
            pattern: await when(call(), fileID: fileID, filePath: filePath, line: line, column: column), stub: self)
    }
    #endif

    /// Configures a requirement whose result is `Self?`: each call answers
    /// with a new value of this same stub, or `nil`.
    ///
    /// ```swift
    /// stub.when(returningOptionalSelf: { $0.parent() }).thenReturnNil()
    /// ```
    ///
    /// - Parameters:
    ///   - call: Calls the requirement on the recording subject, with matchers for its arguments.
    ///   - fileID: The file ID of the call site, for issues.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    public func when(
        returningOptionalSelf call: (Subject) throws -> Subject?,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> StubOptionalSelfResultBuilder<Subject> {
        StubOptionalSelfResultBuilder(
            pattern: when(call, fileID: fileID, filePath: filePath, line: line, column: column), stub: self)
    }

    #if compiler(>=6.2)
    /// Configures an async requirement whose result is `Self?`.
    ///
    /// - Parameters:
    ///   - call: Calls the requirement on the recording subject, with matchers for its arguments; it
    ///     runs on its own actor, else on the caller's.
    ///   - fileID: The file ID of the call site, for issues.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    nonisolated(nonsending) public func when(
        returningOptionalSelf call: @autoclosure () -> @isolated(any) (Subject) async throws -> Subject?,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StubOptionalSelfResultBuilder<Subject> {
        StubOptionalSelfResultBuilder(
            pattern: await when(call(), fileID: fileID, filePath: filePath, line: line, column: column), stub: self)
    }
    #else
    /// Configures an async requirement whose result is `Self?`.
    ///
    /// - Parameters:
    ///   - call: Calls the requirement on the recording subject, with matchers for its arguments; it
    ///     runs on its own actor, else on the caller's.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The file ID of the call site, for issues.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    public func when(
        returningOptionalSelf call: @autoclosure () -> @isolated(any) (Subject) async throws -> Subject?,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StubOptionalSelfResultBuilder<Subject> {
        StubOptionalSelfResultBuilder(
            pattern: await when(call(), fileID: fileID, filePath: filePath, line: line, column: column), stub: self)
    }
    #endif
}

/// Chooses how a requirement returning `Self` answers: a new value of the
/// same stub, or an error.
public struct StubSelfResultBuilder<Subject> {
    /// The registration the builder configures (for `verify` and `arguments()`).
    public let pattern: CallPattern<Subject>
    let stub: Stub<Subject>

    /// Answers each matching call with a new value of this stub.
    ///
    /// - Returns: The registration.
    @discardableResult
    public func thenReturnValue() -> CallPattern<Subject> {
        pattern.thenReturn(stub())
    }

    /// Throws `error` from matching calls (the requirement must throw).
    ///
    /// - Parameter error: The error to throw.
    /// - Returns: The registration.
    @discardableResult
    public func thenThrow<Failure: Error>(_ error: Failure) -> CallPattern<Subject> {
        pattern.thenThrow(error)
    }

    /// Runs `handler` with each matching call's arguments, then answers with
    /// a new value of this stub; an error `handler` throws is thrown instead.
    ///
    /// ```swift
    /// stub.when(returningSelf: { $0.scaled(by: Match.any()) }).then { (factor: Double) in
    ///     guard factor > 0 else { throw ScaleError.negative }
    /// }
    /// ```
    ///
    /// - Parameter handler: Receives the leading arguments (trailing ones may be left out).
    /// - Returns: The registration.
    @discardableResult
    public func then<each Argument>(
        _ handler: @escaping @Sendable (repeat each Argument) throws -> Void
    ) -> CallPattern<Subject> {
        let value = stub()
        return pattern.then { (argument: repeat each Argument) throws -> Subject in
            try handler(repeat each argument)
            return value
        }
    }

    /// Awaits `handler` with each matching call's arguments (the requirement
    /// must be async), then answers with a new value of this stub; an error
    /// `handler` throws is thrown instead.
    ///
    /// - Parameter handler: Receives the leading arguments (trailing ones may be left out).
    /// - Returns: The registration.
    @discardableResult
    public func then<each Argument>(
        _ handler: @escaping (repeat each Argument) async throws -> Void
    ) -> CallPattern<Subject> {
        let value = stub()
        return pattern.then { (argument: repeat each Argument) async throws -> Subject in
            try await handler(repeat each argument)
            return value
        }
    }
}

/// Chooses how a requirement returning `Self?` answers: a new value of the
/// same stub, `nil`, or an error.
public struct StubOptionalSelfResultBuilder<Subject> {
    /// The registration the builder configures (for `verify` and `arguments()`).
    public let pattern: CallPattern<Subject?>
    let stub: Stub<Subject>

    /// Answers each matching call with a new value of this stub.
    ///
    /// - Returns: The registration.
    @discardableResult
    public func thenReturnValue() -> CallPattern<Subject?> {
        pattern.thenReturn(stub())
    }

    /// Answers each matching call with `nil`.
    ///
    /// - Returns: The registration.
    @discardableResult
    public func thenReturnNil() -> CallPattern<Subject?> {
        pattern.thenReturn(nil)
    }

    /// Throws `error` from matching calls (the requirement must throw).
    ///
    /// - Parameter error: The error to throw.
    /// - Returns: The registration.
    @discardableResult
    public func thenThrow<Failure: Error>(_ error: Failure) -> CallPattern<Subject?> {
        pattern.thenThrow(error)
    }

    /// What a `then` handler chooses for one call.
    public enum Outcome: Sendable {
        /// Answer with a new value of the stub.
        case returnValue
        /// Answer with `nil`.
        case returnNil
    }

    /// Asks `handler`, with each matching call's arguments, whether to answer
    /// with a new value of this stub or `nil`; an error `handler` throws is thrown instead.
    ///
    /// ```swift
    /// stub.when(returningOptionalSelf: { $0.child(named: Match.any()) }).then { (name: String) in
    ///     name.isEmpty ? .returnNil : .returnValue
    /// }
    /// ```
    ///
    /// - Parameter handler: Receives the leading arguments (trailing ones may be left out).
    /// - Returns: The registration.
    @discardableResult
    public func then<each Argument>(
        _ handler: @escaping @Sendable (repeat each Argument) throws -> Outcome
    ) -> CallPattern<Subject?> {
        let value = stub()
        return pattern.then { (argument: repeat each Argument) throws -> Subject? in
            switch try handler(repeat each argument) {
            case .returnValue: value
            case .returnNil: nil
            }
        }
    }

    /// Awaits `handler` (the requirement must be async) with each matching
    /// call's arguments to choose between a new value of this stub and `nil`;
    /// an error `handler` throws is thrown instead.
    ///
    /// - Parameter handler: Receives the leading arguments (trailing ones may be left out).
    /// - Returns: The registration.
    @discardableResult
    public func then<each Argument>(
        _ handler: @escaping (repeat each Argument) async throws -> Outcome
    ) -> CallPattern<Subject?> {
        let value = stub()
        return pattern.then { (argument: repeat each Argument) async throws -> Subject? in
            switch try await handler(repeat each argument) {
            case .returnValue: value
            case .returnNil: nil
            }
        }
    }
}
