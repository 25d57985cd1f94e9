/// A type whose unstubbed calls take default values from a registry; ``Mock`` conforms.
public protocol DefaultProvider {
    /// The registry default values come from.
    var defaultProviderRegistry: DefaultProvidableRegistry { get set }
}
