/// A way to spell the number of calls a verification expects: a ``CallCount``
/// or a native range of `Int` (`2...4`, `1...`, `...2`, `0..<3`).
public protocol CallCountExpression {
    /// The count the expression spells.
    var callCount: CallCount { get }
}

extension CallCount: CallCountExpression {
    /// The count itself.
    public var callCount: CallCount { self }
}

extension ClosedRange: CallCountExpression where Bound == Int {
    /// The counts of the range.
    public var callCount: CallCount { CallCount(self) }
}

extension Range: CallCountExpression where Bound == Int {
    /// The counts of the range.
    public var callCount: CallCount { CallCount(self) }
}

extension PartialRangeFrom: CallCountExpression where Bound == Int {
    /// The counts of the range.
    public var callCount: CallCount { CallCount(self) }
}

extension PartialRangeThrough: CallCountExpression where Bound == Int {
    /// The counts of the range.
    public var callCount: CallCount { CallCount(self) }
}

extension PartialRangeUpTo: CallCountExpression where Bound == Int {
    /// The counts of the range.
    public var callCount: CallCount { CallCount(self) }
}

extension CallCountExpression where Self == CallCount {
    /// No calls at all.
    public static var never: CallCount { CallCount.never }

    /// Exactly one call.
    public static var once: CallCount { CallCount.once }

    /// Exactly `n` calls.
    ///
    /// - Parameter n: The expected count.
    /// - Returns: The count.
    public static func exactly(_ n: Int) -> CallCount { CallCount.exactly(n) }
}

/// How many calls one behavior of a chain serves: an `Int` (exactly that
/// many) or `n...` (every call from now on).
public protocol BehaviorRepetition {
    /// The repetition as the engine stores it.
    var behaviorRepeat: BehaviorRepeatKind { get }
}

/// How many calls a behavior serves, as ``BehaviorRepetition`` spells it.
public enum BehaviorRepeatKind: Sendable {
    /// Exactly this many calls.
    case times(Int)
    /// Every call from now on.
    case unbounded
}

extension Int: BehaviorRepetition {
    /// Exactly this many calls.
    public var behaviorRepeat: BehaviorRepeatKind { .times(Swift.max(0, self)) }
}

extension PartialRangeFrom: BehaviorRepetition where Bound == Int {
    /// Every call from now on.
    public var behaviorRepeat: BehaviorRepeatKind { .unbounded }
}
