import Foundation

extension Match {
    /// The values matchers and the recording pass hand to the double in place of real arguments and results.
    ///
    /// During a recording pass nothing is called for real, but Swift still
    /// needs a valid value of each argument's type and of the result type.
    /// Lookup order: values registered with ``register(_:_:)`` for the exact
    /// type; built-in values for scalars, strings, collections, optionals,
    /// streams and common Foundation values; a value of the type the test
    /// already handed to the recording pass or to the double (a `using:`
    /// value, an argument of a recorded or earlier real call, the
    /// `returning:` value); a stock value boxed in an existential (`any
    /// Error`, `Any`, `AnyObject`, `any Hashable`...); then the synthesizer a
    /// runtime layer installed with ``installSynthesizer(_:)``, which builds
    /// structs, tuples and enums from metadata, asking the same lookup for
    /// each nested type.
    public enum Placeholders {
        static let registry = Locked<[ObjectIdentifier: () -> Any]>([:])
        /// Bumped by every registration change, so cached checks of which types have placeholders are redone.
        private static let registryGeneration = Locked(0)
        static var generation: Int { registryGeneration.withLock { $0 } }
        /// The installed synthesizer. Kept in a struct: a function value that is
        /// itself a generic lock's value is reabstracted through `withLock`'s
        /// `inout` on every access, and in an unoptimized build the copy written
        /// back wraps the closure in one more thunk each time, so every later
        /// call went through all the earlier reads' thunks.
        static let synthesizer = Locked<InstalledSynthesizer?>(nil)

        struct InstalledSynthesizer {
            let synthesize: Synthesizer
        }

        /// Builds a placeholder of a type from its metadata; the second
        /// argument looks up values of nested types (every source but the synthesizer).
        public typealias Synthesizer = @Sendable (Any.Type, _ lookup: (Any.Type) -> Any?) -> Any?

        /// Registers the placeholder of a type, replacing an earlier one.
        ///
        /// ```swift
        /// Match.Placeholders.register { User(id: 0) }
        /// Placeholders.register((any Session).self) { OfflineSession() }
        /// ```
        ///
        /// - Parameters:
        ///   - type: The type; inferred from `make` when left out.
        ///   - make: Makes a valid value of the type; it may be called on any
        ///     thread and the value is never returned to code under test as a
        ///     real result.
        public static func register<T>(_ type: T.Type = T.self, _ make: @escaping @Sendable () -> T) {
            registry.withLock { $0[ObjectIdentifier(T.self)] = { make() } }
            registryGeneration.withLock { $0 += 1 }
        }

        /// Removes the placeholder registered for a type.
        ///
        /// - Parameter type: The type.
        public static func unregister<T>(_ type: T.Type) {
            registry.withLock { $0[ObjectIdentifier(type)] = nil }
            registryGeneration.withLock { $0 += 1 }
        }

        /// Installs the last-resort synthesizer, replacing an earlier one.
        ///
        /// The runtime layer installs one that builds values from type metadata.
        ///
        /// - Parameter synthesize: Returns a value of the given type, or `nil`
        ///   when it cannot make one.
        public static func installSynthesizer(_ synthesize: Synthesizer?) {
            synthesizer.withLock { $0 = synthesize.map(InstalledSynthesizer.init) }
            registryGeneration.withLock { $0 += 1 }
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
            if let found = lookup(type) { return found }
            return synthesize(type, lookup: lookup)
        }

        /// Builds a value of `type` with the installed synthesizer, which asks
        /// `lookup` for values of nested types; nil when none is installed or it
        /// cannot make one.
        ///
        /// - Parameters:
        ///   - type: The type.
        ///   - lookup: Gives values of the types the value is built of, or nil.
        /// - Returns: A value of the type, or nil.
        @_spi(TestDoublesInternals)
        public static func synthesize(_ type: Any.Type, lookup: (Any.Type) -> Any?) -> Any? {
            guard let installed = synthesizer.withLock({ $0 }) ?? installedByRuntimeLayer() else { return nil }
            return installed.synthesize(type, lookup)
        }

        /// The mangled name of the runtime layer's ``SynthesizerProvider``
        /// (`TestDoubles.RuntimePlaceholderProvider`), found by name because
        /// this module cannot depend on the one that declares it.
        @_spi(TestDoublesInternals)
        public static let runtimeProviderName = "11TestDoubles26RuntimePlaceholderProviderO"

        /// Whether the runtime layer was asked, once per process.
        private static let askedRuntimeLayer: Bool = {
            // A test target that imports TestDoubles but makes only ManualStubs, closure doubles or
            // ClientStubs creates no Stub, Spy or Dummy, which install the synthesizer; its `Match.any()`
            // of a plain struct then found no placeholder, unless another test had made one first.
            if let provider = _typeByName(runtimeProviderName) as? any SynthesizerProvider.Type {
                provider.installPlaceholderSynthesizer()
            }
            return true
        }()

        /// The synthesizer the runtime layer installs when it is linked into the process; nil without it.
        private static func installedByRuntimeLayer() -> InstalledSynthesizer? {
            _ = askedRuntimeLayer
            return synthesizer.withLock { $0 }
        }

        /// A runtime layer that installs its synthesizer on first need (see ``installSynthesizer(_:)``).
        @_spi(TestDoublesInternals)
        public protocol SynthesizerProvider {
            /// Installs the layer's synthesizer (idempotent).
            static func installPlaceholderSynthesizer()
        }

        /// Every source but the synthesizer, in order.
        static func lookup(_ type: Any.Type) -> Any? {
            if let registered = registry.withLock({ $0[ObjectIdentifier(type)] }) {
                return registered()
            }
            if type == Void.self { return () }
            if let provider = type as? any PlaceholderProviding.Type {
                return provider.placeholder
            }
            if let instance = BuiltInClassPlaceholders.make(type) {
                return instance
            }
            if let handedOver = CaptureSession.current?.handedOverValue(of: type) {
                return handedOver
            }
            return PlaceholderValue.boxed(as: type)
        }
    }
}

/// The recording placeholders (``Match/Placeholders``), by the top-level
/// name the seed library also gives them.
public typealias Placeholders = Match.Placeholders
