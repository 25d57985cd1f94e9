/// A reusable matcher as a value: conform a type to it and pass an instance
/// to `Match.custom(_:)`.
///
/// ```swift
/// struct MultipleOf: CustomMatcher {
///     let divisor: Int
///     var diagnosticDescription: String { "multipleOf(\(divisor))" }
///     func matches(_ value: Int) -> Bool { value.isMultiple(of: divisor) }
/// }
/// recorder.when { $0.record(Match.custom(MultipleOf(divisor: 3))) }.thenDoNothing()
/// ```
///
/// An argument of another type than ``Value`` never matches.
public protocol CustomMatcher<Value>: Sendable {
    /// The argument type the matcher tests.
    associatedtype Value

    /// Whether an argument matches; it runs outside every lock.
    ///
    /// - Parameter value: The argument of a call.
    /// - Returns: Whether it matches.
    func matches(_ value: Value) -> Bool

    /// The text diagnostics print for the matcher.
    var diagnosticDescription: String { get }
}

extension CustomMatcher {
    /// The matcher's type name, when the conformer gives no description.
    public var diagnosticDescription: String { "custom(\(Self.self))" }
}

extension Match {
    /// Matches the arguments a ``CustomMatcher`` accepts.
    ///
    /// - Parameter matcher: The matcher.
    /// - Returns: A placeholder of the matcher's `Value`.
    public static func custom<M: CustomMatcher>(_ matcher: M) -> M.Value {
        record(.typed(matcher.diagnosticDescription) { (value: M.Value) in matcher.matches(value) })
    }

    /// Matches the arguments a ``CustomMatcher`` accepts, with an explicit
    /// placeholder for the recording pass.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value; it is never matched against or returned.
    ///   - matcher: The matcher.
    /// - Returns: `placeholder`.
    public static func custom<M: CustomMatcher>(using placeholder: M.Value, _ matcher: M) -> M.Value {
        record(
            .typed(matcher.diagnosticDescription) { (value: M.Value) in matcher.matches(value) },
            returning: placeholder)
    }
}
