extension ArgMatcher {
    /// Matches an optional argument that holds a value.
    ///
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func notNil<T>() -> Self where Argument == T? {
        ArgMatcher(precedence: .predicate) { $0 != nil }
    }

    /// Matches an optional argument that is `nil`.
    ///
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func `nil`<T>() -> Self where Argument == T? {
        ArgMatcher(precedence: .predicate) { $0 == nil }
    }

    /// Matches an optional argument that holds a value the given matcher accepts.
    ///
    /// - Parameter valueMatcher: The matcher for the wrapped value.
    /// - Returns: A matcher with the precedence of `valueMatcher`.
    public static func some<V>(_ valueMatcher: ArgMatcher<V>) -> ArgMatcher<V?> {
        ArgMatcher<V?>(precedence: valueMatcher.precedence) { value in
            guard let value else { return false }
            return valueMatcher(value)
        }
    }

    /// Matches an argument that is an error.
    ///
    /// - Returns: A matcher with ``MatcherPrecedence/typeMatch``.
    public static func anyError() -> Self {
        ArgMatcher(precedence: .typeMatch) { $0 is any Error }
    }

    /// Matches a `success` result whose value the given matcher accepts.
    ///
    /// - Parameter valueMatcher: The matcher for the value.
    /// - Returns: A matcher with the precedence of `valueMatcher`.
    public static func success<T, E: Error>(_ valueMatcher: ArgMatcher<T>) -> ArgMatcher<Result<T, E>> {
        ArgMatcher<Result<T, E>>(precedence: valueMatcher.precedence) { result in
            guard case .success(let value) = result else { return false }
            return valueMatcher(value)
        }
    }

    /// Matches a `failure` result whose error the given matcher accepts.
    ///
    /// - Parameter errorMatcher: The matcher for the error.
    /// - Returns: A matcher with the precedence of `errorMatcher`.
    public static func failure<T, E: Error>(_ errorMatcher: ArgMatcher<E>) -> ArgMatcher<Result<T, E>> {
        ArgMatcher<Result<T, E>>(precedence: errorMatcher.precedence) { result in
            guard case .failure(let error) = result else { return false }
            return errorMatcher(error)
        }
    }
}

extension ArgMatcher where Argument: Error {
    /// Matches an error argument of a type.
    ///
    /// - Parameter type: The error type.
    /// - Returns: A matcher with ``MatcherPrecedence/typeMatch``.
    public static func error<E: Error>(_ type: E.Type) -> Self {
        ArgMatcher(precedence: .typeMatch) { $0 is E }
    }
}
