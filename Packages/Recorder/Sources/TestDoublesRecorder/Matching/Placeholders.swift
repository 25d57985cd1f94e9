import Foundation

extension Match {
    /// The values matchers and the recording pass hand to the double in place of real arguments and results.
    ///
    /// During a recording pass nothing is called for real, but Swift still
    /// needs a valid value of each argument's type and of the result type.
    /// Lookup order: values registered with ``register(_:)`` for the exact
    /// type; built-in values for scalars, strings, collections, optionals and
    /// common Foundation values; then the synthesizer a runtime layer
    /// installed with ``installSynthesizer(_:)``.
    public enum Placeholders {
        static let registry = Locked<[ObjectIdentifier: () -> Any]>([:])
        static let synthesizer = Locked<(@Sendable (Any.Type) -> Any?)?>(nil)

        /// Registers the placeholder of a type, replacing an earlier one.
        ///
        /// - Parameter make: Makes a valid value of the type; it may be called
        ///   on any thread and the value is never returned to code under test
        ///   as a real result.
        public static func register<T>(_ make: @escaping @Sendable () -> T) {
            registry.withLock { $0[ObjectIdentifier(T.self)] = { make() } }
        }

        /// Removes the placeholder registered for a type.
        ///
        /// - Parameter type: The type.
        public static func unregister<T>(_ type: T.Type) {
            registry.withLock { $0[ObjectIdentifier(type)] = nil }
        }

        /// Installs the last-resort synthesizer, replacing an earlier one.
        ///
        /// The runtime layer installs one that builds values from type metadata.
        ///
        /// - Parameter synthesize: Returns a value of the given type, or `nil`
        ///   when it cannot make one.
        public static func installSynthesizer(_ synthesize: (@Sendable (Any.Type) -> Any?)?) {
            synthesizer.withLock { $0 = synthesize }
        }

        /// Makes a placeholder of a type.
        ///
        /// - Parameter type: The type.
        /// - Returns: A value of the type, or `nil` when none can be made.
        public static func make<T>(_ type: T.Type) -> T? {
            make(any: type) as? T
        }

        /// Makes a placeholder of a type known only at run time.
        ///
        /// - Parameter type: The type.
        /// - Returns: A value of the type, or `nil` when none can be made.
        public static func make(any type: Any.Type) -> Any? {
            if let registered = registry.withLock({ $0[ObjectIdentifier(type)] }) {
                return registered()
            }
            if type == Void.self { return () }
            if let provider = type as? any PlaceholderProviding.Type {
                return provider.placeholder
            }
            if let hook = synthesizer.withLock({ $0 }) {
                return hook(type)
            }
            return nil
        }
    }
}

/// A type with a built-in placeholder.
protocol PlaceholderProviding {
    static var placeholder: Self { get }
}

extension Int: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Int8: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Int16: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Int32: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Int64: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt8: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt16: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt32: PlaceholderProviding { static var placeholder: Self { 0 } }
extension UInt64: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Float: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Double: PlaceholderProviding { static var placeholder: Self { 0 } }
extension Bool: PlaceholderProviding { static var placeholder: Self { false } }
extension String: PlaceholderProviding { static var placeholder: Self { "" } }
extension Substring: PlaceholderProviding { static var placeholder: Self { "" } }
extension Character: PlaceholderProviding { static var placeholder: Self { " " } }
extension Unicode.Scalar: PlaceholderProviding { static var placeholder: Self { " " } }
extension Array: PlaceholderProviding { static var placeholder: Self { [] } }
extension ContiguousArray: PlaceholderProviding { static var placeholder: Self { [] } }
extension ArraySlice: PlaceholderProviding { static var placeholder: Self { [] } }
extension Set: PlaceholderProviding { static var placeholder: Self { [] } }
extension Dictionary: PlaceholderProviding { static var placeholder: Self { [:] } }
extension Optional: PlaceholderProviding { static var placeholder: Self { nil } }
extension Duration: PlaceholderProviding { static var placeholder: Self { .zero } }
extension Data: PlaceholderProviding { static var placeholder: Self { Data() } }
extension Date: PlaceholderProviding { static var placeholder: Self { Date(timeIntervalSince1970: 0) } }
extension UUID: PlaceholderProviding {
    static var placeholder: Self { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}
extension URL: PlaceholderProviding { static var placeholder: Self { URL(string: "about:blank")! } }
extension URLComponents: PlaceholderProviding { static var placeholder: Self { URLComponents() } }
extension Locale: PlaceholderProviding { static var placeholder: Self { Locale(identifier: "en_US_POSIX") } }
extension TimeZone: PlaceholderProviding { static var placeholder: Self { TimeZone(identifier: "UTC")! } }
extension Calendar: PlaceholderProviding { static var placeholder: Self { Calendar(identifier: .gregorian) } }
extension Decimal: PlaceholderProviding { static var placeholder: Self { 0 } }
extension IndexPath: PlaceholderProviding { static var placeholder: Self { IndexPath() } }
extension DateComponents: PlaceholderProviding { static var placeholder: Self { DateComponents() } }
extension AnyHashable: PlaceholderProviding { static var placeholder: Self { AnyHashable(0) } }
