#if compiler(>=6.1)
import Testing

/// `.withDefaults(...)`: default values for the unstubbed calls of the mocks
/// and spies a test (or every test of a suite) creates, on top of
/// `DefaultProvidableRegistry.default`. A test's trait replaces its suite's.
public struct DefaultValuesTrait: TestTrait, SuiteTrait, TestScoping {
    let values: [DefaultProviding]

    /// Creates the trait.
    ///
    /// - Parameter values: The defaults, each registered by its type.
    public init(_ values: [DefaultProviding]) {
        self.values = values
    }

    /// Runs the test or suite with the defaults in scope.
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, for parameterized tests.
    ///   - function: The body.
    /// - Throws: What the body throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        var registry = DefaultProvidableRegistry.default
        for value in values { registry.register(value) }
        try await MockScope.withDefaults(registry, body: function)
    }
}

extension Trait where Self == DefaultValuesTrait {
    /// Default values for unstubbed calls, each registered by its type:
    /// `@Test(.withDefaults(User(name: "x"), 42))`.
    ///
    /// - Parameter values: The values.
    /// - Returns: The trait.
    public static func withDefaults<each Value: Sendable>(_ values: repeat each Value) -> DefaultValuesTrait {
        var providers: [DefaultProviding] = []
        repeat providers.append(.valueProvider(each values))
        return DefaultValuesTrait(providers)
    }
}
#endif
