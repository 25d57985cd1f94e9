@_spi(TestDoublesInternals) import TestDoublesRecorder

/// What one call of an `inout` closure double did: the value it left in the
/// caller's variable and the result it returned.
public struct InoutClosureOutcome<Value, Result> {
    /// The value written back to the caller's variable.
    public let value: Value
    /// The value the call returned.
    public let result: Result

    /// Creates an outcome.
    ///
    /// - Parameters:
    ///   - value: The value written back to the caller's variable.
    ///   - result: The value the call returned.
    public init(value: Value, result: Result) {
        self.value = value
        self.result = result
    }
}

extension InoutClosureOutcome: Sendable where Value: Sendable, Result: Sendable {}
extension InoutClosureOutcome: Equatable where Value: Equatable, Result: Equatable {}

/// The second recorded argument of an `inout` closure double's call: the
/// outcome, filled in when the call returns, so patterns can read what each
/// call they matched wrote back.
final class InoutCallRecord: @unchecked Sendable, CustomStringConvertible {
    // Unchecked: `outcome` is written once, under the lock, and read under it.
    private let outcome = Locked<Any?>(nil)

    func finish(_ value: Any) { outcome.withLock { $0 = value } }

    func outcome<Value, Result>(as _: InoutClosureOutcome<Value, Result>.Type) -> InoutClosureOutcome<Value, Result>? {
        outcome.withLock { $0 as? InoutClosureOutcome<Value, Result> }
    }

    var description: String {
        outcome.withLock { $0 }.map { "-> \($0)" } ?? "(running)"
    }
}
