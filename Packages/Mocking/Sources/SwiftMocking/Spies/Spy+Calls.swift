extension Spy where Effects == None {
    /// Records a call and answers it: the most specific stub's value or
    /// handler (latest among equals), else a default value (see
    /// ``DefaultProvidableRegistry``). The most specific matching `do` action
    /// runs before the answer is returned.
    ///
    /// With neither a stub nor a default, the call is reported as an issue at
    /// the caller's line naming the member and how to stub it, and answered
    /// with the result type's zero value (`0`, `""`, `[]`, `nil`, `false`);
    /// only a result type that has no such value stops the process, saying so.
    ///
    /// - Parameters:
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    ///   - function: The member calling the spy, whose argument labels an unstubbed call's advice shows.
    /// - Returns: The answer.
    @discardableResult
    public func callAsFunction(
        _ input: repeat each Input,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, function: StaticString = #function
    ) -> Output {
        let call = begin(repeat each input)
        let answer = call.stub.map { $0.immediateAnswer(repeat each input) } ?? defaultAnswer(call)
        guard let answer else {
            return unstubbed(
                call,
                at: SourceSite(
                    fileID: fileID, filePath: filePath, line: line, column: column, function: "\(function)"))
        }
        call.action?.run(repeat each input)
        return answer
    }

    /// A `@Sendable` closure that calls the spy.
    ///
    /// - Returns: The closure.
    public func asFunction() -> @Sendable (repeat each Input) -> Output {
        { (input: repeat each Input) -> Output in self(repeat each input) }
    }
}

extension Spy where Effects == Throws {
    /// Records a call and answers it: the most specific stub's value, error
    /// or handler (latest among equals), else a default value (see
    /// ``DefaultProvidableRegistry``), else throws `MockingError.unStubbed`.
    /// The most specific matching `do` action runs before the answer is
    /// returned or thrown, and its error is thrown.
    ///
    /// - Parameters:
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The answer.
    /// - Throws: The stubbed error, the action's error, or `MockingError`.
    @discardableResult
    public func callAsFunction(
        _ input: repeat each Input,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) throws -> Output {
        let call = begin(repeat each input)
        guard let stub = call.stub else {
            guard let answer = defaultAnswer(call) else { throw unstubbedError(call) }
            try call.action?.runThrowing(repeat each input)
            return answer
        }
        if let answer = stub.immediateAnswer(repeat each input) {
            try call.action?.runThrowing(repeat each input)
            return answer
        }
        try call.action?.runThrowing(repeat each input)
        guard let answer = try stub.deferredAnswer(repeat each input) else { throw unstubbedError(call) }
        return answer
    }

    /// A `@Sendable` closure that calls the spy.
    ///
    /// - Returns: The closure.
    public func asFunction() -> @Sendable (repeat each Input) throws -> Output {
        { (input: repeat each Input) throws -> Output in try self(repeat each input) }
    }
}

extension Spy where Effects == Async {
    /// Records a call and answers it like the synchronous spy does; async
    /// handlers and actions are awaited. With neither a stub nor a default the
    /// call is reported at the caller's line and answered with the result
    /// type's zero value, as for ``None``.
    ///
    /// - Parameters:
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    ///   - function: The member calling the spy, whose argument labels an unstubbed call's advice shows.
    /// - Returns: The answer.
    @discardableResult
    public func callAsFunction(
        _ input: repeat each Input,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column, function: StaticString = #function
    ) async -> Output {
        let call = begin(repeat each input)
        let site = SourceSite(
            fileID: fileID, filePath: filePath, line: line, column: column, function: "\(function)")
        guard let stub = call.stub else {
            guard let answer = defaultAnswer(call) else { return unstubbed(call, at: site) }
            await call.action?.runAsync(repeat each input)
            return answer
        }
        if let answer = stub.immediateAnswer(repeat each input) {
            await call.action?.runAsync(repeat each input)
            return answer
        }
        await call.action?.runAsync(repeat each input)
        // An Async arrangement registers only non-throwing handlers.
        guard let answer = try? await stub.deferredAsyncAnswer(repeat each input) else {
            return unstubbed(call, at: site)
        }
        return answer
    }

    /// A `@Sendable` closure that calls the spy.
    ///
    /// - Returns: The closure.
    public func asFunction() -> @Sendable (repeat each Input) async -> Output {
        { (input: repeat each Input) async -> Output in await self(repeat each input) }
    }
}

extension Spy where Effects == AsyncThrows {
    /// Records a call and answers it like the throwing spy does; async
    /// handlers and actions are awaited.
    ///
    /// - Parameters:
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The answer.
    /// - Throws: The stubbed error, the action's error, or `MockingError`.
    @discardableResult
    public func callAsFunction(
        _ input: repeat each Input,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) async throws -> Output {
        let call = begin(repeat each input)
        guard let stub = call.stub else {
            guard let answer = defaultAnswer(call) else { throw unstubbedError(call) }
            try await call.action?.runAsyncThrowing(repeat each input)
            return answer
        }
        if let answer = stub.immediateAnswer(repeat each input) {
            try await call.action?.runAsyncThrowing(repeat each input)
            return answer
        }
        try await call.action?.runAsyncThrowing(repeat each input)
        guard let answer = try await stub.deferredAsyncAnswer(repeat each input) else {
            throw unstubbedError(call)
        }
        return answer
    }

    /// A `@Sendable` closure that calls the spy.
    ///
    /// - Returns: The closure.
    public func asFunction() -> @Sendable (repeat each Input) async throws -> Output {
        { (input: repeat each Input) async throws -> Output in try await self(repeat each input) }
    }
}
