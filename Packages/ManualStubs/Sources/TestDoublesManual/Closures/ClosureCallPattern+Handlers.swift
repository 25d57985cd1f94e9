import TestDoublesRecorder

extension ClosureCallPattern where Effects == ClosureEffect.Sync {
    /// Answers matching calls with a handler of the input.
    ///
    /// ```swift
    /// formatter.whenAny().then { "other-\($0)" }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the input.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Input) -> Output
    ) -> Self {
        callPattern.then(fileID: fileID, filePath: filePath, line: line, column: column) { (input: Input) in
            handler(input)
        }
        return self
    }

    /// Answers matching calls with a handler of the running call count (from 1) and the input.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the count and the input.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCall(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, Input) -> Output
    ) -> Self {
        callPattern.thenForEachCall(fileID: fileID, filePath: filePath, line: line, column: column) {
            (count: Int, input: Input) in handler(count, input)
        }
        return self
    }

    #if compiler(>=6.1)
    /// Answers matching calls of a tuple-input closure with a handler of the tuple's elements.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the elements of the input.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) -> Output
    ) -> Self where Input == (repeat each Argument) {
        thenElements(handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The Swift 6.0 form of the `thenArguments` above, with the same
    /// parameters: 6.0 miscompiles the `Input == (repeat each Argument)`
    /// constraint, so the handler's parameter types are checked where the
    /// behavior is configured; a mismatch is reported there and configures nothing.
    @discardableResult
    public func thenArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) -> Output
    ) -> Self {
        thenElements(handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// The one body of both compilers' `thenArguments`: `handler` as a
    /// handler of the input, configured as `then`; nothing when its
    /// parameter types do not form `Input` (reported at `site`).
    func thenElements<each Argument>(
        _ handler: @escaping (repeat each Argument) -> Output, site: CallSite
    ) -> Self {
        guard let answer = spreading(handler, site: site) else { return self }
        return then(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column, answer)
    }
}

extension ClosureCallPattern where Effects == ClosureEffect.Sync, Input == Void {
    /// Answers matching calls of a closure with no input with a handler.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping () -> Output
    ) -> Self {
        then(fileID: fileID, filePath: filePath, line: line, column: column) { (_: Void) in handler() }
    }
}

