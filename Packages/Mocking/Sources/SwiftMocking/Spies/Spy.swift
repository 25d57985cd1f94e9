import Foundation

/// Records the calls of one function signature and answers them from stubs.
///
/// `Spy<each Input, Effects, Output>` takes the parameter types, an
/// ``Effect`` and the result type. A zero-parameter function uses the
/// one-element pack `Void` (`Spy<Void, None, Int>`, called as `spy(())`).
/// A ``Mock`` creates its spies on demand; a spy can also be used on its own,
/// to back the overrides of a subclass or a closure dependency through the
/// free `adapt`.
///
/// Calling a spy with values records the call and answers it (see the
/// effect-specific `callAsFunction`); calling it with matchers builds an
/// ``Interaction`` for `when` and `verify`.
public class Spy<each Input, Effects: Effect, Output>: AnySpy, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Invocation<repeat each Input>] = []
    private var stubs: [Stub<repeat each Input, Effects, Output>] = []
    private var actions: [Action<repeat each Input, Effects>] = []
    private var logging = false
    private var registry: DefaultProvidableRegistry?

    /// Unique per spy; links the spy's calls in ``InvocationRecorder``.
    public let spyID = UUID()
    /// The name diagnostics and logs use; `<MockType>.<member>` for a mock's spy.
    public private(set) var methodLabel: String?

    /// Creates a spy.
    ///
    /// - Parameter label: The name diagnostics and logs use.
    public init(label: String? = nil) {
        methodLabel = label
        registry = MockScope.fallbackRegistry
        MockingIssues.prepare()
    }

    /// The recorded calls, in call order.
    public var invocations: [Invocation<repeat each Input>] {
        locked { recorded }
    }

    /// How many calls the spy recorded.
    public var invocationCount: Int {
        locked { recorded.count }
    }

    /// Whether each call is printed as `<label>(<arguments>)`.
    public var isLoggingEnabled: Bool {
        get { locked { logging } }
        set { locked { logging = newValue } }
    }

    /// The registry unstubbed calls take default values from; `nil` disables defaults.
    public var defaultProviderRegistry: DefaultProvidableRegistry? {
        get { locked { registry } }
        set { locked { registry = newValue } }
    }

    /// Starts stubbing the calls whose arguments the matchers accept.
    ///
    /// - Parameter matchingInput: One matcher per parameter.
    /// - Returns: The arrangement to give an answer or an action to.
    public func when(
        calledWith matchingInput: repeat ArgMatcher<each Input>
    ) -> Arrange<
        repeat each Input, Effects, Output
    > {
        Arrange(invocationMatcher: InvocationMatcher(matchers: repeat each matchingInput), spy: self)
    }

    /// Starts stubbing the calls an invocation matcher accepts.
    ///
    /// - Parameter invocationMatcher: The calls to stub.
    /// - Returns: The arrangement to give an answer or an action to.
    public func when(
        calledWith invocationMatcher: InvocationMatcher<repeat each Input>
    ) -> Arrange<
        repeat each Input, Effects, Output
    > {
        Arrange(invocationMatcher: invocationMatcher, spy: self)
    }

    /// Builds an interaction from one matcher per parameter:
    /// `when(spy(.any)).thenReturn(1)`.
    ///
    /// - Parameter matchingInput: One matcher per parameter.
    /// - Returns: The interaction.
    public func callAsFunction(
        _ matchingInput: repeat ArgMatcher<each Input>
    ) -> Interaction<
        repeat each Input, Effects, Output
    > {
        Interaction(repeat each matchingInput, spy: self)
    }

    /// Removes every stub, action and recorded call.
    public func clear() {
        locked {
            recorded.removeAll()
            stubs.removeAll()
            actions.removeAll()
        }
    }

    /// Runs `body` holding the spy's lock.
    func locked<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    // MARK: Registration

    func add(_ stub: Stub<repeat each Input, Effects, Output>) {
        locked { stubs.append(stub) }
    }

    func add(_ action: Action<repeat each Input, Effects>) {
        locked { actions.append(action) }
    }

    func remove(_ action: Action<repeat each Input, Effects>) {
        locked { actions.removeAll { $0 === action } }
    }

    func invocation(withID id: UUID) -> Invocation<repeat each Input>? {
        locked { recorded.first { $0.invocationID == id } }
    }

    /// The stubs whose matchers accept a call, in registration order.
    func stubs(matching invocation: Invocation<repeat each Input>) -> [Stub<repeat each Input, Effects, Output>] {
        locked { stubs }.filter { $0.invocationMatcher.isMatchedBy(invocation) }
    }

    // MARK: Calls

    /// What a call found under the lock: its record, the action to run and the stub that answers.
    struct Call {
        let invocation: Invocation<repeat each Input>
        let action: Action<repeat each Input, Effects>?
        let stub: Stub<repeat each Input, Effects, Output>?
        let registry: DefaultProvidableRegistry?
    }

    /// Records a call and picks its action and stub: the highest precedence
    /// wins, and among equals the latest registered.
    func begin(_ input: repeat each Input) -> Call {
        let invocation = Invocation<repeat each Input>(arguments: (repeat each input))
        lock.lock()
        var action: Action<repeat each Input, Effects>?
        var actionPrecedence = MatcherPrecedence(value: Int.min)
        for candidate in actions {
            let precedence = candidate.precedence
            if precedence >= actionPrecedence && candidate.invocationMatcher.isMatchedBy(invocation) {
                action = candidate
                actionPrecedence = precedence
            }
        }
        recorded.append(invocation)
        var stub: Stub<repeat each Input, Effects, Output>?
        var stubPrecedence = MatcherPrecedence(value: Int.min)
        for candidate in stubs {
            let precedence = candidate.precedence
            if precedence >= stubPrecedence && candidate.invocationMatcher.isMatchedBy(invocation) {
                stub = candidate
                stubPrecedence = precedence
            }
        }
        let registry = self.registry
        let logging = self.logging
        lock.unlock()
        MockScope.invocationRecorder.record(
            spyID: spyID, invocationID: invocation.invocationID, methodLabel: methodLabel,
            arguments: ArgumentList.boxed(repeat each input))
        if logging {
            print("\(methodLabel ?? "Spy")\(invocation.debugDescription)")
        }
        return Call(invocation: invocation, action: action, stub: stub, registry: registry)
    }
}
