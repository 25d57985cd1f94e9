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
    let configures: [@Sendable (Subject) -> Void]
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameter configure: Configures the subject it receives.
    public init(_ configure: @escaping @Sendable (Subject) -> Void) {
        configures = [configure]
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - configure: Configures the subject it receives.
    public init(named name: String, _ configure: @escaping @Sendable (Subject) -> Void) {
        configures = [configure]
        self.name = name
    }

    private init(name: String?, configures: [@Sendable (Subject) -> Void]) {
        self.name = name
        self.configures = configures
    }

    /// Configures a subject.
    ///
    /// - Parameter subject: The subject, such as a double.
    public func apply(to subject: Subject) {
        for configure in configures { configure(subject) }
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
public struct AsyncTestDoubleScenario<Subject>: Sendable {
    let configures: [@Sendable (Subject) async -> Void]
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameter configure: Configures the subject it receives.
    public init(_ configure: @escaping @Sendable (Subject) async -> Void) {
        configures = [configure]
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - configure: Configures the subject it receives.
    public init(named name: String, _ configure: @escaping @Sendable (Subject) async -> Void) {
        configures = [configure]
        self.name = name
    }

    private init(name: String?, configures: [@Sendable (Subject) async -> Void]) {
        self.name = name
        self.configures = configures
    }

    /// Configures a subject.
    ///
    /// - Parameter subject: The subject, such as a double.
    public func apply(to subject: Subject) async where Subject: Sendable {
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
    let configure: @Sendable (Subject, Parameter) -> Void
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameter configure: Configures the subject it receives, using the parameter.
    public init(_ configure: @escaping @Sendable (Subject, Parameter) -> Void) {
        self.configure = configure
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - configure: Configures the subject it receives, using the parameter.
    public init(named name: String, _ configure: @escaping @Sendable (Subject, Parameter) -> Void) {
        self.configure = configure
        self.name = name
    }

    /// Configures a subject for one parameter.
    ///
    /// - Parameters:
    ///   - parameter: The value the configuration uses.
    ///   - subject: The subject, such as a double.
    public func apply(_ parameter: Parameter, to subject: Subject) { configure(subject, parameter) }

    /// The plain scenario this one makes for one parameter.
    ///
    /// - Parameter parameter: The value the configuration uses.
    /// - Returns: The scenario.
    public func scenario(for parameter: Parameter) -> TestDoubleScenario<Subject> where Parameter: Sendable {
        let configure = configure
        let bound: @Sendable (Subject) -> Void = { configure($0, parameter) }
        return name.map { TestDoubleScenario(named: $0, bound) } ?? TestDoubleScenario(bound)
    }
}
