/// A test over one argument of a call, with a precedence.
///
/// Interaction members take an `ArgMatcher` for each parameter:
/// `when(mock.price(.any)).thenReturn(42)`,
/// `verify(mock.price(.equal("apple"))).called(1)`. Integer, floating-point,
/// Boolean and string literals stand for ``equal(_:)`` of the literal when the
/// argument is `Int`, `Double`, `Bool` or `String`.
public struct ArgMatcher<Argument>: Sendable {
    let test: @Sendable (Argument) -> Bool
    /// How specific the matcher is; see ``MatcherPrecedence``.
    public let precedence: MatcherPrecedence

    /// Creates a matcher from a predicate.
    ///
    /// - Parameters:
    ///   - precedence: How specific the matcher is.
    ///   - matcher: Whether an argument matches.
    public init(precedence: MatcherPrecedence = .typeMatch, matcher: @escaping @Sendable (Argument) -> Bool) {
        self.precedence = precedence
        self.test = matcher
    }

    /// Tests an argument.
    ///
    /// - Parameter value: The argument.
    /// - Returns: Whether it matches.
    public func callAsFunction(_ value: Argument) -> Bool {
        test(value)
    }
}