extension ClosureCallPattern where Effects: SyncThrowingClosureEffectKind {
    /// Answers matching calls with a handler of the input that may throw.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the input, or throws.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Input) throws(Effects.Failure) -> Output
    ) -> Self {
        callPattern.then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (input: Input) throws -> Output in try handler(input)
        }
        return self
    }

    /// Answers matching calls with a handler of the running call count (from 1) and the input.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the count and the input, or throws.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCall(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, Input) throws(Effects.Failure) -> Output
    ) -> Self {
        callPattern.thenForEachCall(fileID: fileID, filePath: filePath, line: line, column: column) {
            (count: Int, input: Input) throws -> Output in try handler(count, input)
        }
        return self
    }

    #if compiler(>=6.1)
    /// Answers matching calls of a tuple-input closure with a handler of the tuple's elements.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the elements of the input, or throws.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) throws(Effects.Failure) -> Output
    ) -> Self where Input == (repeat each Argument) {
        thenElements(handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The Swift 6.0 form of the `thenArguments` above, with the same
    /// parameters: 6.0 miscompiles the `Input == (repeat each Argument)`
    /// constraint, so the handler's parameter types are checked where the
    /// behavior is configured; a mismatch is reported there and configures nothing.
    @discardableResult
    public func thenArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) throws(Effects.Failure) -> Output
    ) -> Self {
        thenElements(handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// The one body of both compilers' `thenArguments`: `handler` as a
    /// handler of the input, configured as `then`; nothing when its
    /// parameter types do not form `Input` (reported at `site`).
    func thenElements<each Argument>(
        _ handler: @escaping (repeat each Argument) throws(Effects.Failure) -> Output, site: CallSite
    ) -> Self {
        guard let answer = spreadingThrowing(handler, site: site) else { return self }
        return then(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column, answer)
    }
}

extension ClosureCallPattern where Effects == ClosureEffect.Async {
    /// Answers matching calls with an async handler of the input.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the input.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Input) async -> Output
    ) -> Self {
        callPattern.then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (input: Input) async throws -> Output in await handler(input)
        }
        return self
    }

    /// Answers matching calls with an async handler of the running call count (from 1) and the input.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the count and the input.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCall(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, Input) async -> Output
    ) -> Self {
        callPattern.thenForEachCall(fileID: fileID, filePath: filePath, line: line, column: column) {
            (count: Int, input: Input) async throws -> Output in await handler(count, input)
        }
        return self
    }

    #if compiler(>=6.1)
    /// Answers matching calls of a tuple-input closure with an async handler of the tuple's elements.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the elements of the input.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async -> Output
    ) -> Self where Input == (repeat each Argument) {
        thenElements(handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The Swift 6.0 form of the `thenArguments` above, with the same
    /// parameters: 6.0 miscompiles the `Input == (repeat each Argument)`
    /// constraint, so the handler's parameter types are checked where the
    /// behavior is configured; a mismatch is reported there and configures nothing.
    @discardableResult
    public func thenArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async -> Output
    ) -> Self {
        thenElements(handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// The one body of both compilers' `thenArguments`: `handler` as a
    /// handler of the input, configured as `then`; nothing when its
    /// parameter types do not form `Input` (reported at `site`).
    func thenElements<each Argument>(
        _ handler: @escaping (repeat each Argument) async -> Output, site: CallSite
    ) -> Self {
        guard let answer = spreadingAsync(handler, site: site) else { return self }
        return then(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column, answer)
    }
}

extension ClosureCallPattern where Effects: AsyncThrowingClosureEffectKind {
    /// Answers matching calls with an async handler of the input that may throw.
    ///
    /// ```swift
    /// load.whenAny().then { (url: URL) async throws in try await cache.data(for: url) }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the input, or throws.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Input) async throws(Effects.Failure) -> Output
    ) -> Self {
        callPattern.then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (input: Input) async throws -> Output in try await handler(input)
        }
        return self
    }

    /// Answers matching calls with an async handler of the running call count (from 1) and the input.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the count and the input, or throws.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForEachCall(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Int, Input) async throws(Effects.Failure) -> Output
    ) -> Self {
        callPattern.thenForEachCall(fileID: fileID, filePath: filePath, line: line, column: column) {
            (count: Int, input: Input) async throws -> Output in try await handler(count, input)
        }
        return self
    }

    #if compiler(>=6.1)
    /// Answers matching calls of a tuple-input closure with an async handler of the tuple's elements.
    ///
    /// ```swift
    /// format.whenArguments { (count: Int, _: String, enabled: Bool) in count > 0 && enabled }
    ///     .thenArguments { (count: Int, unit: String, _: Bool) async throws in "\(count) \(unit)" }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the elements of the input, or throws.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async throws(Effects.Failure) -> Output
    ) -> Self where Input == (repeat each Argument) {
        thenElements(handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// The Swift 6.0 form of the `thenArguments` above, with the same
    /// parameters: 6.0 miscompiles the `Input == (repeat each Argument)`
    /// constraint, so the handler's parameter types are checked where the
    /// behavior is configured; a mismatch is reported there and configures nothing.
    @discardableResult
    public func thenArguments<each Argument>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (repeat each Argument) async throws(Effects.Failure) -> Output
    ) -> Self {
        thenElements(handler, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// The one body of both compilers' `thenArguments`: `handler` as a
    /// handler of the input, configured as `then`; nothing when its
    /// parameter types do not form `Input` (reported at `site`).
    func thenElements<each Argument>(
        _ handler: @escaping (repeat each Argument) async throws(Effects.Failure) -> Output, site: CallSite
    ) -> Self {
        guard let answer = spreadingAsyncThrowing(handler, site: site) else { return self }
        return then(fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column, answer)
    }
}
