extension ArgMatcher {
    /// Matches every argument, with the lowest precedence.
    public static var any: ArgMatcher<Argument> {
        ArgMatcher(precedence: .any) { _ in true }
    }

    /// Matches every argument of a type; picks the specialization of a
    /// generic requirement: `when(mock.encode(.any(Int.self)))`.
    ///
    /// - Parameter type: The argument type.
    /// - Returns: A matcher with ``MatcherPrecedence/typeMatch``.
    public static func any<T>(_ type: T.Type) -> ArgMatcher<T> {
        ArgMatcher<T>(precedence: .typeMatch) { _ in true }
    }

    /// Matches the arguments a predicate accepts.
    ///
    /// - Parameter predicate: Whether an argument matches.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func any(that predicate: @escaping @Sendable (Argument) -> Bool) -> ArgMatcher<Argument> {
        ArgMatcher(precedence: .predicate, matcher: predicate)
    }

    /// Matches the arguments whose property at a key path equals a value.
    ///
    /// - Parameters:
    ///   - keyPath: The property to read.
    ///   - value: The value it must equal.
    /// - Returns: A matcher with ``MatcherPrecedence/predicate``.
    public static func any<Property: Equatable & Sendable>(
        where keyPath: KeyPath<Argument, Property>, _ value: Property
    ) -> ArgMatcher<Argument> where Argument: Sendable {
        let path = SendableKeyPath(keyPath)
        return ArgMatcher(precedence: .predicate) { $0[keyPath: path.keyPath] == value }
    }

    /// Matches a metatype argument equal to a type.
    ///
    /// - Parameter type: The type.
    /// - Returns: A matcher with ``MatcherPrecedence/equalTo``.
    public static func type<T>(_ type: T.Type) -> ArgMatcher<T.Type> {
        let expected = ObjectIdentifier(type)
        return ArgMatcher<T.Type>(precedence: .equalTo) { ObjectIdentifier($0) == expected }
    }

    /// Matches arguments that can be cast to a type.
    ///
    /// - Parameter type: The type.
    /// - Returns: A matcher with ``MatcherPrecedence/typeMatch``.
    public static func `as`<T>(_ type: T.Type) -> ArgMatcher<Argument> {
        ArgMatcher(precedence: .typeMatch) { $0 is T }
    }

    /// Matches arguments that are instances of a type; the same test as ``as(_:)``.
    ///
    /// - Parameter type: The type.
    /// - Returns: A matcher with ``MatcherPrecedence/typeMatch``.
    public static func `is`<T>(_ type: T.Type) -> ArgMatcher<Argument> {
        ArgMatcher(precedence: .typeMatch) { $0 is T }
    }

    /// Matches a variadic argument element by element: the same count, and
    /// each element matched by the matcher at its position.
    ///
    /// - Parameter matchers: One matcher per element.
    /// - Returns: A matcher with ``MatcherPrecedence/typeMatch``.
    public static func variadic<Element>(_ matchers: ArgMatcher<Element>...) -> ArgMatcher<[Element]> {
        variadic(matchers)
    }

    /// Matches a variadic argument element by element: the same count, and
    /// each element matched by the matcher at its position.
    ///
    /// - Parameter matchers: One matcher per element.
    /// - Returns: A matcher with ``MatcherPrecedence/typeMatch``.
    public static func variadic<Element>(_ matchers: [ArgMatcher<Element>]) -> ArgMatcher<[Element]> {
        ArgMatcher<[Element]>(precedence: .typeMatch) { elements in
            elements.count == matchers.count && zip(matchers, elements).allSatisfy { $0.0($0.1) }
        }
    }
}

/// A key path held by a `@Sendable` matcher: key paths are immutable, but
/// Swift 6.0 does not consider every `KeyPath` `Sendable`.
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
    let keyPath: KeyPath<Root, Value>

    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
    }
}
