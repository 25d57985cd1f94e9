/// An `Optional` seen without its `Wrapped` type, so a fixture can tell
/// how deeply optionals nest and which layer holds the `nil`.
///
/// JSON has one `null`: `Int??.some(nil)` and `Int??.none` both encode as
/// `null` through `Codable`, and decode as `.none`. A fixture keeps the
/// difference with a marker (see `FixtureValue.someNoneMarker`).
protocol FixtureOptional {
    /// How many optionals nest: 1 for `Int?`, 2 for `Int??`.
    static var nesting: Int { get }
    /// How many `.some` layers wrap the `nil`: 0 for `.none`, 1 for
    /// `.some(.none)`; nil when the value holds a wrapped value.
    var someLayersAroundNone: Int? { get }
    /// The value whose `nil` sits inside `layers` `.some` layers, or nil
    /// when the type does not nest that deep.
    static func none(inside layers: Int) -> Self?
}

extension Optional: FixtureOptional {
    static var nesting: Int { 1 + ((Wrapped.self as? any FixtureOptional.Type)?.nesting ?? 0) }

    var someLayersAroundNone: Int? {
        switch self {
        case .none: return 0
        case .some(let wrapped):
            guard Wrapped.self is any FixtureOptional.Type, let inner = wrapped as? any FixtureOptional else {
                return nil
            }
            return inner.someLayersAroundNone.map { $0 + 1 }
        }
    }

    static func none(inside layers: Int) -> Self? {
        if layers == 0 { return .some(.none) }
        guard let inner = Wrapped.self as? any FixtureOptional.Type, let made = inner.none(inside: layers - 1),
            let wrapped = made as? Wrapped
        else { return nil }
        return .some(.some(wrapped))
    }
}
