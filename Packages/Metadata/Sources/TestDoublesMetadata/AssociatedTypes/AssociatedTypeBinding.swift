/// The concrete types of one protocol's associated types, as a runtime
/// conformance serves them: bound by a constrained existential
/// (`any Store<Int>`, `any Pair<Int, String>`), by the caller, or both
/// (`any Clock<Duration>` with `Instant` given). Each witness table
/// associated type slot holds its bound type, the associated conformance
/// slots hold the bound types' own witness tables, and requirements
/// mentioning `Self.<name>` take and return the bound type (or a standard
/// wrapper of it) as the witness convention passes them
/// (``resolve(_:)``).
public struct AssociatedTypeBinding: @unchecked Sendable {
    /// The protocol whose associated types are bound.
    public let protocolDescriptor: ProtocolDescriptor
    /// The associated types' names, in the order of the protocol's associated type slots.
    public let names: [String]
    /// The concrete type bound to each of `names`, in the same order.
    public let types: [Any.Type]
    /// The bound types' witness tables for the protocols the associated types
    /// must conform to (`associatedtype Element: Hashable`), in the order of
    /// the protocol's associated conformance slots.
    public let conformances: [WitnessTable]
    /// The names the caller bound rather than the existential type. The
    /// existential's own requirements see these associated types erased (a
    /// result typed `Element` is `Any` or the upper bound at the call site),
    /// so configured values are checked against the bound type.
    public let callerBound: Set<String>

    /// A binding of `protocolDescriptor`'s associated types.
    ///
    /// - Parameters:
    ///   - protocolDescriptor: The protocol whose associated types are bound.
    ///   - names: The associated types' names, in slot order.
    ///   - types: The concrete type of each name, in the same order.
    ///   - conformances: The bound types' witness tables, in associated conformance slot order.
    ///   - callerBound: The names the caller bound rather than the existential type.
    public init(
        protocolDescriptor: ProtocolDescriptor, names: [String], types: [Any.Type], conformances: [WitnessTable],
        callerBound: Set<String>
    ) {
        self.protocolDescriptor = protocolDescriptor
        self.names = names
        self.types = types
        self.conformances = conformances
        self.callerBound = callerBound
    }

    /// The names for messages: `Element`, or `Key, Value`.
    public var nameList: String { names.joined(separator: ", ") }

    /// The type bound to the associated type `name`, nil when it is not one of `names`.
    ///
    /// - Parameter name: An associated type's name.
    /// - Returns: The bound type, or nil.
    public func type(named name: String) -> Any.Type? {
        names.firstIndex(of: name).map { types[$0] }
    }
}
