/// The parked calls of one `thenSuspend()` behavior, completed by the test in arrival order.
final class SuspensionCore: @unchecked Sendable {
    struct Answer: @unchecked Sendable {
        let result: Result<Any, any Error>
    }

    private struct State {
        var parked: [CheckedContinuation<Answer, Never>] = []
        var arrived = 0
        var acknowledged = 0
        var listeners: [Int: AsyncStream<Void>.Continuation] = [:]
        var nextListener = 0
    }

    private let state = Locked(State())

    /// Parks the calling task until the test resumes it.
    func park() async -> Result<Any, any Error> {
        let answer = await withCheckedContinuation { (continuation: CheckedContinuation<Answer, Never>) in
            let listeners = state.withLock { state in
                state.parked.append(continuation)
                state.arrived += 1
                return Array(state.listeners.values)
            }
            for listener in listeners { listener.yield() }
        }
        return answer.result
    }

    /// Resumes the oldest parked call; returns `false` when none is parked.
    func resume(with result: Result<Any, any Error>) -> Bool {
        let continuation = state.withLock { state in
            state.parked.isEmpty ? nil : state.parked.removeFirst()
        }
        guard let continuation else { return false }
        continuation.resume(returning: Answer(result: result))
        return true
    }

    /// The number of calls parked and not yet resumed.
    var pendingCount: Int { state.withLock { $0.parked.count } }

    /// Waits until a call arrives that no earlier wait has accounted for.
    func waitForArrival(within timeout: Duration) async -> Bool {
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
        defer { continuation.finish() }
        return await EventWaiting.wait(within: timeout, events: events) { [self] in
            state.withLock { state in
                guard state.arrived > state.acknowledged else { return false }
                state.acknowledged += 1
                return true
            }
        }
    }
}
