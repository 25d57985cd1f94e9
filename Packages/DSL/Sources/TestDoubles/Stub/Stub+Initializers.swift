import TestDoublesRecorder

extension Stub {
    /// Configures an initializer requirement, written as a call on the
    /// recording subject's type: each matching call makes a new value of
    /// this same stub, backed by the same recorder and registrations.
    ///
    /// ```swift
    /// stub.when(initializer: { type(of: $0).init(seed: Match.any()) }).thenInitialize()
    /// let made = type(of: stub()).init(seed: 3)  // answers as the stub does
    /// ```
    ///
    /// - Parameters:
    ///   - call: Calls the initializer on `type(of: $0)`, with matchers for its arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    public func when(
        initializer call: (Subject) throws -> Subject,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> StubInitializerBuilder<Subject> {
        StubInitializerBuilder(
            result: when(returningSelf: call, fileID: fileID, filePath: filePath, line: line, column: column))
    }

    #if compiler(>=6.2)
    /// Configures an async initializer requirement.
    ///
    /// - Parameters:
    ///   - call: Calls the initializer on `type(of: $0)`, with matchers for its arguments; it runs on
    ///     its own actor, else on the caller's.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    nonisolated(nonsending) public func when(
        initializer call: @autoclosure () -> @isolated(any) (Subject) async throws -> Subject,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StubInitializerBuilder<Subject> {
        StubInitializerBuilder(
            result: await when(returningSelf: call(), fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Configures an async initializer requirement.
    ///
    /// - Parameters:
    ///   - call: Calls the initializer on `type(of: $0)`, with matchers for its arguments; it runs on
    ///     its own actor, else on the caller's.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    public func when(
        initializer call: @autoclosure () -> @isolated(any) (Subject) async throws -> Subject,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StubInitializerBuilder<Subject> {
        StubInitializerBuilder(
            result: await when(returningSelf: call(), fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// Configures a failable initializer requirement (`init?`): each matching
    /// call makes a new value of this same stub, or fails with `nil`.
    ///
    /// ```swift
    /// stub.when(initializer: { type(of: $0).init(code: Match.any()) }).then { (code: Int) in
    ///     code >= 0 ? .initialize : .returnNil
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - call: Calls the initializer on `type(of: $0)`, with matchers for its arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    public func when(
        initializer call: (Subject) throws -> Subject?,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> StubFailableInitializerBuilder<Subject> {
        StubFailableInitializerBuilder(
            result: when(returningOptionalSelf: call, fileID: fileID, filePath: filePath, line: line, column: column))
    }

    #if compiler(>=6.2)
    /// Configures an async failable initializer requirement.
    ///
    /// - Parameters:
    ///   - call: Calls the initializer on `type(of: $0)`, with matchers for its arguments; it runs on
    ///     its own actor, else on the caller's.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    nonisolated(nonsending) public func when(
        initializer call: @autoclosure () -> @isolated(any) (Subject) async throws -> Subject?,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StubFailableInitializerBuilder<Subject> {
        StubFailableInitializerBuilder(
            result: await when(
                returningOptionalSelf: call(), fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Configures an async failable initializer requirement.
    ///
    /// - Parameters:
    ///   - call: Calls the initializer on `type(of: $0)`, with matchers for its arguments; it runs on
    ///     its own actor, else on the caller's.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The builder that chooses the answer.
    @_disfavoredOverload  // a trailing-closure `when { }` is the general form, never this one
    public func when(
        initializer call: @autoclosure () -> @isolated(any) (Subject) async throws -> Subject?,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> StubFailableInitializerBuilder<Subject> {
        StubFailableInitializerBuilder(
            result: await when(
                returningOptionalSelf: call(), fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif
}

/// Chooses how an initializer requirement answers: a new value of the same
/// stub, or an error.
///
/// Every answer that initializes is a distinct value sharing the stub's
/// recorder, so calls made on it are configured and verified with the stub.
public struct StubInitializerBuilder<Subject> {
    let result: StubSelfResultBuilder<Subject>

    /// Makes a new value of this stub for each matching call.
    ///
    /// - Returns: The calls the registration answers, to verify or read their arguments.
    @discardableResult
    public func thenInitialize() -> CallInteractions<Subject> {
        result.thenReturnValue().interactions
    }

    /// Throws `error` from matching calls (the initializer must throw).
    ///
    /// - Parameter error: The error to throw.
    /// - Returns: The calls the registration answers.
    @discardableResult
    public func thenThrow<Failure: Error>(_ error: Failure) -> CallInteractions<Subject> {
        result.thenThrow(error).interactions
    }

    /// Runs `handler` with each matching call's arguments, then makes a new
    /// value of this stub; an error `handler` throws is thrown instead.
    ///
    /// - Parameter handler: Receives the leading arguments (trailing ones may be left out).
    /// - Returns: The calls the registration answers.
    @discardableResult
    public func then<each Argument>(
        _ handler: @escaping @Sendable (repeat each Argument) throws -> Void
    ) -> CallInteractions<Subject> {
        result.then(handler).interactions
    }

    /// Awaits `handler` with each matching call's arguments (the initializer
    /// must be async), then makes a new value of this stub; an error
    /// `handler` throws is thrown instead.
    ///
    /// - Parameter handler: Receives the leading arguments (trailing ones may be left out).
    /// - Returns: The calls the registration answers.
    @discardableResult
    public func then<each Argument>(
        _ handler: @escaping (repeat each Argument) async throws -> Void
    ) -> CallInteractions<Subject> {
        result.then(handler).interactions
    }
}

/// Chooses how a failable initializer requirement (`init?`) answers: a new
/// value of the same stub, `nil`, or an error.
public struct StubFailableInitializerBuilder<Subject> {
    let result: StubOptionalSelfResultBuilder<Subject>

    /// What a `then` handler chooses for one call.
    public enum Outcome: Sendable {
        /// Make a new value of the stub.
        case initialize
        /// Fail the initializer with `nil`.
        case returnNil

        var selfResult: StubOptionalSelfResultBuilder<Subject>.Outcome {
            switch self {
            case .initialize: .returnValue
            case .returnNil: .returnNil
            }
        }
    }

    /// Makes a new value of this stub for each matching call.
    ///
    /// - Returns: The calls the registration answers, to verify or read their arguments.
    @discardableResult
    public func thenInitialize() -> CallInteractions<Subject?> {
        result.thenReturnValue().interactions
    }

    /// Fails each matching call with `nil`.
    ///
    /// - Returns: The calls the registration answers.
    @discardableResult
    public func thenReturnNil() -> CallInteractions<Subject?> {
        result.thenReturnNil().interactions
    }

    /// Throws `error` from matching calls (the initializer must throw).
    ///
    /// - Parameter error: The error to throw.
    /// - Returns: The calls the registration answers.
    @discardableResult
    public func thenThrow<Failure: Error>(_ error: Failure) -> CallInteractions<Subject?> {
        result.thenThrow(error).interactions
    }

    /// Asks `handler`, with each matching call's arguments, whether to make a
    /// new value of this stub or fail with `nil`; an error `handler` throws
    /// is thrown instead.
    ///
    /// - Parameter handler: Receives the leading arguments (trailing ones may be left out).
    /// - Returns: The calls the registration answers.
    @discardableResult
    public func then<each Argument>(
        _ handler: @escaping @Sendable (repeat each Argument) throws -> Outcome
    ) -> CallInteractions<Subject?> {
        result.then { (argument: repeat each Argument) throws in try handler(repeat each argument).selfResult }
            .interactions
    }

    /// Awaits `handler` (the initializer must be async) with each matching
    /// call's arguments to choose between a new value of this stub and `nil`;
    /// an error `handler` throws is thrown instead.
    ///
    /// - Parameter handler: Receives the leading arguments (trailing ones may be left out).
    /// - Returns: The calls the registration answers.
    @discardableResult
    public func then<each Argument>(
        _ handler: @escaping (repeat each Argument) async throws -> Outcome
    ) -> CallInteractions<Subject?> {
        result.then { (argument: repeat each Argument) async throws in
            try await handler(repeat each argument).selfResult
        }
        .interactions
    }
}
