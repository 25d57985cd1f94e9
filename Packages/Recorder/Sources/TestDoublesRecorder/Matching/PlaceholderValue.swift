/// The stock value a recording pass boxes in an existential it needs a
/// placeholder of (`any Error`, `Any`, `any Hashable`, `any Sendable`,
/// `any CustomStringConvertible`, `any Codable`...), and the stock types it
/// gives for existential metatypes (`Any.Type`, `AnyObject.Type`, `any Error.Type`...).
///
/// A real value of a real type: copying, comparing, hashing, printing,
/// encoding or throwing it is valid. It prints as `placeholder`.
struct PlaceholderValue: Hashable, Comparable, Codable, Sendable, Error, CustomStringConvertible,
    CustomDebugStringConvertible
{
    static func < (lhs: Self, rhs: Self) -> Bool { false }
    var description: String { "placeholder" }
    var debugDescription: String { "placeholder" }

    /// The stock values tried, in order: a value, then an object for
    /// class-bound existentials, then their types for existential metatypes.
    private static var candidates: [any Sendable] {
        [PlaceholderValue(), PlaceholderObject.shared, PlaceholderValue.self, PlaceholderObject.self]
    }

    /// A stock value boxed as `type`, nil when none casts to it (a concrete
    /// type, or an existential of protocols the stock values do not conform to).
    static func boxed(as type: Any.Type) -> Any? {
        func cast<T>(_: T.Type) -> Any? {
            for candidate in candidates {
                if let value = candidate as? T { return value }
            }
            return nil
        }
        return _openExistential(type, do: cast)
    }
}

/// The stock object a recording pass boxes in `AnyObject` and other
/// class-bound existentials it conforms to; one shared, real instance.
final class PlaceholderObject: Hashable, Sendable, CustomStringConvertible {
    static let shared = PlaceholderObject()
    static func == (lhs: PlaceholderObject, rhs: PlaceholderObject) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    var description: String { "placeholder object" }
}
