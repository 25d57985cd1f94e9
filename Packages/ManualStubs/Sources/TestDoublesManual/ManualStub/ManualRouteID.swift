/// An explicit identity for a requirement forwarded with `Any` arguments:
/// its signature and argument types, for overloads that differ only by
/// argument type where the static types are not at hand.
///
/// ```swift
/// func render(_ value: Int) -> String {
///     stub.call(value, route: ManualRouteID(argumentTypes: Int.self))
/// }
/// ```
public struct ManualRouteID: Hashable, Sendable {
    /// The requirement's name, as `#function` spells it.
    public let signature: String
    let typeIdentifiers: [ObjectIdentifier]
    /// The argument types, in declaration order.
    public var argumentTypes: [Any.Type] { storedTypes.types }
    private let storedTypes: TypeList

    /// Creates a route.
    ///
    /// - Parameters:
    ///   - signature: The requirement's name; leave the default `#function`.
    ///   - argumentTypes: The requirement's argument types, in declaration order.
    public init(_ signature: String = #function, argumentTypes: Any.Type...) {
        self.signature = signature
        self.typeIdentifiers = argumentTypes.map(ObjectIdentifier.init)
        self.storedTypes = TypeList(types: argumentTypes)
    }

    /// The key the requirement table files the route under.
    var identity: String {
        "\(signature) route(\(argumentTypes.map { String(reflecting: $0) }.joined(separator: ", ")))"
    }

    /// Whether two identifiers name the same requirement with the same argument types.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.signature == rhs.signature && lhs.typeIdentifiers == rhs.typeIdentifiers
    }

    /// Hashes the requirement's signature and its argument types.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(signature)
        hasher.combine(typeIdentifiers)
    }

    /// Metatypes, which are immutable and safe to share.
    private struct TypeList: @unchecked Sendable {
        let types: [Any.Type]
    }
}
