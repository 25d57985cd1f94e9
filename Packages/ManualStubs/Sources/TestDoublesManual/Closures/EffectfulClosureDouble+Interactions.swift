import TestDoublesRecorder

extension EffectfulClosureDouble {
    /// Every call of the closure so far and from now on, to count, verify,
    /// read or stream like a pattern's calls.
    ///
    /// ```swift
    /// let onTap = VoidClosureDouble<Void>()
    /// onTap.whenAny().thenDoNothing()
    /// onTap()
    /// onTap.interactions.verify(1 ... 1)
    /// ```
    public var interactions: CallInteractions<Output> {
        recorder.interactions(of: requirement, matching: [.anything], returning: Output.self)
    }
}

extension EffectfulClosureDouble where Input == Void {
    /// Starts a pattern for every call of a closure that takes no input.
    ///
    /// ```swift
    /// let nextID = VoidClosureDouble<Int>()
    /// nextID.when().thenReturn(1, 2)
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func when(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ClosureCallPattern<Input, Output, Effects> {
        whenAny(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks how many times a closure that takes no input was called;
    /// reports an issue at the caller otherwise.
    ///
    /// ```swift
    /// onRefresh.verify(2 ... 2)
    /// ```
    ///
    /// - Parameters:
    ///   - count: The accepted counts: exactly once by default, or a number or range.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression>(
        _ count: Count = CallCount.once,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        interactions.verify(count, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
