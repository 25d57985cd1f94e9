import Foundation

/// The base class of mocks: it creates a ``Spy`` for each member on demand.
///
/// A mock class inherits `Mock` and gives each protocol requirement two
/// members: a runtime member that forwards the call to its spy
/// (`adaptThrowing(super.price, item)`) and an interaction member that takes
/// ``ArgMatcher``s and returns an ``Interaction`` for `when` and `verify`.
/// `super.<name>` is the dynamic-member subscript: the spy stored under that
/// name with the requested signature, created on first use. Members of the
/// same name but different signatures get different spies.
///
/// The subscript is public, so a type that cannot inherit `Mock` (a struct,
/// an actor, a subclass of another class) holds `let mock = Mock()` and
/// writes `self.mock.<name>` and `Mock.adapt(...)` instead.
@dynamicMemberLookup
open class Mock: DefaultProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var spies: [String: [any AnySpy]] = [:]
    private var logging = false
    private var registry: DefaultProvidableRegistry
    /// The type name spies are labelled with; `nil` for the mock's own type.
    private var ownerName: String?
    /// The mock type whose static spies this mock hands out, from ``MockScope/currentStorage``.
    private var staticOwnerName: String?

    /// Creates a mock whose spies take defaults from the registry in scope.
    public init() {
        registry = MockScope.fallbackRegistry
        MockingIssues.prepare()
    }

    /// Creates the mock a composed mock holds (`let mock = Mock(labelledAs: "MockCache")`):
    /// its spies are labelled `MockCache.<member>` in diagnostics and logs, not `Mock.<member>`.
    ///
    /// - Parameter name: The composed mock's type name.
    public convenience init(labelledAs name: String) {
        // Convenience: a second designated initializer would stop subclasses'
        // initializers from calling `super.init()` implicitly.
        self.init()
        ownerName = name
    }

    /// Creates the static mock of a composed mock
    /// (`static let staticMock = Mock(staticSpiesOf: "MockCache")`): its spies
    /// are the static spies of `MockCache` in ``MockScope/currentStorage``, as
    /// a subclass's `super.<name>` in a static member reaches them, so a scope
    /// (such as a test's trait) gets its own, and `clear()` clears those.
    ///
    /// - Parameter typeName: The composed mock's type name.
    public convenience init(staticSpiesOf typeName: String) {
        self.init()
        ownerName = typeName
        staticOwnerName = typeName
    }

    /// The mock's dynamic type.
    public var Super: Mock.Type { type(of: self) }

    /// The registry unstubbed calls of this mock's spies take default values
    /// from; setting it updates every existing spy.
    public var defaultProviderRegistry: DefaultProvidableRegistry {
        get { locked { registry } }
        set {
            let existing = locked {
                registry = newValue
                return spies.values.flatMap { $0 }
            }
            for spy in existing { spy.defaultProviderRegistry = newValue }
        }
    }

    /// The registry static spies take default values from: the one in scope.
    public static var defaultProviderRegistry: DefaultProvidableRegistry {
        MockScope.fallbackRegistry
    }

    /// Whether the mock's spies print each call; setting it updates every existing spy.
    public var isLoggingEnabled: Bool {
        get { locked { logging } }
        set {
            let existing = locked {
                logging = newValue
                return spies.values.flatMap { $0 }
            }
            for spy in existing { spy.isLoggingEnabled = newValue }
        }
    }

    /// Whether static spies print each call; setting it updates every existing static spy.
    public static var isLoggingEnabled: Bool {
        get { MockScope.currentStorage.isStaticLoggingEnabled }
        set { MockScope.currentStorage.setStaticLogging(newValue) }
    }

    /// The spy of an instance member: `super.price` in a subclass, `mock.price` in a composed mock.
    ///
    /// - Parameter member: The member's name.
    /// - Returns: The spy stored under the name with this signature, created on first use.
    ///
    /// `final`: Swift 6.0 cannot compile `super.<name>` in another module when
    /// this subscript is overridable.
    public final subscript<each Input, Eff: Effect, Output>(dynamicMember member: String) -> Spy<
        repeat each Input, Eff, Output
    > {
        if let staticOwnerName {
            return MockScope.currentStorage.spy(ofType: staticOwnerName, member: member)
        }
        return locked {
            if let spy = spies[member]?.lazy.compactMap({ $0 as? Spy<repeat each Input, Eff, Output> }).first {
                return spy
            }
            let spy = Spy<repeat each Input, Eff, Output>(label: "\(ownerName ?? "\(type(of: self))").\(member)")
            spy.isLoggingEnabled = logging
            spy.defaultProviderRegistry = registry
            spies[member, default: []].append(spy)
            return spy
        }
    }

    /// The spy of a static member: `super.shared` inside a `static` member of a subclass.
    ///
    /// Static spies live in ``MockScope/currentStorage``, per mock type.
    ///
    /// - Parameter member: The member's name.
    /// - Returns: The spy stored under the name with this signature, created on first use.
    public static subscript<each Input, Eff: Effect, Output>(dynamicMember member: String) -> Spy<
        repeat each Input, Eff, Output
    > {
        MockScope.currentStorage.spy(ofType: "\(Self.self)", member: member)
    }

    /// Removes the stubs, actions and calls of this mock's spies (for a
    /// composed mock's static mock, its type's static spies in scope).
    public func clear() {
        if let staticOwnerName {
            MockScope.currentStorage.clear(ofType: staticOwnerName)
            return
        }
        for spy in locked({ spies.values.flatMap { $0 } }) { spy.clear() }
    }

    /// Removes the stubs, actions and calls of the static spies of every
    /// mock type in ``MockScope/currentStorage``, not only this one's.
    public static func clear() {
        MockScope.currentStorage.clearAll()
    }

    /// How many calls the instance spies recorded.
    var instanceInvocationCount: Int {
        locked { spies.values.flatMap { $0 } }.reduce(0) { $0 + $1.invocationCount }
    }

    private func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
