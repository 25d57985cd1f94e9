import Synchronization
import TestDoublesMetadata
import TestDoublesRecorder

/// Values for dependencies the exercised code path must never touch.
///
/// ```swift
/// let checkout = Checkout(gateway: gateway(), analytics: Dummy.make())  // protocol existential
/// let context: CheckoutContext = Dummy.make()                            // constructible struct
/// let completion: (Receipt) -> Void = Dummy.make()                       // fail-on-use closure
/// let analytics = try Dummy<any Analytics>()                             // throws instead of stopping
/// ```
///
/// A protocol dummy is a runtime stub with no behaviors: every call
/// reports an issue naming the call and then fails closed (a synthesized
/// value, `UnstubbedCall` for throwing requirements, else a trap). A dummy
/// closure reports and traps when called. Scalars, strings, collections,
/// optionals, tuples, structs and enums are synthesized from metadata;
/// classes need ``make(_:using:)`` or ``register(_:)``. Dummy contents are
/// unspecified: never assert on them.
///
/// A protocol that ``Stub`` refuses because no signature of a requirement is
/// known, or because a requirement cannot be answered exactly (an `inout
/// Self?`, an `@isolated(any)` closure parameter), still makes a
/// dummy: its requirements are never answered, so each call reports the
/// call and stops the test.
public final class Dummy<Value> {
    private let value: Value

    /// Makes a dummy of `Value`, throwing when none can be made.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Throws: ``StubError`` naming the type and the reason: a class
    ///   without a registered factory, or a protocol the runtime cannot serve.
    public init(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        switch DummyFactory.make(Value.self, site: site) {
        case .success(let made):
            guard let typed = made as? Value else {
                throw .dummyValueNotSynthesizable(typeDescription: "\(Value.self)")
            }
            value = typed
        case .failure(let failure):
            throw failure.error ?? .dummyValueNotSynthesizable(typeDescription: "\(Value.self)")
        }
    }

    /// Makes a dummy from a value of your own, for classes and values with
    /// invariants the synthesizer cannot know.
    ///
    /// - Parameter makeValue: Makes the value; called once, now.
    public init(using makeValue: () -> Value) {
        value = makeValue()
    }

    /// The dummy value to hand to the code under test; every call returns the same value.
    ///
    /// - Returns: The dummy.
    public func callAsFunction() -> Value { value }

    /// Makes a dummy of `Value`.
    ///
    /// Stops the test with a diagnostic when no dummy of `Value` can be made
    /// (a class without a registered factory, or a protocol the runtime
    /// cannot serve); `try Dummy<Value>()` throws instead.
    ///
    /// - Parameters:
    ///   - type: The type to make; inferred from the context when left out.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The dummy.
    public static func make(
        _ type: Value.Type = Value.self,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Value {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        switch DummyFactory.make(Value.self, site: site) {
        case .success(let value):
            guard let typed = value as? Value else {
                stop("Dummy<\(Value.self)>: the factory made a value of type \(Swift.type(of: value))")
            }
            return typed
        case .failure(let reason):
            stop("Dummy<\(Value.self)> cannot be made at \(site): \(reason)")
        }
    }

    /// Returns `value` as the dummy: for classes and values with invariants
    /// the synthesizer cannot know.
    ///
    /// - Parameter value: The value to use.
    /// - Returns: `value`.
    public static func make(using value: Value) -> Value {
        value
    }

    /// Returns the value `makeValue` makes as the dummy: for classes and
    /// values with invariants the synthesizer cannot know.
    ///
    /// ```swift
    /// let session: Session = Dummy.make(using: { Session(identifier: "unused") })
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to make; inferred from the context when left out.
    ///   - makeValue: Makes the value; called once, now.
    /// - Returns: The value.
    public static func make(_ type: Value.Type = Value.self, using makeValue: () -> Value) -> Value {
        makeValue()
    }

    /// Registers the factory `make()` and `Dummy()` use for exactly `Value`, replacing an earlier one.
    ///
    /// - Parameter factory: Makes a dummy; called on any thread.
    public static func register(_ factory: @escaping @Sendable () -> Value) {
        DummyFactory.registry.withLock { $0[ObjectIdentifier(Value.self)] = { factory() } }
    }

    /// Removes the factory registered for `Value`.
    public static func unregister() {
        _ = DummyFactory.registry.withLock { $0.removeValue(forKey: ObjectIdentifier(Value.self)) }
    }
}

/// Makes dummies of types known at run time.
enum DummyFactory {
    static let registry = Mutex<[ObjectIdentifier: @Sendable () -> Any]>([:])

    static func make(_ type: Any.Type, site: CallSite) -> Result<Any, DummyFailure> {
        if let factory = registry.withLock({ $0[ObjectIdentifier(type)] }) { return .success(factory()) }
        PlaceholderSynthesis.install()
        let metadata = TypeMetadata(type)
        switch metadata.kind {
        case .existential, .extendedExistential:
            return existential(type, site: site)
        case .function:
            return DummyFunction.make(type)
        default:
            if let value = Match.Placeholders.make(any: type) { return .success(value) }
            return .failure(
                DummyFailure(
                    "no value of \(type) can be synthesized (classes, unsafe pointers and some other types need one "
                        + "given); pass one with Dummy.make(using:) or register one with Dummy<\(type)>.register"))
        }
    }

    private static func existential(_ type: Any.Type, site: CallSite) -> Result<Any, DummyFailure> {
        if type == Any.self { return .success(DummyValue()) }
        if type == AnyObject.self { return .success(DummyObject()) }
        func open<Subject>(_: Subject.Type) -> Result<Any, DummyFailure> {
            do {
                let stub = try Stub<Subject>(dummyNamed: "Dummy<\(Subject.self)>", site: site)
                return .success(stub())
            } catch {
                // No signatures (or a getter's effects unknown), or a requirement no Stub can answer (an
                // `inout Self?`): a dummy needs none of that, since its calls are never answered.
                guard
                    error.kind == .signatureDiscoveryFailed || error.kind == .getterEffectsRequired
                        || error.kind == .unsupportedProtocolShape
                else {
                    return .failure(DummyFailure(error.description, error: error))
                }
                return DummyConformance.make(Subject.self, site: site)
            }
        }
        return _openExistential(type, do: open)
    }
}

/// Why a dummy could not be made.
struct DummyFailure: Error, CustomStringConvertible {
    let description: String
    /// The construction error behind the failure, when a stub could not be built.
    let error: StubError?

    init(_ description: String, error: StubError? = nil) {
        self.description = description
        self.error = error
    }
}

/// The dummy of `Any`.
struct DummyValue: Sendable {}

/// The dummy of `AnyObject`.
final class DummyObject: Sendable {}
