/// The parked calls of one `thenSuspend()` behavior, completed by the test in arrival order.
final class SuspensionCore: @unchecked Sendable {
    struct Answer: @unchecked Sendable {
        let result: Result<Any, any Error>
    }

    private struct State {
        var parked: [(id: Int, continuation: CheckedContinuation<Answer, Never>)] = []
        var nextParked = 0
        var cancelled: Set<Int> = []
        var listeners: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextListener = 0
    }

    private let state = Locked(State())

    /// Parks the calling task until the test resumes it; a cancelled call
    /// leaves the queue and completes with `CancellationError`, unless
    /// `staysWhenCancelled`, asked once when its task is cancelled, says it
    /// stays parked, in its place.
    ///
    /// - Parameter staysWhenCancelled: Whether a call whose task is
    ///   cancelled stays parked (it has no answer to cancellation).
    func park(staysWhenCancelled: @escaping @Sendable () -> Bool = { false }) async -> Result<Any, any Error> {
        let id = state.withLock { state in
            defer { state.nextParked += 1 }
            return state.nextParked
        }
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
                let (listeners, cancelledEarly) = state.withLock { state in
                    let listeners = Array(state.listeners.values)
                    if state.cancelled.remove(id) != nil { return (listeners, true) }
                    state.parked.append((id, continuation))
                    return (listeners, false)
                }
                for listener in listeners { listener.yield() }
                if cancelledEarly { continuation.resume(returning: Answer(result: .failure(CancellationError()))) }
            }
        } onCancel: {
            if staysWhenCancelled() { return }
            let continuation = state.withLock { state -> CheckedContinuation<Answer, Never>? in
                guard let index = state.parked.firstIndex(where: { $0.id == id }) else {
                    state.cancelled.insert(id)
                    return nil
                }
                return state.parked.remove(at: index).continuation
            }
            continuation?.resume(returning: Answer(result: .failure(CancellationError())))
        }
        return answer.result
    }

    /// Resumes the oldest parked call; returns `false` when none is parked.
    func resume(with result: Result<Any, any Error>) -> Bool {
        let continuation = state.withLock { state in
            state.parked.isEmpty ? nil : state.parked.removeFirst().continuation
        }
        guard let continuation else { return false }
        continuation.resume(returning: Answer(result: result))
        return true
    }

    /// The number of calls parked and not yet resumed.
    var pendingCount: Int { state.withLock { $0.parked.count } }

    /// Waits until at least `count` calls are parked at once; `false` when
    /// `timeout` (if any) passes first or the waiting task is cancelled.
    func waitForParked(
        atLeast count: Int, within timeout: Duration?, clock: any StubClock = StubClocks.continuous,
        isolation: isolated (any Actor)?
    ) async -> Bool {
        let events = subscribe()
        let parked: @Sendable () -> Bool = { [self] in pendingCount >= count }
        guard let timeout else {
            if parked() { return true }
            for await _ in events where parked() { return true }
            return parked()
        }
        return await EventWaiting.wait(
            within: timeout, clock: clock, isolation: isolation, events: events, until: parked)
    }

    /// A stream that yields once per call arriving from now on; it ends when
    /// its consumer stops iterating.
    private func subscribe() -> AsyncStream<Void> {
        let (events, continuation) = AsyncStream.makeStream(of: Void.self)
        let id = state.withLock { state in
            let id = state.nextListener
            state.nextListener += 1
            state.listeners[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return events
    }
}
