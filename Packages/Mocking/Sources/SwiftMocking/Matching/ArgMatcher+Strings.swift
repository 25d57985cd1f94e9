import Foundation

extension ArgMatcher where Argument == String {
    /// Matches strings that contain a substring.
    ///
    /// - Parameter substring: The substring.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func contains(_ substring: String) -> Self {
        ArgMatcher(precedence: .predicate) { $0.contains(substring) }
    }

    /// Matches strings that start with a prefix.
    ///
    /// - Parameter prefix: The prefix.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func startsWith(_ prefix: String) -> Self {
        ArgMatcher(precedence: .predicate) { $0.hasPrefix(prefix) }
    }

    /// Matches strings that end with a suffix.
    ///
    /// - Parameter suffix: The suffix.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func endsWith(_ suffix: String) -> Self {
        ArgMatcher(precedence: .predicate) { $0.hasSuffix(suffix) }
    }

    /// Matches strings in which a regular expression (`NSRegularExpression`
    /// syntax) finds a match anywhere; an invalid pattern matches nothing.
    ///
    /// - Parameter pattern: The regular expression.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func matches(_ pattern: String) -> Self {
        ArgMatcher(precedence: .predicate) { value in
            guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
            let range = NSRange(value.startIndex..<value.endIndex, in: value)
            return expression.firstMatch(in: value, range: range) != nil
        }
    }
}
