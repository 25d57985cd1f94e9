/// A default value for one type, kept in a ``DefaultProvidableRegistry``
/// under the type's bare name (`Array`, `Int`, `User`).
public struct DefaultProviding: Sendable {
    /// The registry key: the bare type name.
    let key: String
    let create: @Sendable () -> Any

    /// Creates a default for a type.
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - create: Makes the value.
    public init<T>(_ type: T.Type, create: @escaping @Sendable () -> T) {
        key = MetatypeParser.parse(type).name
        self.create = { create() }
    }

    init(key: String, create: @escaping @Sendable () -> Any) {
        self.key = key
        self.create = create
    }

    /// Zero for a numeric type.
    ///
    /// - Parameter type: The type.
    /// - Returns: The default.
    public static func numeric<T: Numeric & Sendable>(_ type: T.Type) -> DefaultProviding {
        DefaultProviding(type) { 0 }
    }

    /// The empty array, for every element type.
    ///
    /// - Returns: The default.
    public static func array() -> DefaultProviding {
        DefaultProviding(key: "Array") { [Any]() }
    }

    /// The empty set, for every element type.
    ///
    /// - Returns: The default.
    public static func set() -> DefaultProviding {
        DefaultProviding(key: "Set") { Set<AnyHashable>() }
    }

    /// The empty dictionary, for every key and value type.
    ///
    /// - Returns: The default.
    public static func dictionary() -> DefaultProviding {
        DefaultProviding(key: "Dictionary") { [AnyHashable: Any]() }
    }

    /// `nil`, for every optional type.
    ///
    /// - Returns: The default.
    public static func optional() -> DefaultProviding {
        DefaultProviding(key: "Optional") { Any?.none as Any }
    }

    /// `()`: an unstubbed `-> Void` member just records the call.
    ///
    /// - Returns: The default.
    public static func void() -> DefaultProviding {
        DefaultProviding(Void.self) { () }
    }

    /// `false`.
    ///
    /// - Returns: The default.
    public static func bool() -> DefaultProviding {
        DefaultProviding(Bool.self) { false }
    }

    /// The empty string.
    ///
    /// - Returns: The default.
    public static func string() -> DefaultProviding {
        DefaultProviding(String.self) { "" }
    }

    /// A fixed value, for its type.
    ///
    /// - Parameter value: The value.
    /// - Returns: The default.
    public static func valueProvider<T: Sendable>(_ value: T) -> DefaultProviding {
        DefaultProviding(T.self) { value }
    }
}
