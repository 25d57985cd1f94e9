import TestDoublesRecorder

// Actions around the calls of a closure pattern, over the wrapped
// `CallPattern`'s.

extension ClosureCallPattern {
    /// Runs `action` with the input of every call the pattern serves, after
    /// the call is matched and before its answer is worked out. It belongs
    /// to the pattern, not to one behavior, and uses up none:
    ///
    /// ```swift
    /// let formatter = ClosureDouble<Int, String>()
    /// formatter.whenAny()
    ///     .beforeEachCall { started.record($0) }
    ///     .thenReturn("formatted")
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - action: The side effect, given the call's input.
    /// - Returns: The pattern, to add behaviors.
    @discardableResult
    public func beforeEachCall(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ action: @escaping @Sendable (Input) -> Void
    ) -> Self {
        callPattern.beforeEachCall(fileID: fileID, filePath: filePath, line: line, column: column) {
            (input: Input) in action(input)
        }
        return self
    }

    /// Runs `action` with the input of every call the pattern serves, once
    /// the call's answer is settled (returned, thrown, or, for an async
    /// closure, a delayed or suspended answer arrived). It uses up no behavior.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - action: The side effect, given the call's input.
    /// - Returns: The pattern, to add behaviors.
    @discardableResult
    public func afterEachCall(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ action: @escaping @Sendable (Input) -> Void
    ) -> Self {
        callPattern.afterEachCall(fileID: fileID, filePath: filePath, line: line, column: column) {
            (input: Input) in action(input)
        }
        return self
    }
}
