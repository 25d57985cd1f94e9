import TestDoublesRecorder

extension Stub {
    /// A call in progress that an explicit compiler adapter hands on to the
    /// double: its operations pass the call's arguments to the double's
    /// engine as a call of one requirement and give back the answer the
    /// configured behaviors select.
    ///
    /// The seed library's explicit requirements take a `@convention(thin)`
    /// adapter per function-valued requirement, which repeats the
    /// requirement's parameters, appends an `Invocation` and calls one of
    /// these operations:
    ///
    /// ```swift
    /// typealias Formatter = (String) -> String
    /// let adapter: @convention(thin) (@escaping Formatter, Stub<any FormatterService>.Invocation) -> Formatter = {
    ///     formatter, invocation in invocation.call(formatter)
    /// }
    /// let stub = try Stub<any FormatterService>(
    ///     .method(Formatter.self, returning: Formatter.self, using: adapter))
    /// ```
    ///
    /// This runtime moves function values across the witness itself
    /// (concrete to generic convention and back), so a requirement built
    /// with `using:` is served without calling the adapter, and no
    /// `Invocation` reaches it; the type is here so adapters written for the
    /// seed library compile unchanged. Calls answered this way are recorded
    /// and verified like every other call of the double.
    ///
    /// An answer the operation cannot return exactly (a value of another
    /// type, an error the operation cannot throw, a forward on a double with
    /// no real implementation) is reported as a test issue, and the default
    /// value of the result type is returned instead.
    public final class Invocation: @unchecked Sendable {
        let recorder: InvocationRecorder
        let requirement: TestDoublesRecorder.Requirement

        init(recorder: InvocationRecorder, requirement: TestDoublesRecorder.Requirement) {
            self.recorder = recorder
            self.requirement = requirement
        }

        /// Answers the call of a synchronous, non-throwing requirement.
        ///
        /// - Parameters:
        ///   - arguments: The requirement's arguments, in declaration order.
        ///   - resultType: The requirement's result type.
        /// - Returns: The configured answer.
        public func call<each Argument, Result>(
            _ arguments: repeat each Argument, returning resultType: Result.Type = Result.self
        ) -> Result {
            value(recorder.dispatch(requirement, arguments: Self.boxed(repeat each arguments)))
        }

        /// Answers the call of an async, non-throwing requirement.
        ///
        /// - Parameters:
        ///   - arguments: The requirement's arguments, in declaration order.
        ///   - resultType: The requirement's result type.
        /// - Returns: The configured answer.
        public func call<each Argument, Result>(
            _ arguments: repeat each Argument, returning resultType: Result.Type = Result.self
        ) async -> Result {
            value(await recorder.dispatchAsync(requirement, arguments: Self.boxed(repeat each arguments)))
        }

        /// Answers the call of a synchronous requirement that throws `any Error`.
        ///
        /// - Parameters:
        ///   - arguments: The requirement's arguments, in declaration order.
        ///   - resultType: The requirement's result type.
        /// - Returns: The configured answer.
        /// - Throws: The configured error, or `UnstubbedCall`.
        public func callThrowing<each Argument, Result>(
            _ arguments: repeat each Argument, returning resultType: Result.Type = Result.self
        ) throws -> Result {
            try value(
                recorder.dispatch(requirement, arguments: Self.boxed(repeat each arguments)), throwing: (any Error).self
            )
        }

        /// Answers the call of an async requirement that throws `any Error`.
        ///
        /// - Parameters:
        ///   - arguments: The requirement's arguments, in declaration order.
        ///   - resultType: The requirement's result type.
        /// - Returns: The configured answer.
        /// - Throws: The configured error, `UnstubbedCall`, or `CancellationError`.
        public func callThrowing<each Argument, Result>(
            _ arguments: repeat each Argument, returning resultType: Result.Type = Result.self
        ) async throws -> Result {
            let outcome = await recorder.dispatchAsync(requirement, arguments: Self.boxed(repeat each arguments))
            return try value(outcome, throwing: (any Error).self)
        }

        /// Answers the call of a synchronous requirement that throws `Failure`.
        ///
        /// - Parameters:
        ///   - arguments: The requirement's arguments, in declaration order.
        ///   - resultType: The requirement's result type.
        ///   - failureType: The requirement's error type.
        /// - Returns: The configured answer.
        /// - Throws: The configured error.
        public func call<each Argument, Result, Failure: Error>(
            _ arguments: repeat each Argument, returning resultType: Result.Type = Result.self,
            throwing failureType: Failure.Type
        ) throws(Failure) -> Result {
            try value(
                recorder.dispatch(requirement, arguments: Self.boxed(repeat each arguments)), throwing: Failure.self)
        }

        /// Answers the call of an async requirement that throws `Failure`.
        ///
        /// - Parameters:
        ///   - arguments: The requirement's arguments, in declaration order.
        ///   - resultType: The requirement's result type.
        ///   - failureType: The requirement's error type.
        /// - Returns: The configured answer.
        /// - Throws: The configured error.
        public func call<each Argument, Result, Failure: Error>(
            _ arguments: repeat each Argument, returning resultType: Result.Type = Result.self,
            throwing failureType: Failure.Type
        ) async throws(Failure) -> Result {
            let outcome = await recorder.dispatchAsync(requirement, arguments: Self.boxed(repeat each arguments))
            return try value(outcome, throwing: Failure.self)
        }

        private static func boxed<each Argument>(_ arguments: repeat each Argument) -> [Any] {
            var values: [Any] = []
            for argument in repeat each arguments { values.append(argument) }
            return values
        }

        /// The answer of a non-throwing call.
        private func value<Result>(_ outcome: CallOutcome) -> Result {
            TypedAnswer.resolve(outcome, recorder, requirement, forward: nil as (() -> Result)?)
        }

        /// The answer of a call whose errors have type `Failure`.
        private func value<Result, Failure: Error>(
            _ outcome: CallOutcome, throwing _: Failure.Type
        ) throws(Failure) -> Result {
            try TypedAnswer.resolve(
                outcome, recorder, requirement, throwing: Failure.self, forward: nil as (() throws -> Result)?)
        }
    }
}
