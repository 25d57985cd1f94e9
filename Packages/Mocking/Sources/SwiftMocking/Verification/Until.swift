import Foundation

/// Waits for the next call an interaction names: a temporary `do` action
/// that resumes the wait. Calls made before `until` do not count.
///
/// - Parameters:
///   - interaction: The calls to wait for.
///   - timeout: How long to wait.
/// - Throws: `UntilError.timeout` when no matching call arrives in time.
public func until<each Input, Output>(
    _ interaction: Interaction<repeat each Input, None, Output>, timeout: Duration = .seconds(1)
) async throws where repeat each Input: Sendable {
    try await UntilWaiter.wait(for: interaction, timeout: timeout)
}

/// Waits for the next call an async interaction names.
///
/// - Parameters:
///   - interaction: The calls to wait for.
///   - timeout: How long to wait.
/// - Throws: `UntilError.timeout` when no matching call arrives in time.
public func until<each Input, Output>(
    _ interaction: Interaction<repeat each Input, Async, Output>, timeout: Duration = .seconds(1)
) async throws where repeat each Input: Sendable {
    try await UntilWaiter.wait(for: interaction, timeout: timeout)
}

/// Waits for the next call an async throwing interaction names.
///
/// - Parameters:
///   - interaction: The calls to wait for.
///   - timeout: How long to wait.
/// - Throws: `UntilError.timeout` when no matching call arrives in time.
public func until<each Input, Output>(
    _ interaction: Interaction<repeat each Input, AsyncThrows, Output>, timeout: Duration = .seconds(1)
) async throws where repeat each Input: Sendable {
    try await UntilWaiter.wait(for: interaction, timeout: timeout)
}

/// One `until`: resumed once, by the first matching call or by the timeout.
final class UntilWaiter: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    private var outcome: Result<Void, any Error>?

    /// Installs the action, waits, and removes the action.
    static func wait<each Input, Eff: Effect, Output>(
        for interaction: Interaction<repeat each Input, Eff, Output>, timeout: Duration
    ) async throws {
        let waiter = UntilWaiter()
        let action = Action<repeat each Input, Eff>(
            interaction.invocationMatcher, notify: { waiter.finish(.success(())) })
        interaction.spy.add(action)
        defer { interaction.spy.remove(action) }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            waiter.finish(.failure(UntilError.timeout))
        }
        defer { timer.cancel() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiter.install(continuation)
            }
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }

    private func install(_ continuation: CheckedContinuation<Void, any Error>) {
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(with: outcome)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func finish(_ result: Result<Void, any Error>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let continuation = self.continuation
        self.continuation = nil
        lock.unlock()
        continuation?.resume(with: result)
    }
}
