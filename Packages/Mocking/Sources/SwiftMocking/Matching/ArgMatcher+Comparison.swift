extension ArgMatcher where Argument: Equatable & Sendable {
    /// Matches arguments equal to a value.
    ///
    /// - Parameter value: The value.
    /// - Returns: A matcher with ``MatcherPrecedence/equalTo``.
    public static func equal(_ value: Argument) -> Self {
        ArgMatcher(precedence: .equalTo) { $0 == value }
    }
}

extension ArgMatcher where Argument: Comparable & Sendable {
    /// Matches arguments less than a value.
    ///
    /// - Parameter value: The bound, excluded.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func lessThan(_ value: Argument) -> Self {
        ArgMatcher(precedence: .predicate) { $0 < value }
    }

    /// Matches arguments greater than a value.
    ///
    /// - Parameter value: The bound, excluded.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func greaterThan(_ value: Argument) -> Self {
        ArgMatcher(precedence: .predicate) { $0 > value }
    }

    /// Matches arguments between two values, both included.
    ///
    /// - Parameters:
    ///   - lowerBound: The smallest value that matches.
    ///   - upperBound: The largest value that matches.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func between(_ lowerBound: Argument, _ upperBound: Argument) -> Self {
        ArgMatcher(precedence: .predicate) { lowerBound <= $0 && $0 <= upperBound }
    }

    /// Matches arguments inside a closed range.
    ///
    /// - Parameter range: The range.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func `in`(_ range: ClosedRange<Argument>) -> Self {
        ArgMatcher(precedence: .predicate) { range.contains($0) }
    }

    /// Matches arguments at or above a bound.
    ///
    /// - Parameter range: The range.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func `in`(_ range: PartialRangeFrom<Argument>) -> Self {
        ArgMatcher(precedence: .predicate) { range.contains($0) }
    }

    /// Matches arguments at or below a bound.
    ///
    /// - Parameter range: The range.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func `in`(_ range: PartialRangeThrough<Argument>) -> Self {
        ArgMatcher(precedence: .predicate) { range.contains($0) }
    }
}

extension ArgMatcher where Argument: FloatingPoint & Sendable {
    /// Matches arguments within a tolerance of a value: `abs(argument - value) <= tolerance`.
    ///
    /// - Parameters:
    ///   - value: The expected value.
    ///   - tolerance: The largest difference that matches; 0.001 when `nil`.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func approximately(_ value: Argument, tolerance: Argument? = nil) -> Self {
        let tolerance = tolerance ?? Argument(1) / Argument(1000)
        return ArgMatcher(precedence: .predicate) { abs($0 - value) <= tolerance }
    }
}

extension ArgMatcher where Argument: AnyObject & Sendable {
    /// Matches the very object given (`===`).
    ///
    /// - Parameter value: The object.
    /// - Returns: A matcher with ``MatcherPrecedence/identicalTo``.
    public static func identical(_ value: Argument) -> Self {
        ArgMatcher(precedence: .identicalTo) { $0 === value }
    }
}
