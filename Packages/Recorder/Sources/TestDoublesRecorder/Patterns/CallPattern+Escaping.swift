extension CallPattern {
    /// Answers matching calls with a handler whose first parameter is the
    /// call's first argument, typically an escaping callback the handler
    /// keeps or calls later, followed by a leading prefix of the others.
    ///
    /// It answers exactly as `then { ... }` does; spelling the first parameter on its own lets a handler name a
    /// closure type there (`(body: Transform, value: Int)`), as the seed
    /// library's form does:
    ///
    /// ```swift
    /// let completions = CallbackCapture<Result<String, any Error>>()
    /// stub.when { $0.load(completion: Match.any()) }
    ///     .thenEscaping { completion in completions.capture(completion) }
    /// ```
    ///
    /// The handler is `@Sendable`: calls may arrive on any thread. An
    /// async requirement also takes an async handler, which is not: formed
    /// on an actor, it runs there.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenEscaping<FirstArgument, each AdditionalArgument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping @Sendable (FirstArgument, repeat each AdditionalArgument) throws -> Result
    ) -> Self {
        appendingCompute(
            escapingHandler(handler), times: nil,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls with a handler whose first
    /// parameter is the call's first argument, as `thenEscaping { ... }` does.
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
    public func thenEscaping<Times: BehaviorRepetition, FirstArgument, each AdditionalArgument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping @Sendable (FirstArgument, repeat each AdditionalArgument) throws -> Result
    ) -> Self {
        appendingCompute(
            escapingHandler(handler), times: times.behaviorRepeat,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls of an async requirement with an async handler
    /// whose first parameter is the call's first argument.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenEscaping<FirstArgument, each AdditionalArgument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (FirstArgument, repeat each AdditionalArgument) async throws -> Result
    ) -> Self {
        appending(
            .computeAsync(escapingAsyncHandler(handler)), .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers a number of matching calls of an async requirement with an
    /// async handler whose first parameter is the call's first argument.
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
    public func thenEscaping<Times: BehaviorRepetition, FirstArgument, each AdditionalArgument>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (FirstArgument, repeat each AdditionalArgument) async throws -> Result
    ) -> Self {
        appending(
            .computeAsync(escapingAsyncHandler(handler)), times.engineRepeat,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func escapingHandler<FirstArgument, each AdditionalArgument>(
        _ handler: @escaping @Sendable (FirstArgument, repeat each AdditionalArgument) throws -> Result
    ) -> (UnsafeBufferPointer<Any>, Int) throws -> Any {
        let requirement = core.requirement
        return { arguments, _ in
            let (first, rest) = try Self.unpackEscaping(
                arguments, FirstArgument.self, (repeat each AdditionalArgument).self, requirement)
            return try handler(first, repeat each rest)
        }
    }

    private func escapingAsyncHandler<FirstArgument, each AdditionalArgument>(
        _ handler: @escaping (FirstArgument, repeat each AdditionalArgument) async throws -> Result
    ) -> ([Any], Int) async throws -> Any {
        let requirement = core.requirement
        return { arguments, _ in
            let (first, rest) = try arguments.withUnsafeBufferPointer { lent in
                try Self.unpackEscaping(lent, FirstArgument.self, (repeat each AdditionalArgument).self, requirement)
            }
            return try await handler(first, repeat each rest)
        }
    }

    /// The first argument as `First` and a leading prefix of the others as
    /// `(repeat each Rest)`; a mismatch is a ``BehaviorMisuse`` naming the argument.
    private static func unpackEscaping<First, each Rest>(
        _ arguments: UnsafeBufferPointer<Any>, _: First.Type, _ rest: (repeat each Rest).Type,
        _ requirement: Requirement?
    ) throws(BehaviorMisuse) -> (First, (repeat each Rest)) {
        guard let first = arguments.first as? First else {
            let mismatch = ArgumentUnpacking.Mismatch(position: 0, expected: First.self)
            throw BehaviorMisuse(message: ArgumentUnpacking.describe(mismatch, arguments, requirement))
        }
        do {
            return (
                first, try ArgumentUnpacking.unpackEach(UnsafeBufferPointer(rebasing: arguments.dropFirst()), as: rest)
            )
        } catch {
            let mismatch = ArgumentUnpacking.Mismatch(position: error.position + 1, expected: error.expected)
            throw BehaviorMisuse(message: ArgumentUnpacking.describe(mismatch, arguments, requirement))
        }
    }
}
