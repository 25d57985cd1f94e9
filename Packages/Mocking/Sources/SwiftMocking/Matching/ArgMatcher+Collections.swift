extension ArgMatcher where Argument: Collection & Sendable {
    /// Matches empty collections.
    ///
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func isEmpty() -> Self {
        ArgMatcher(precedence: .predicate) { $0.isEmpty }
    }

    /// Matches collections with exactly a number of elements.
    ///
    /// - Parameter count: The number of elements.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func hasCount(_ count: Int) -> Self {
        ArgMatcher(precedence: .predicate) { $0.count == count }
    }

    /// Matches collections whose count lies between two bounds, both included.
    ///
    /// - Parameters:
    ///   - lowerBound: The smallest count that matches.
    ///   - upperBound: The largest count that matches.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func hasCountBetween(_ lowerBound: Int, _ upperBound: Int) -> Self {
        ArgMatcher(precedence: .predicate) { lowerBound <= $0.count && $0.count <= upperBound }
    }

    /// Matches collections whose count lies in a closed range.
    ///
    /// - Parameter range: The counts that match.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func hasCount(in range: ClosedRange<Int>) -> Self {
        ArgMatcher(precedence: .predicate) { range.contains($0.count) }
    }

    /// Matches collections with at least a number of elements.
    ///
    /// - Parameter range: The counts that match.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func hasCount(in range: PartialRangeFrom<Int>) -> Self {
        ArgMatcher(precedence: .predicate) { range.contains($0.count) }
    }

    /// Matches collections with at most a number of elements.
    ///
    /// - Parameter range: The counts that match.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func hasCount(in range: PartialRangeThrough<Int>) -> Self {
        ArgMatcher(precedence: .predicate) { range.contains($0.count) }
    }
}

extension ArgMatcher where Argument: Collection & Sendable, Argument.Element: Equatable & Sendable {
    /// Matches collections that contain an element.
    ///
    /// - Parameter element: The element.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func contains(_ element: Argument.Element) -> Self {
        ArgMatcher(precedence: .predicate) { $0.contains(element) }
    }
}
