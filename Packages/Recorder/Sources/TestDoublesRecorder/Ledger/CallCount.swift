/// How many calls a verification expects.
///
/// `verify()` expects exactly one. Pass a native range for every other
/// shape: `verify(2...4)`, `verify(1...)`, `verify(...2)`; `.exactly(n)` and
/// `.never` spell the two cases ranges spell less clearly.
public struct CallCount: Hashable, Sendable, CustomStringConvertible {
    /// The smallest accepted count.
    public let minimum: Int
    /// The largest accepted count; `nil` for no upper bound.
    public let maximum: Int?

    /// Creates a count from bounds.
    ///
    /// - Parameters:
    ///   - minimum: The smallest accepted count.
    ///   - maximum: The largest accepted count, or `nil` for no upper bound.
    public init(minimum: Int, maximum: Int?) {
        self.minimum = max(0, minimum)
        self.maximum = maximum
    }

    /// Exactly `n` calls.
    ///
    /// - Parameter n: The expected count.
    /// - Returns: The count.
    public static func exactly(_ n: Int) -> Self { Self(minimum: n, maximum: n) }

    /// No calls at all.
    public static let never = Self.exactly(0)

    /// Exactly one call.
    public static let once = Self.exactly(1)

    /// The counts of a closed range.
    ///
    /// - Parameter range: The accepted counts.
    public init(_ range: ClosedRange<Int>) { self.init(minimum: range.lowerBound, maximum: range.upperBound) }

    /// The counts of a half-open range.
    ///
    /// - Parameter range: The accepted counts.
    public init(_ range: Range<Int>) { self.init(minimum: range.lowerBound, maximum: range.upperBound - 1) }

    /// The counts of a range with no upper bound.
    ///
    /// - Parameter range: The accepted counts.
    public init(_ range: PartialRangeFrom<Int>) { self.init(minimum: range.lowerBound, maximum: nil) }

    /// The counts of a range with no lower bound.
    ///
    /// - Parameter range: The accepted counts.
    public init(_ range: PartialRangeThrough<Int>) { self.init(minimum: 0, maximum: range.upperBound) }

    /// The counts of a half-open range with no lower bound.
    ///
    /// - Parameter range: The accepted counts.
    public init(_ range: PartialRangeUpTo<Int>) { self.init(minimum: 0, maximum: range.upperBound - 1) }

    /// Whether a count is accepted.
    ///
    /// - Parameter count: An observed count.
    /// - Returns: Whether it lies within the bounds.
    public func contains(_ count: Int) -> Bool {
        count >= minimum && (maximum.map { count <= $0 } ?? true)
    }

    /// Whether no count above the minimum can ever be rejected.
    var isOpenEnded: Bool { maximum == nil }

    /// `exactly 1 call`, `at least 2 calls`, `between 2 and 4 calls`, `at most 2 calls`, `no calls`.
    public var description: String {
        func calls(_ n: Int) -> String { n == 1 ? "1 call" : "\(n) calls" }
        switch (minimum, maximum) {
        case (0, 0?): return "no calls"
        case (let low, let high?) where low == high: return "exactly \(calls(low))"
        case (0, let high?): return "at most \(calls(high))"
        case (let low, nil): return "at least \(calls(low))"
        case (let low, let high?): return "between \(low) and \(calls(high))"
        }
    }
}
