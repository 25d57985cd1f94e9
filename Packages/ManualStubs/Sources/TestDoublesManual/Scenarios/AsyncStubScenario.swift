/// Named, reusable setup whose `when` registrations record async requirements.
///
/// ```swift
/// let offline: AsyncStubScenario<any FeedLoader> = .init {
///     await $0.when { try await $0.loadFeed() }.thenThrow(URLError(.notConnectedToInternet))
/// }
/// await offline.apply(to: loader)
/// ```
///
/// Like ``StubScenario`` it is generic over the subject type and keeps
/// registrations in first-match order; `appending(_:)`
/// puts another scenario's registrations after this one's.
///
/// A setup runs with the isolation it was written with: one written in a
/// `@MainActor` test (or marked `{ @MainActor double in ... }`) runs on the
/// main actor, wherever the scenario is applied from.
///
/// Unchecked `Sendable`, so that a scenario can be a `static let`: the
/// setups are the test's own closures, which may capture its values.
public struct AsyncStubScenario<Subject>: @unchecked Sendable {
    let setups: [Setup]
    /// The scenario's name, for reading tests and diagnostics; `nil` when unnamed.
    public let name: String?

    /// One setup closure; it carries its own isolation.
    typealias Setup = @isolated(any) (ScenarioDouble<Subject>) async -> Void

    /// Creates a scenario.
    ///
    /// - Parameter setup: Registers behaviors on the double it receives; it
    ///   runs on the actor it is isolated to, if any.
    public init(_ setup: @escaping @isolated(any) (ScenarioDouble<Subject>) async -> Void) {
        setups = [setup]
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up, such as `"offline"`.
    ///   - setup: Registers behaviors on the double it receives.
    public init(named name: String, _ setup: @escaping @isolated(any) (ScenarioDouble<Subject>) async -> Void) {
        setups = [setup]
        self.name = name
    }

    /// Creates an async scenario that applies a synchronous one.
    ///
    /// - Parameter scenario: The synchronous scenario.
    public init(_ scenario: StubScenario<Subject>) {
        // A setup written on the main actor runs there; any other where it is applied.
        setups = scenario.setups.map { setup in
            setup.isMainActorIsolated ? { @MainActor double in setup.body(double) } : { double in setup.body(double) }
        }
        name = scenario.name
    }

    init(name: String? = nil, setups: [Setup]) {
        self.name = name
        self.setups = setups
    }

    /// Registers the scenario's behaviors on a double.
    ///
    /// A double whose subject cannot be used as `Subject` is reported as an
    /// issue and left unchanged.
    ///
    /// - Parameters:
    ///   - double: The double to configure.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func apply<Double: RecordingTestDouble>(
        to double: Double,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        guard let view = ScenarioDouble<Subject>.view(double) else {
            ScenarioDouble<Subject>.reportMismatch(
                double, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        for setup in setups { await setup(view) }
    }

    /// A scenario that applies this one and then `other`, so this one's
    /// registrations are matched first.
    ///
    /// - Parameter other: The scenario whose registrations come after.
    /// - Returns: The combined scenario.
    public func appending(_ other: AsyncStubScenario<Subject>) -> AsyncStubScenario<Subject> {
        AsyncStubScenario(name: name, setups: setups + other.setups)
    }

    /// A scenario that applies this one and then the synchronous `other`.
    ///
    /// - Parameter other: The scenario whose registrations come after.
    /// - Returns: The combined scenario.
    public func appending(_ other: StubScenario<Subject>) -> AsyncStubScenario<Subject> {
        appending(AsyncStubScenario(other))
    }
}

/// An ``AsyncStubScenario`` for ``ManualStub`` controllers and ``ClientStub``s.
///
/// ```swift
/// let signedIn = AsyncManualStubScenario<APIClient> { stub in
///     await stub.when { try await $0.fetchUser(Match.any()) }.thenReturn(user)
/// }
/// await signedIn.apply(to: api)
/// ```
public typealias AsyncManualStubScenario<Subject> = AsyncStubScenario<Subject>
