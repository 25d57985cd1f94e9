import TestDoublesRecorder

extension EffectfulClosureDouble {
    /// The input of every call, in call order.
    ///
    /// ```swift
    /// let sum = VariadicClosureDouble<Int, Int>()
    /// sum.whenAny().then { $0.reduce(0, +) }
    /// _ = sum.variadicFunction()(1, 2, 3)
    /// #expect(sum.invocations == [[1, 2, 3]])
    /// ```
    public var invocations: [Input] {
        recorder.invocations.compactMap { $0.arguments.first as? Input }
    }

    /// The number of calls so far.
    public var callCount: Int { history.callCount }

    /// Whether the closure was called at least once.
    public var wasCalled: Bool { callCount > 0 }

    /// The calls' inputs, to take apart as separate arguments.
    ///
    /// ```swift
    /// let units = format.argumentHistory().map { (_: Int, unit: String, _: Bool) in unit }
    /// ```
    ///
    /// - Returns: The inputs of every call so far, in call order.
    public func argumentHistory() -> ClosureArgumentHistory<Input> {
        ClosureArgumentHistory(inputs: invocations)
    }

    /// The number of calls whose input satisfies a predicate.
    ///
    /// - Parameters:
    ///   - matcher: Decides whether an input counts.
    ///   - description: How diagnostics print the predicate.
    /// - Returns: The number of calls so far whose input satisfies `matcher`.
    public func callCount(
        matching matcher: @escaping @Sendable (Input) -> Bool, describedBy description: String = "predicate"
    ) -> Int {
        invocations.filter(matcher).count
    }

    /// Checks how many calls had an input satisfying a predicate; reports an
    /// issue at the caller when the count is outside `count`.
    ///
    /// - Parameters:
    ///   - count: The accepted counts: `2...4`, `1...`, `...2`, `.exactly(n)`, `.never`.
    ///   - matcher: Decides whether an input counts.
    ///   - description: How diagnostics print the predicate.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression>(
        _ count: Count = CallCount.once,
        matching matcher: @escaping @Sendable (Input) -> Bool, describedBy description: String = "predicate",
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        recorder.interactions(
            of: requirement, matching: [.typed(description, matcher)], returning: Output.self
        ).verify(count, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks how many calls had an input equal to `value`; reports an issue
    /// at the caller when the count is outside `count`.
    ///
    /// - Parameters:
    ///   - count: The accepted counts: `2...4`, `1...`, `...2`, `.exactly(n)`, `.never`.
    ///   - value: The expected input.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression>(
        _ count: Count = CallCount.once, equal value: Input,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool where Input: Equatable {
        recorder.interactions(of: requirement, matching: [.equal(to: value)], returning: Output.self)
            .verify(count, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that the closure was never called; reports an issue at the caller otherwise.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyNoInteractions(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        history.verify(CallCount.never, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
