/// What every spy offers whatever its signature: its configuration, its
/// call count and `clear()`. ``Mock`` keeps its spies as `AnySpy`.
public protocol AnySpy: AnyObject, Sendable {
    /// The registry unstubbed calls take default values from; `nil` disables defaults.
    var defaultProviderRegistry: DefaultProvidableRegistry? { get set }
    /// How many calls the spy recorded.
    var invocationCount: Int { get }
    /// Whether each call is printed as `<label>(<arguments>)`.
    var isLoggingEnabled: Bool { get set }
    /// Removes every stub, action and recorded call.
    func clear()
}
