/// Named, reusable setup: `when` registrations to apply to a double.
///
/// ```swift
/// let signedOut: StubScenario<any AccountService> = .init {
///     $0.when { $0.currentUser() }.thenReturn(nil)
/// }
/// let account = AccountServiceStub()
/// signedOut.apply(to: account)
/// ```
///
/// A scenario is generic over the subject type its `when` closures call, so
/// one scenario serves every double of the shared vocabulary with that
/// subject: a runtime `Stub<any AccountService>`, a `Spy`, or a
/// ``ManualStub`` whose conformer is an `AccountService` (the conformer is
/// used as `any AccountService`). Registrations keep their order, and the
/// first matching registration wins, so register specific cases before
/// fallbacks; `appending(_:)` puts another scenario's registrations after
/// this one's.
public struct StubScenario<Subject>: Sendable {
    let setups: [ScenarioSetup<ScenarioDouble<Subject>>]
    /// The scenario's name, for reading tests and diagnostics; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// The setup may capture the test's values; written in a `@MainActor`
    /// test, it may call a `@MainActor` protocol's requirements, and is then
    /// applied from the main actor.
    ///
    /// - Parameters:
    ///   - setup: Registers behaviors on the double it receives.
    ///   - isolation: The actor of the code creating the scenario; leave the default.
    public init(
        _ setup: @escaping (ScenarioDouble<Subject>) -> Void, isolation: isolated (any Actor)? = #isolation
    ) {
        self.init(name: nil, setups: [ScenarioSetup(setup, isolation: isolation)])
    }

    /// Creates a named scenario.
    ///
    /// ```swift
    /// let signedOut = StubScenario<any AccountService>(named: "signed out") {
    ///     $0.when { $0.currentUser() }.thenReturn(nil)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up, such as `"signed out"`.
    ///   - setup: Registers behaviors on the double it receives.
    ///   - isolation: The actor of the code creating the scenario; leave the default.
    public init(
        named name: String, _ setup: @escaping (ScenarioDouble<Subject>) -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) {
        self.init(name: name, setups: [ScenarioSetup(setup, isolation: isolation)])
    }

    init(name: String? = nil, setups: [ScenarioSetup<ScenarioDouble<Subject>>]) {
        self.name = name
        self.setups = setups
    }

    /// Registers the scenario's behaviors on a double.
    ///
    /// A double whose subject cannot be used as `Subject` is reported as an
    /// issue and left unchanged, as is a setup written on the main actor and
    /// applied off it.
    ///
    /// - Parameters:
    ///   - double: The double to configure.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func apply<Double: RecordingTestDouble>(
        to double: Double,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let view = ScenarioDouble<Subject>.view(double) else {
            ScenarioDouble<Subject>.reportMismatch(double, site: site)
            return
        }
        for setup in setups { setup.run(view, scenario: name, site: site) }
    }

    /// A scenario that applies this one and then `other`, so this one's
    /// registrations are matched first.
    ///
    /// - Parameter other: The scenario whose registrations come after.
    /// - Returns: The combined scenario.
    public func appending(_ other: StubScenario<Subject>) -> StubScenario<Subject> {
        StubScenario(name: name, setups: setups + other.setups)
    }

    /// A scenario that applies this one and then the async `other`.
    ///
    /// - Parameter other: The scenario whose registrations come after.
    /// - Returns: The combined, async scenario.
    public func appending(_ other: AsyncStubScenario<Subject>) -> AsyncStubScenario<Subject> {
        AsyncStubScenario(self).appending(other)
    }
}

/// A ``StubScenario`` for ``ManualStub`` controllers of `Conformer`.
///
/// ```swift
/// let cheap: ManualStubScenario<PriceServiceStubConformer> = .init {
///     $0.when { try $0.price(Match.any()) }.thenReturn(1)
/// }
/// cheap.apply(to: prices)
/// ```
///
/// A ``ClientStub``'s client type works too: the scenario's subject is the
/// value its `when` closures call.
public typealias ManualStubScenario<Conformer> = StubScenario<Conformer>
