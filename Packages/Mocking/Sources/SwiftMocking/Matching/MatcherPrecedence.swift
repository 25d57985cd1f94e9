/// How specific an argument matcher is.
///
/// When several stubs or actions match a call, the one whose matchers add
/// up to the highest precedence wins; among equals the most recently
/// registered one wins. Values are clamped to at most 1000.
public struct MatcherPrecedence: Comparable, Hashable, Sendable {
    /// The precedence's value, between `Int.min` and 1000.
    public var value: Int

    /// Creates a precedence, clamping the value to at most 1000.
    ///
    /// - Parameter value: The value.
    public init(value: Int) {
        self.value = min(value, 1000)
    }

    /// `.any`: matches every argument (0).
    public static let any = MatcherPrecedence(value: 0)
    /// A matcher that only constrains the type (100).
    public static let typeMatch = MatcherPrecedence(value: 100)
    /// A predicate over the value, such as a comparison (200).
    public static let predicate = MatcherPrecedence(value: 200)
    /// Equality with a value (500).
    public static let equalTo = MatcherPrecedence(value: 500)
    /// Identity with an object (600).
    public static let identicalTo = MatcherPrecedence(value: 600)
    /// A custom matcher meant to beat the built-in ones (700).
    public static let customHigh = MatcherPrecedence(value: 700)
    /// A custom matcher meant to beat everything else (999).
    public static let customExtreme = MatcherPrecedence(value: 999)

    /// Orders precedences by value.
    ///
    /// - Parameters:
    ///   - lhs: A precedence.
    ///   - rhs: Another precedence.
    /// - Returns: Whether `lhs` is less specific than `rhs`.
    public static func < (lhs: MatcherPrecedence, rhs: MatcherPrecedence) -> Bool {
        lhs.value < rhs.value
    }
}
