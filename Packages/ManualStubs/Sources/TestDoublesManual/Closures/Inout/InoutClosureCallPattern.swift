import TestDoublesRecorder

/// A call pattern of an ``InoutClosureDouble``: behaviors that may change
/// the caller's variable, and the values matching calls received, wrote
/// back and returned.
///
/// ```swift
/// let bumps = counter.whenAny().thenMutate(to: 10, returning: true)
/// var value = 1
/// _ = counter.function(&value)      // value == 10
/// #expect(counter.whenAny().mutatedValues() == [10])
/// ```
public struct InoutClosureCallPattern<Value, Result>: InteractionObserving, Sendable {
    /// The protocol-double pattern this one wraps; its answers are outcomes
    /// (optional, so an unmatched call's placeholder is `nil`).
    let callPattern: CallPattern<InoutClosureOutcome<Value, Result>?>

    /// The observation-only view of the pattern's calls.
    public var interactions: CallInteractions<InoutClosureOutcome<Value, Result>?> { callPattern.interactions }

    /// The value each matching call received, in call order.
    ///
    /// - Returns: One value per matching call.
    public func arguments() -> [Value] {
        callPattern.invocations.compactMap { $0.arguments.first as? Value }
    }

    /// The value each finished matching call wrote back, in call order.
    ///
    /// - Returns: One value per finished matching call.
    public func mutatedValues() -> [Value] { outcomes().map(\.value) }

    /// The result each finished matching call returned, in call order.
    ///
    /// - Returns: One result per finished matching call.
    public func results() -> [Result] { outcomes().map(\.result) }

    private func outcomes() -> [InoutClosureOutcome<Value, Result>] {
        callPattern.invocations.compactMap { invocation in
            (invocation.arguments.last as? InoutCallRecord)?.outcome(as: InoutClosureOutcome<Value, Result>.self)
        }
    }

    // MARK: Behaviors

    /// Answers matching calls with a handler that may change the caller's variable.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Receives the caller's variable and returns the result.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping @Sendable (inout Value) -> Result
    ) -> Self {
        callPattern.then(
            fileID: fileID, filePath: filePath, line: line, column: column, Self.outcome(of: handler))
        return self
    }

    /// The engine's form of an in-out handler: it runs on a copy of the
    /// received value and answers with the copy and the result.
    static func outcome(
        of handler: @escaping @Sendable (inout Value) -> Result
    ) -> (Value, InoutCallRecord) -> InoutClosureOutcome<Value, Result>? {
        { value, _ in
            var copy = value
            let result = handler(&copy)
            return InoutClosureOutcome(value: copy, result: result)
        }
    }

    /// Answers matching calls with a result, leaving the variable unchanged.
    ///
    /// - Parameters:
    ///   - result: The result to return.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenReturn(
        _ result: Result,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        let box = UncheckedBox(result)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) { _ in box.value }
    }

    /// Answers matching calls by setting the variable to `value` and returning `result`.
    ///
    /// - Parameters:
    ///   - value: The value to write back.
    ///   - result: The result to return.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenMutate(
        to value: Value, returning result: Result,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        callPattern.thenReturn(
            .some(InoutClosureOutcome(value: value, result: result)), fileID: fileID, filePath: filePath, line: line,
            column: column)
        return self
    }

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
}

extension InoutClosureCallPattern where Result == Void {
    /// Answers matching calls by setting the variable to `value`.
    ///
    /// - Parameters:
    ///   - value: The value to write back.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenMutate(
        to value: Value,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        thenMutate(to: value, returning: (), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers matching calls by leaving the variable unchanged.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenDoNothing(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        then(fileID: fileID, filePath: filePath, line: line, column: column) { _ in }
    }
}

/// A configured value carried into a `@Sendable` handler; it is only ever
/// handed out, never mutated, as `thenReturn` does for any result type.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// `InoutClosureDouble` spies.
public typealias InoutClosureSpy<Value, Result> = InoutClosureDouble<Value, Result>
