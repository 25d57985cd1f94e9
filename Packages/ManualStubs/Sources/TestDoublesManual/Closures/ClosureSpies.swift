import TestDoublesRecorder

/// A closure double that hands unmatched calls to a real closure and records every call.
///
/// ```swift
/// let spy = ClosureSpy<Int, Int>(forwardingTo: { $0 * 2 })
/// spy.when(equal: 3).thenReturn(0)
/// #expect(spy.function(3) == 0)   // overridden
/// #expect(spy.function(4) == 8)   // forwarded
/// spy.history.forwarded.verify()
/// ```
public typealias ClosureSpy<Input, Output> = ClosureDouble<Input, Output>
/// A throwing closure double that forwards unmatched calls to a real closure.
public typealias ThrowingClosureSpy<Input, Output> = ThrowingClosureDouble<Input, Output>
/// A closure double of `(Input) throws(Failure) -> Output` that forwards unmatched calls.
public typealias TypedThrowingClosureSpy<Input, Output, Failure: Error> =
    TypedThrowingClosureDouble<Input, Output, Failure>
/// An async closure double that forwards unmatched calls to a real closure.
public typealias AsyncClosureSpy<Input, Output> = AsyncClosureDouble<Input, Output>
/// An async, throwing closure double that forwards unmatched calls to a real closure.
public typealias AsyncThrowingClosureSpy<Input, Output> = AsyncThrowingClosureDouble<Input, Output>
/// A closure double of `(Input) async throws(Failure) -> Output` that forwards unmatched calls.
public typealias AsyncTypedThrowingClosureSpy<Input, Output, Failure: Error> =
    AsyncTypedThrowingClosureDouble<Input, Output, Failure>

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync {
    /// Creates a spy: calls no registration matches (and `thenForward()`
    /// steps) go to `target`; every call is recorded.
    ///
    /// - Parameters:
    ///   - target: The real closure.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    public convenience init(
        forwardingTo target: @escaping @Sendable (Input) -> Output,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            name: "function", target: .sync { target($0) },
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension EffectfulClosureDouble where Effects: SyncThrowingClosureEffectKind {
    /// Creates a spy: calls no registration matches (and `thenForward()`
    /// steps) go to `target`; every call is recorded.
    ///
    /// - Parameters:
    ///   - target: The real closure.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    public convenience init(
        forwardingTo target: @escaping @Sendable (Input) throws(Effects.Failure) -> Output,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            name: "function", target: .sync { try target($0) },
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Async {
    /// Creates a spy: calls no registration matches (and `thenForward()`
    /// steps) go to `target`; every call is recorded.
    ///
    /// - Parameters:
    ///   - target: The real closure.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    public convenience init(
        forwardingTo target: @escaping @Sendable (Input) async -> Output,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            name: "function", target: .async { await target($0) },
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension EffectfulClosureDouble where Effects: AsyncThrowingClosureEffectKind {
    /// Creates a spy: calls no registration matches (and `thenForward()`
    /// steps) go to `target`; every call is recorded.
    ///
    /// - Parameters:
    ///   - target: The real closure.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    public convenience init(
        forwardingTo target: @escaping @Sendable (Input) async throws(Effects.Failure) -> Output,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            name: "function", target: .async { try await target($0) },
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension ClosureCallPattern {
    /// Hands matching calls to the spy's real closure.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForward(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenForward(fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }

    /// Hands a number of matching calls to the spy's real closure.
    ///
    /// - Parameters:
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenForward<Times: BehaviorRepetition>(
        times: Times,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenForward(times: times, fileID: fileID, filePath: filePath, line: line, column: column)
        return self
    }
}
