/// A type-erased test on one argument of a call, with the text diagnostics print for it.
///
/// `Match.*` functions build these during the recording pass; a front that
/// builds patterns without a recording pass (a closure double's
/// `when(equal:)`) builds them directly.
///
/// The text is rendered only when a diagnostic prints it (a failed
/// verification, an unmatched call, an unreachable registration), never
/// while registering, matching or verifying successfully: a matcher over a
/// large value costs nothing to describe until something goes wrong.
public struct ArgumentMatcher: @unchecked Sendable, CustomStringConvertible {
    /// The text diagnostics print for the matcher, such as `equal("purchase")`,
    /// rendered each time it is read.
    public var description: String { render() }
    /// Renders ``description``.
    let render: () -> String
    let test: (Any) -> Bool
    /// The argument captors bound to this position.
    let captors: [any ArgumentCaptorBinding]
    /// Whether the matcher accepts every argument (`any()`, `capture()`), for unreachable-registration checks.
    let acceptsEverything: Bool
    /// The same test on a scalar argument's raw word, when it has one.
    let scalarTest: ScalarTest?

    /// Creates a matcher from a predicate on the type-erased argument.
    ///
    /// - Parameters:
    ///   - description: The text diagnostics print for the matcher. It is
    ///     evaluated only when a diagnostic prints the matcher, possibly
    ///     several times and on any thread, so it should only format values.
    ///   - matches: Whether an argument satisfies the matcher. It runs outside
    ///     every lock, possibly on several threads at once.
    public init(description: @autoclosure @escaping () -> String, matches: @escaping (Any) -> Bool) {
        self.init(description: description(), captors: [], matches: matches)
    }

    init(
        description: @autoclosure @escaping () -> String, captors: [any ArgumentCaptorBinding],
        acceptsEverything: Bool = false, scalarTest: ScalarTest? = nil, matches: @escaping (Any) -> Bool
    ) {
        self.render = description
        self.test = matches
        self.captors = captors
        self.acceptsEverything = acceptsEverything
        self.scalarTest = acceptsEverything ? .anything : scalarTest
    }

    /// A matcher with a test that can also run on a scalar argument's raw word.
    @usableFromInline
    init(
        description: @autoclosure @escaping () -> String, scalarTest: ScalarTest?, matches: @escaping (Any) -> Bool
    ) {
        self.init(description: description(), captors: [], scalarTest: scalarTest, matches: matches)
    }

    /// Tests an argument.
    ///
    /// - Parameter argument: The argument of a call, as the front boxed it.
    /// - Returns: Whether the argument satisfies the matcher.
    public func matches(_ argument: Any) -> Bool { test(argument) }

    /// A matcher that accepts every argument.
    public static let anything = ArgumentMatcher(description: "any()", captors: [], acceptsEverything: true) { _ in
        true
    }

    /// A matcher that accepts arguments of type `T` equal to a value.
    ///
    /// - Parameter value: The expected value.
    /// - Returns: The matcher.
    @inlinable
    public static func equal<T: Equatable>(to value: T) -> ArgumentMatcher {
        ArgumentMatcher(description: "equal(\(describeValue(value)))", scalarTest: .equal(to: value)) { argument in
            guard let typed = argument as? T else { return false }
            return typed == value
        }
    }

    /// A matcher for an argument typed as `T` with a predicate; arguments of another type never match.
    ///
    /// - Parameters:
    ///   - description: The text diagnostics print for the matcher, evaluated
    ///     only when a diagnostic prints it.
    ///   - predicate: Whether a typed argument matches.
    /// - Returns: The matcher.
    @inlinable
    public static func typed<T>(
        _ description: @autoclosure @escaping () -> String, _ predicate: @escaping (T) -> Bool
    ) -> ArgumentMatcher {
        ArgumentMatcher(description: description()) { argument in
            guard let value = argument as? T else { return false }
            return predicate(value)
        }
    }

    /// The matcher a literal argument of a literal-only recording stands for:
    /// `==` for `Equatable` values, identity for references (including
    /// optional references), equality for metatypes.
    ///
    /// - Parameter literal: The value the recording pass saw.
    /// - Returns: The matcher, or `nil` when the value has no equality relation.
    public static func literal(_ literal: Any) -> ArgumentMatcher? {
        LiteralEquality.matcher(for: literal)
    }
}

/// The equality relations of literal-only recordings.
enum LiteralEquality {
    /// Matches a metatype argument that is `type` (metatypes have no `Equatable`; their identity is equality).
    static func sameType(as type: any Any.Type) -> ArgumentMatcher {
        let identifier = ObjectIdentifier(type)
        return ArgumentMatcher(description: "equal(\(describeValue(type)))") { argument in
            guard let other = argument as? any Any.Type else { return false }
            return ObjectIdentifier(other) == identifier
        }
    }

    static func matcher(for literal: Any) -> ArgumentMatcher? {
        if literal is Void {
            // `()` has one value: every `()` argument equals it.
            return ArgumentMatcher(description: "equal(())") { $0 is Void }
        }
        if let equatable = literal as? any Equatable, !IdentityMatchedObjects.contains(literal) {
            return ArgumentMatcher(
                description: "equal(\(describeValue(literal)))", scalarTest: ScalarTest.equal(to: equatable)
            ) { isEqual(equatable, $0) }
        }
        if let type = literal as? any Any.Type {
            return sameType(as: type)
        }
        if let optional = literal as? any OptionalValue {
            guard let wrapped = optional.wrappedAny else {
                return ArgumentMatcher(description: "isNil()") { argument in
                    guard let other = argument as? any OptionalValue else { return false }
                    return other.wrappedAny == nil
                }
            }
            guard let inner = matcher(for: wrapped) else { return nil }
            return ArgumentMatcher(description: inner.description) { argument in
                let unwrapped = (argument as? any OptionalValue).map(\.wrappedAny) ?? argument
                guard let unwrapped else { return false }
                return inner.matches(unwrapped)
            }
        }
        if type(of: literal) is AnyClass {
            let identifier = ObjectIdentifier(literal as AnyObject)
            return ArgumentMatcher(description: "identical(to: \(describeValue(literal)))") { argument in
                guard type(of: argument) is AnyClass else {
                    guard let optional = argument as? any OptionalValue, let wrapped = optional.wrappedAny,
                        type(of: wrapped) is AnyClass
                    else { return false }
                    return ObjectIdentifier(wrapped as AnyObject) == identifier
                }
                return ObjectIdentifier(argument as AnyObject) == identifier
            }
        }
        return nil
    }

    static func isEqual<T: Equatable>(_ expected: T, _ argument: Any) -> Bool {
        if let value = argument as? T { return value == expected }
        return false
    }
}

/// Lets the engine look inside an `Optional` of any wrapped type.
protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedAny: Any? {
        switch self {
        case .some(let value): (value as? any OptionalValue).map(\.wrappedAny) ?? value
        case .none: nil
        }
    }
}
