/// Reusable asynchronous setup over any value that depends on a parameter:
/// the async counterpart of ``ParameterizedTestDoubleScenario``, for
/// configuration that awaits (an async `when`, a preset that suspends).
///
/// ```swift
/// let failing = AsyncParameterizedTestDoubleScenario<FeedStub, FeedError>(named: "failing load") { feed, error in
///     await feed.when { try await $0.loadFeed() }.thenThrow(error)
/// }
/// await failing.apply(.offline, to: feed)
/// ```
///
/// Unchecked `Sendable`, so that a scenario can be a `static let`: the
/// closure is the test's own, which may capture its values; it runs on the
/// actor it was written on, if any.
public struct AsyncParameterizedTestDoubleScenario<Subject, Parameter>: @unchecked Sendable {
    let configure: (Subject, Parameter) async -> Void
    /// The scenario's name; `nil` when unnamed.
    public let name: String?

    /// Creates a scenario.
    ///
    /// - Parameter configure: Configures the subject it receives, using the parameter.
    public init(_ configure: @escaping (Subject, Parameter) async -> Void) {
        self.configure = configure
        name = nil
    }

    /// Creates a named scenario.
    ///
    /// - Parameters:
    ///   - name: What the scenario sets up.
    ///   - configure: Configures the subject it receives, using the parameter.
    public init(named name: String, _ configure: @escaping (Subject, Parameter) async -> Void) {
        self.configure = configure
        self.name = name
    }

    /// Configures a subject for one parameter.
    ///
    /// - Parameters:
    ///   - parameter: The value the configuration uses.
    ///   - subject: The subject, such as a double.
    public func apply(_ parameter: Parameter, to subject: Subject) async {
        await configure(subject, parameter)
    }

    /// The plain asynchronous scenario this one makes for one parameter.
    ///
    /// - Parameter parameter: The value the configuration uses.
    /// - Returns: The scenario, named as this one.
    public func scenario(for parameter: Parameter) -> AsyncTestDoubleScenario<Subject> {
        let configure = configure
        let bound: (Subject) async -> Void = { await configure($0, parameter) }
        return name.map { AsyncTestDoubleScenario(named: $0, bound) } ?? AsyncTestDoubleScenario(bound)
    }
}
