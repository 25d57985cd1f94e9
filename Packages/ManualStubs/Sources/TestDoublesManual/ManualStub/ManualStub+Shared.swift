@_spi(TestDoublesInternals) import TestDoublesRecorder

extension ManualStub {
    /// The controller of the conformer type itself: static requirements and
    /// initializer requirements forward to it.
    ///
    /// ```swift
    /// static func make() -> Int { ManualStub<Self>.shared.call() }
    /// init(name: String) { self.init(stub: .shared); stub.call(name) as Void }
    /// ```
    ///
    /// There is one per conformer type in the process, or one per conformer
    /// type inside `SharedManualStubs.isolated(_:)`, so parallel tests that
    /// configure statics do not see each other's registrations.
    public static var shared: ManualStub<Conformer> {
        let store = SharedManualStubs.current ?? SharedManualStubs.process
        return store.controller(for: Conformer.self)
    }
}

/// The per-type controllers behind ``ManualStub/shared``.
///
/// Static and initializer requirements have no instance to carry a
/// controller, so they use one per conformer type. Run a test's body inside
/// `isolated(_:)` to give it controllers of its own.
public final class SharedManualStubs: Sendable {
    @TaskLocal static var current: SharedManualStubs?
    static let process = SharedManualStubs()

    private let controllers = Locked<[ObjectIdentifier: AnyObject]>([:])

    private init() {}

    func controller<C: ManualStubConformer>(for type: C.Type) -> ManualStub<C> {
        controllers.withLock { controllers in
            if let existing = controllers[ObjectIdentifier(type)] as? ManualStub<C> { return existing }
            let name = "ManualStub<\(C.self)>.shared"
            // The process-wide controller outlives every test, so it joins no
            // test's scope; an isolated one belongs to the test that made it.
            let made =
                self === Self.process
                ? TestDoubleTestingContext.$session.withValue(nil) { ManualStub<C>(name: name) }
                : ManualStub<C>(name: name)
            controllers[ObjectIdentifier(type)] = made
            return made
        }
    }

    /// Runs `body` with fresh ``ManualStub/shared`` controllers for every
    /// conformer type; they are forgotten when it returns.
    ///
    /// - Parameter body: The code that configures and calls static requirements.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func isolated<R>(_ body: () throws -> R) rethrows -> R {
        try $current.withValue(SharedManualStubs(), operation: body)
    }

    /// Runs async `body` with fresh ``ManualStub/shared`` controllers for every
    /// conformer type; child tasks see them too.
    ///
    /// `body` runs on the caller's actor.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor; leave the default.
    ///   - body: The code that configures and calls static requirements.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public static func isolated<R>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R
    ) async rethrows -> R {
        try await $current.withValue(SharedManualStubs(), operation: body, isolation: isolation)
    }
}
