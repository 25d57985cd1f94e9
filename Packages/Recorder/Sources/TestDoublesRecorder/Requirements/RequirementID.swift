/// The identity of one protocol requirement (or closure endpoint) of a test double.
///
/// The engine treats it as opaque: a front builds it from whatever names a
/// requirement uniquely for that double. A hand-written conformer uses a
/// string key (the function name plus its static argument types); the
/// runtime stub uses a numeric slot inside a namespace (its witness table).
public struct RequirementID: Hashable, Sendable, CustomStringConvertible {
    enum Storage: Hashable, Sendable {
        case key(String)
        case slot(namespace: UInt, index: Int)
    }

    let storage: Storage
    /// The hash of `storage`, computed once so dispatch never rehashes a string.
    let precomputedHash: Int

    init(storage: Storage) {
        self.storage = storage
        self.precomputedHash = storage.hashValue
    }

    /// Creates an identity from a string key.
    ///
    /// - Parameter key: A key that is unique among the requirements of one
    ///   double, for example `"track(event:value:)(String,Int)"`.
    public init(_ key: String) {
        self.init(storage: .key(key))
    }

    /// Creates an identity from a numeric slot inside a namespace.
    ///
    /// - Parameters:
    ///   - namespace: A number shared by every requirement of one table, such
    ///     as the address of a fabricated witness table.
    ///   - slot: The index of the requirement inside that namespace.
    public init(namespace: UInt, slot: Int) {
        self.init(storage: .slot(namespace: namespace, index: slot))
    }

    /// Compares identities.
    ///
    /// - Parameters:
    ///   - lhs: An identity.
    ///   - rhs: Another identity.
    /// - Returns: Whether both name the same requirement.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && lhs.storage == rhs.storage
    }

    /// Feeds the precomputed hash to a hasher.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(precomputedHash) }

    /// A short text naming the identity, for debugging.
    public var description: String {
        switch storage {
        case .key(let key): key
        case .slot(let namespace, let index): "slot \(index) of 0x\(String(namespace, radix: 16))"
        }
    }
}
