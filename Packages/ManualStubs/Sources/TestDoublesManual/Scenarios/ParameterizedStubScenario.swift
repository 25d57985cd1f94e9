/// Reusable setup that depends on a value: the same registrations for
/// several inputs, such as one per test argument.
///
/// ```swift
/// let priced = ParameterizedStubScenario<any PriceService, Int> { double, price in
///     double.when { try $0.price(Match.any()) }.thenReturn(price)
/// }
/// priced.apply(42, to: prices)
/// ```
public struct ParameterizedStubScenario<Subject, Parameter>: Sendable {
    let setup: ScenarioSetup<(ScenarioDouble<Subject>, Parameter)>
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - setup: Registers behaviors on the double it receives, using the parameter.
    ///   - isolation: The actor of the code creating the scenario; leave the default.
    public init(
        _ setup: @escaping (ScenarioDouble<Subject>, Parameter) -> Void, isolation: isolated (any Actor)? = #isolation
    ) {
        self.setup = ScenarioSetup(setup, isolation: isolation)
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - setup: Registers behaviors on the double it receives, using the parameter.
    ///   - isolation: The actor of the code creating the scenario; leave the default.
    public init(
        named name: String, _ setup: @escaping (ScenarioDouble<Subject>, Parameter) -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) {
        self.setup = ScenarioSetup(setup, isolation: isolation)
        self.name = name
    }

    /// Registers the scenario's behaviors for one parameter on a double.
    ///
    /// - Parameters:
    ///   - parameter: The value the registrations use.
    ///   - double: The double to configure.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func apply<Double: RecordingTestDouble>(
        _ parameter: Parameter, to double: Double, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let view = ScenarioDouble<Subject>.view(double) else {
            ScenarioDouble<Subject>.reportMismatch(double, site: site)
            return
        }
        setup.run((view, parameter), scenario: name, site: site)
    }

    /// The plain scenario this one makes for one parameter.
    ///
    /// - Parameter parameter: The value the registrations use.
    /// - Returns: A scenario to apply or append.
    public func scenario(for parameter: Parameter) -> StubScenario<Subject> {
        let body = setup.body
        return StubScenario(
            name: name, setups: [ScenarioSetup({ body(($0, parameter)) }, isolatedAs: setup)])
    }
}

/// A ``ParameterizedStubScenario`` for ``ManualStub`` controllers and ``ClientStub``s.
public typealias ParameterizedManualStubScenario<Subject, Parameter> = ParameterizedStubScenario<Subject, Parameter>

/// Reusable setup that depends on a value and records async requirements.
///
/// ```swift
/// let failing = AsyncParameterizedStubScenario<any FeedLoader, URLError.Code> { double, code in
///     await double.when { try await $0.loadFeed() }.thenThrow(URLError(code))
/// }
/// await failing.apply(.timedOut, to: loader)
/// ```
///
/// Unchecked `Sendable`, so that a scenario can be a `static let`: the setup
/// is the test's own closure, which may capture its values; it runs on the
/// actor it was written on, if any.
public struct AsyncParameterizedStubScenario<Subject, Parameter>: @unchecked Sendable {
    let setup: (ScenarioDouble<Subject>, Parameter) async -> Void
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameter setup: Registers behaviors on the double it receives, using the parameter.
    public init(_ setup: @escaping (ScenarioDouble<Subject>, Parameter) async -> Void) {
        self.setup = setup
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - setup: Registers behaviors on the double it receives, using the parameter.
    public init(
        named name: String, _ setup: @escaping (ScenarioDouble<Subject>, Parameter) async -> Void
    ) {
        self.setup = setup
        self.name = name
    }

    /// Registers the scenario's behaviors for one parameter on a double.
    ///
    /// - Parameters:
    ///   - parameter: The value the registrations use.
    ///   - double: The double to configure.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func apply<Double: RecordingTestDouble>(
        _ parameter: Parameter, to double: Double, isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async where Parameter: Sendable {
        guard let view = ScenarioDouble<Subject>.view(double) else {
            ScenarioDouble<Subject>.reportMismatch(
                double, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        await setup(view, parameter)
    }

    /// The plain scenario this one makes for one parameter.
    ///
    /// - Parameter parameter: The value the registrations use.
    /// - Returns: A scenario to apply or append.
    public func scenario(for parameter: Parameter) -> AsyncStubScenario<Subject> {
        let setup = setup
        return AsyncStubScenario(name: name, setups: [{ double in await setup(double, parameter) }])
    }
}

/// An ``AsyncParameterizedStubScenario`` for ``ManualStub`` controllers and ``ClientStub``s.
public typealias AsyncParameterizedManualStubScenario<Subject, Parameter> =
    AsyncParameterizedStubScenario<Subject, Parameter>
