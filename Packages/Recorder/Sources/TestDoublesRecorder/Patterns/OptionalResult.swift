/// A requirement result that is an `Optional`, so that `then` can take a
/// handler returning the wrapped value.
///
/// Only `Optional` conforms; the library uses this protocol to offer
/// ``CallPattern`` handlers that return `String` for a `String?` result.
/// You never conform a type of your own to it.
public protocol OptionalResult {
    /// The type the optional wraps.
    associatedtype Wrapped

    /// The result that answers a handler's wrapped value.
    ///
    /// A `nil` answers `nil`, also where the wrapped type is itself optional
    /// or an existential holding an optional: a handler that returns `nil`
    /// for an `Int??` or an `Any?` result answers `nil`, as `return nil`
    /// does in a function of that result type.
    ///
    /// - Parameter wrapped: The handler's value.
    /// - Returns: The optional result that answers the call.
    static func answering(_ wrapped: Wrapped) -> Self
}

extension Optional: OptionalResult {
    /// The result that answers a handler's wrapped value.
    ///
    /// - Parameter wrapped: The handler's value.
    /// - Returns: `nil` when `wrapped` is or holds `nil`; otherwise `wrapped`,
    ///   unwrapped from an existential that holds an `Optional<Wrapped>`.
    public static func answering(_ wrapped: Wrapped) -> Self {
        if let optional = wrapped as? any NilTestable, optional.isNil { return nil }
        return ((wrapped as Any) as? Self) ?? .some(wrapped)
    }
}

/// An optional, asked whether it is `nil` whatever it wraps.
private protocol NilTestable {
    var isNil: Bool { get }
}

extension Optional: NilTestable {
    fileprivate var isNil: Bool { self == nil }
}
