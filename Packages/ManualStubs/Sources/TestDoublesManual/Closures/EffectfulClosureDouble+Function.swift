import TestDoublesRecorder

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync {
    /// The closure to hand to the code under test; every call goes through the double.
    public var function: @Sendable (Input) -> Output {
        { [self] input in answer(input) }
    }

    #if compiler(>=6.1)
    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// ```swift
    /// let add = ClosureDouble<(Int, Int), Int>()
    /// let function: (Int, Int) -> Int = add.expandedFunction()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) -> Output where Input == (repeat each Argument) {
        makeExpandedFunction(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// The element types must form `Input`; a mismatch is reported here.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) -> Output {
        makeExpandedFunction(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    func makeExpandedFunction<each Argument>(_ site: CallSite) -> @Sendable (repeat each Argument) -> Output {
        let fits = checkTuple((repeat each Argument).self, site)
        return { [self] (argument: repeat each Argument) -> Output in
            guard fits, let input = TupleInput.join(repeat each argument, as: Input.self) else {
                return TypedAnswer.fallback(
                    "expandedFunction() was called with arguments that are not a \(Input.self)", recorder)
            }
            return answer(input)
        }
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync, Input == Void {
    /// The closure `() -> Output` to hand to the code under test.
    public var function: @Sendable () -> Output {
        { [self] in answer(()) }
    }
}

extension EffectfulClosureDouble where Effects: SyncThrowingClosureEffectKind {
    /// The closure to hand to the code under test; every call goes through the double.
    public var function: @Sendable (Input) throws(Effects.Failure) -> Output {
        { [self] (input: Input) throws(Effects.Failure) -> Output in
            try answer(input, throwing: Effects.Failure.self)
        }
    }

    #if compiler(>=6.1)
    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) throws(Effects.Failure) -> Output where Input == (repeat each Argument) {
        makeExpandedFunction(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// The element types must form `Input`; a mismatch is reported here.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) throws(Effects.Failure) -> Output {
        makeExpandedFunction(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    func makeExpandedFunction<each Argument>(
        _ site: CallSite
    ) -> @Sendable (repeat each Argument) throws(Effects.Failure) -> Output {
        let fits = checkTuple((repeat each Argument).self, site)
        return { [self] (argument: repeat each Argument) throws(Effects.Failure) -> Output in
            guard fits, let input = TupleInput.join(repeat each argument, as: Input.self) else {
                return TypedAnswer.fallback(
                    "expandedFunction() was called with arguments that are not a \(Input.self)", recorder)
            }
            return try answer(input, throwing: Effects.Failure.self)
        }
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Async {
    /// The closure to hand to the code under test; every call goes through the double.
    public var function: @Sendable (Input) async -> Output {
        { [self] input in await answerAsync(input) }
    }

    #if compiler(>=6.1)
    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) async -> Output where Input == (repeat each Argument) {
        makeExpandedFunction(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// The element types must form `Input`; a mismatch is reported here.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) async -> Output {
        makeExpandedFunction(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    func makeExpandedFunction<each Argument>(_ site: CallSite) -> @Sendable (repeat each Argument) async -> Output {
        let fits = checkTuple((repeat each Argument).self, site)
        return { [self] (argument: repeat each Argument) async -> Output in
            guard fits, let input = TupleInput.join(repeat each argument, as: Input.self) else {
                return TypedAnswer.fallback(
                    "expandedFunction() was called with arguments that are not a \(Input.self)", recorder)
            }
            return await answerAsync(input)
        }
    }
}

extension EffectfulClosureDouble where Effects: AsyncThrowingClosureEffectKind {
    /// The closure to hand to the code under test; every call goes through the double.
    public var function: @Sendable (Input) async throws(Effects.Failure) -> Output {
        { [self] (input: Input) async throws(Effects.Failure) -> Output in
            try await answerAsync(input, throwing: Effects.Failure.self)
        }
    }

    #if compiler(>=6.1)
    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// ```swift
    /// let format = AsyncThrowingClosureDouble<(Int, String, Bool), String>()
    /// let function: (Int, String, Bool) async throws -> String = format.expandedFunction()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) async throws(Effects.Failure) -> Output
    where Input == (repeat each Argument) {
        makeExpandedFunction(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The closure for a tuple input, taking the tuple's elements as separate arguments.
    ///
    /// The element types must form `Input`; a mismatch is reported here.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A closure of any arity that calls the double with its arguments as one tuple.
    public func expandedFunction<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> @Sendable (repeat each Argument) async throws(Effects.Failure) -> Output {
        makeExpandedFunction(CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    func makeExpandedFunction<each Argument>(
        _ site: CallSite
    ) -> @Sendable (repeat each Argument) async throws(Effects.Failure) -> Output {
        let fits = checkTuple((repeat each Argument).self, site)
        return { [self] (argument: repeat each Argument) async throws(Effects.Failure) -> Output in
            guard fits, let input = TupleInput.join(repeat each argument, as: Input.self) else {
                return TypedAnswer.fallback(
                    "expandedFunction() was called with arguments that are not a \(Input.self)", recorder)
            }
            return try await answerAsync(input, throwing: Effects.Failure.self)
        }
    }
}

extension EffectfulClosureDouble {
    /// Reports a tuple shape that is not `Input`; returns whether it is.
    func checkTuple<each Element>(_ elements: (repeat each Element).Type, _ site: CallSite) -> Bool {
        TupleInput.check(Input.self, elements, purpose: "expandedFunction()", double: recorder.name, site: site)
    }
}
