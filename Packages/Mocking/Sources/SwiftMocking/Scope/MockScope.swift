/// The task-local environment of mocks: where static spies live, which
/// order recorder calls go to, and which default values unstubbed calls get.
///
/// Outside a scope, static spies and the recorder are shared by the whole
/// process; `@Test(.mocking)`, `MockingTestCase` and these functions give
/// the code they run fresh ones.
public enum MockScope {
    /// The recorder spies append every call to; `InvocationRecorder.shared` outside a scope.
    @TaskLocal public static var invocationRecorder: InvocationRecorder = .shared

    @TaskLocal static var storage: SpyStorageProvider = .process

    /// The registry new mocks and spies start from.
    @TaskLocal static var fallbackRegistry: DefaultProvidableRegistry = .default

    /// Where static spies live in the current task.
    public static var currentStorage: SpyStorageProvider { storage }

    /// Runs code with its own static spy storage.
    ///
    /// - Parameters:
    ///   - provider: The storage; a fresh one by default.
    ///   - body: The code.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withStorage<R>(_ provider: SpyStorageProvider = .init(), body: () throws -> R) rethrows -> R {
        try $storage.withValue(provider, operation: body)
    }

    /// Runs async code with its own static spy storage.
    ///
    /// - Parameters:
    ///   - provider: The storage; a fresh one by default.
    ///   - isolation: The caller's actor, which `body` runs on; leave the default.
    ///   - body: The code.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withStorage<R>(
        _ provider: SpyStorageProvider = .init(), isolation: isolated (any Actor)? = #isolation,
        body: () async throws -> R
    ) async rethrows -> R {
        try await $storage.withValue(provider, operation: body, isolation: isolation)
    }

    /// Runs code with its own order recorder.
    ///
    /// - Parameters:
    ///   - recorder: The recorder; a fresh one by default.
    ///   - body: The code.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withInvocationRecorder<R>(
        _ recorder: InvocationRecorder = .init(), body: () throws -> R
    ) rethrows -> R {
        try $invocationRecorder.withValue(recorder, operation: body)
    }

    /// Runs async code with its own order recorder.
    ///
    /// - Parameters:
    ///   - recorder: The recorder; a fresh one by default.
    ///   - isolation: The caller's actor, which `body` runs on; leave the default.
    ///   - body: The code.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withInvocationRecorder<R>(
        _ recorder: InvocationRecorder = .init(), isolation: isolated (any Actor)? = #isolation,
        body: () async throws -> R
    ) async rethrows -> R {
        try await $invocationRecorder.withValue(recorder, operation: body, isolation: isolation)
    }

    #if compiler(>=6.1)
    /// Runs async code with a fresh static spy storage and a fresh order recorder.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which `body` runs on; leave the default.
    ///   - body: The code.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withCleanEnvironment<R>(
        isolation: isolated (any Actor)? = #isolation, body: () async throws -> R
    ) async rethrows -> R {
        try await withStorage(.init(), isolation: isolation) {
            try await withInvocationRecorder(.init(), isolation: isolation, body: body)
        }
    }
    #else
    /// Runs async code with a fresh static spy storage and a fresh order recorder.
    ///
    /// Swift 6.0 rejects handing the caller's isolated `body` through the two
    /// nested scopes, so there it runs nonisolated: its values must be `Sendable`.
    ///
    /// - Parameter body: The code.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func withCleanEnvironment<R>(body: () async throws -> R) async rethrows -> R {
        try await withStorage(.init()) {
            try await withInvocationRecorder(.init(), body: body)
        }
    }
    #endif

    /// Runs async code with a default-value registry for the mocks and spies it creates.
    static func withDefaults<R>(
        _ registry: DefaultProvidableRegistry, isolation: isolated (any Actor)? = #isolation,
        body: () async throws -> R
    ) async rethrows -> R {
        try await $fallbackRegistry.withValue(registry, operation: body, isolation: isolation)
    }
}
