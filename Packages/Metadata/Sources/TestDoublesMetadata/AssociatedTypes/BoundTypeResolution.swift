/// A requirement type that mentions a bound associated type, resolved to
/// the concrete type it denotes for the binding and to how the witness
/// convention passes it.
public struct BoundTypeResolution: @unchecked Sendable {
    /// Which parts of a closure type travel by address at the requirement's
    /// abstraction (`Element` in `(Element) -> Bool`).
    public struct ClosureIndirection: Hashable, Sendable {
        /// The parameters (by position) passed by address.
        public let parameters: Set<Int>
        /// Whether the result is returned through an indirect result address.
        public let result: Bool
    }

    /// The concrete type (`Int?` for `Element?` bound to `Int`).
    public let type: Any.Type
    /// Whether the protocol witness passes the value indirectly, in its memory
    /// form: true when the type's layout depends on the associated type
    /// (`Element`, `Element?`, `Result<Element, E>`), whose abstract form is
    /// address-only; false for containers whose layout does not (`[Element]`,
    /// `Set<Element>`, `[K: Element]`, `[Element]?`), which travel as their
    /// concrete type does.
    public let travelsIndirectly: Bool
    /// For a closure type (or an optional of one): its parts that travel by address.
    public var closureIndirection: ClosureIndirection? = nil
}

/// Why a type that mentions a bound associated type is outside what a
/// runtime conformance serves.
public struct UnservedBoundType: Error {
    /// The reason, naming the part of the type.
    public let reason: String
}
