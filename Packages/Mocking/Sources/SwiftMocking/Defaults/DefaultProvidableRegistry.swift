/// Default values for unstubbed calls, by type.
///
/// A call no stub answers asks its spy's registry for a value of the
/// result type. The key is the type's bare name, so one entry serves every
/// specialization (`[Int]` and `[String]` share `Array`) and types with the
/// same unqualified name share an entry; the value is then cast to the
/// result type.
public struct DefaultProvidableRegistry: Sendable {
    private var providers: [String: DefaultProviding] = [:]

    /// `Void`, `Array`, `Optional`, `Set`, `Dictionary`, `Bool`, `String`, `Int`, `Double` and `Float`.
    public static let `default`: DefaultProvidableRegistry = {
        var registry = DefaultProvidableRegistry()
        for provider in [
            DefaultProviding.void(), .array(), .optional(), .set(), .dictionary(), .bool(), .string(),
            .numeric(Int.self), .numeric(Double.self), .numeric(Float.self),
        ] {
            registry.register(provider)
        }
        return registry
    }()

    /// Creates an empty registry.
    public init() {}

    /// The default value for a type, if one is registered under its name and casts to it.
    ///
    /// - Parameter type: The type.
    /// - Returns: The value, or `nil`.
    public func getDefaultForType<T>(_ type: T.Type) -> T? {
        providers[MetatypeParser.parse(type).name].flatMap { $0.create() as? T }
    }

    /// Adds a default, replacing the one with the same key.
    ///
    /// - Parameter providing: The default.
    public mutating func register(_ providing: DefaultProviding) {
        providers[providing.key] = providing
    }

    /// Removes the default with the same key.
    ///
    /// - Parameter providing: A default with the key to remove.
    public mutating func deregister(_ providing: DefaultProviding) {
        providers[providing.key] = nil
    }
}
