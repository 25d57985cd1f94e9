/// Named, reusable setup over any value, typically a double itself:
/// `TestDoubleScenario<ManualStub<PricesStubConformer>>` receives the
/// controller as `$0`.
///
/// ```swift
/// let cheap = TestDoubleScenario<PriceServiceStub>(named: "cheap") {
///     $0.when { try $0.price(Match.any()) }.thenReturn(1)
/// }
/// cheap.apply(to: prices)
/// ```
///
/// ``StubScenario`` is the form generic over the doubled type instead,
/// which one scenario can apply to every kind of double.
public struct TestDoubleScenario<Subject>: Sendable {
    let configures: [ScenarioSetup<Subject>]
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - configure: Configures the subject it receives.
    ///   - isolation: The actor of the code creating the scenario; leave the default.
    public init(_ configure: @escaping (Subject) -> Void, isolation: isolated (any Actor)? = #isolation) {
        configures = [ScenarioSetup(configure, isolation: isolation)]
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - configure: Configures the subject it receives.
    ///   - isolation: The actor of the code creating the scenario; leave the default.
    public init(
        named name: String, _ configure: @escaping (Subject) -> Void, isolation: isolated (any Actor)? = #isolation
    ) {
        configures = [ScenarioSetup(configure, isolation: isolation)]
        self.name = name
    }

    init(name: String?, configures: [ScenarioSetup<Subject>]) {
        self.name = name
        self.configures = configures
    }

    /// Configures a subject.
    ///
    /// A setup written on the main actor and applied off it is reported as
    /// an issue and left out.
    ///
    /// - Parameters:
    ///   - subject: The subject, such as a double.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func apply(
        to subject: Subject,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        for configure in configures { configure.run(subject, scenario: name, site: site) }
    }

    /// A scenario that applies this one and then `next`, so this one's registrations are matched first.
    ///
    /// - Parameter next: The scenario whose registrations come after.
    /// - Returns: The combined scenario.
    public func appending(_ next: Self) -> Self {
        Self(name: name, configures: configures + next.configures)
    }
}

/// Named, reusable async setup over any value, typically a double itself.
///
/// ```swift
/// let offline = AsyncTestDoubleScenario<FeedStub> {
///     await $0.when { try await $0.loadFeed() }.thenThrow(FeedError.offline)
/// }
/// await offline.apply(to: feed)
/// ```
///
/// Unchecked `Sendable`, so that a scenario can be a `static let`: the
/// closures are the test's own, which may capture its values; each runs on
/// the actor it was written on, if any.
public struct AsyncTestDoubleScenario<Subject>: @unchecked Sendable {
    let configures: [(Subject) async -> Void]
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameter configure: Configures the subject it receives.
    public init(_ configure: @escaping (Subject) async -> Void) {
        configures = [configure]
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - configure: Configures the subject it receives.
    public init(named name: String, _ configure: @escaping (Subject) async -> Void) {
        configures = [configure]
        self.name = name
    }

    private init(name: String?, configures: [(Subject) async -> Void]) {
        self.name = name
        self.configures = configures
    }

    /// Configures a subject.
    ///
    /// - Parameter subject: The subject, such as a double.
    public func apply(to subject: Subject) async {
        for configure in configures { await configure(subject) }
    }

    /// A scenario that applies this one and then `next`.
    ///
    /// - Parameter next: The scenario whose registrations come after.
    /// - Returns: The combined scenario.
    public func appending(_ next: Self) -> Self {
        Self(name: name, configures: configures + next.configures)
    }
}

/// Reusable setup over any value that depends on a parameter.
public struct ParameterizedTestDoubleScenario<Subject, Parameter>: Sendable {
    let configure: ScenarioSetup<(Subject, Parameter)>
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameters:
    ///   - configure: Configures the subject it receives, using the parameter.
    ///   - isolation: The actor of the code creating the scenario; leave the default.
    public init(_ configure: @escaping (Subject, Parameter) -> Void, isolation: isolated (any Actor)? = #isolation) {
        self.configure = ScenarioSetup(configure, isolation: isolation)
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - configure: Configures the subject it receives, using the parameter.
    ///   - isolation: The actor of the code creating the scenario; leave the default.
    public init(
        named name: String, _ configure: @escaping (Subject, Parameter) -> Void,
        isolation: isolated (any Actor)? = #isolation
    ) {
        self.configure = ScenarioSetup(configure, isolation: isolation)
        self.name = name
    }

    /// Configures a subject for one parameter.
    ///
    /// - Parameters:
    ///   - parameter: The value the configuration uses.
    ///   - subject: The subject, such as a double.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func apply(
        _ parameter: Parameter, to subject: Subject,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        configure.run((subject, parameter), scenario: name, site: site)
    }

    /// The plain scenario this one makes for one parameter.
    ///
    /// - Parameter parameter: The value the configuration uses.
    /// - Returns: The scenario.
    public func scenario(for parameter: Parameter) -> TestDoubleScenario<Subject> {
        let body = configure.body
        return TestDoubleScenario(
            name: name, configures: [ScenarioSetup({ body(($0, parameter)) }, isolatedAs: configure)])
    }
}
