/// A clock that moves only when the test advances it, to make delays and
/// timeouts deterministic.
///
/// ```swift
/// let clock = ManualStubClock()
/// await stub.when { try await $0.loadFeed() }.thenReturn(["late"], after: .seconds(5), using: clock)
/// let load = Task { try await stub().loadFeed() }
/// await clock.waitForSleepers(atLeast: 1)
/// clock.advance(by: .seconds(5))
/// #expect(try await load.value == ["late"])
/// ```
///
/// A sleep ends when the clock has been advanced past its deadline (its
/// start plus its duration); a cancelled sleeper ends at once with
/// `CancellationError`.
public final class ManualStubClock: StubClock, @unchecked Sendable {
    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [Sleeper] = []
        var cancelledEarly: Set<Int> = []
        var nextID = 0
        var watchers: [(id: Int, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    /// A clock at time zero with no sleepers.
    public init() {}

    /// The number of sleeps waiting for the clock to advance.
    public var pendingSleepCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until at least `count` sleeps are waiting on this clock;
    /// returns at once when they already are, or when the waiting task is cancelled.
    ///
    /// - Parameter count: How many sleepers to wait for.
    public func waitForSleepers(atLeast count: Int) async {
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state -> Bool in
                    if state.sleepers.count >= count || state.cancelledEarly.remove(id) != nil { return true }
                    state.watchers.append((id, count, continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            // A cancelled wait returns at once; the other waits keep waiting.
            let released = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.watchers.remove(at: index).continuation
            }
            released?.resume()
        }
    }

    /// Suspends the calling task until the clock is advanced by `duration`
    /// from now.
    ///
    /// - Parameter duration: How long to sleep, in this clock's time.
    /// - Throws: `CancellationError` when the task is cancelled first.
    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { state -> Int in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock {
                    state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    if state.cancelledEarly.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if duration <= .zero { return (.success(()), []) }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + duration, continuation: continuation))
                    return (nil, Self.readyWatchers(&state))
                }
                for watcher in outcome.1 { watcher.resume() }
                if let result = outcome.0 { continuation.resume(with: result) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    state.cancelledEarly.insert(id)
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward, ending every sleep whose deadline it reaches,
    /// earliest deadline first.
    ///
    /// - Parameter duration: How far to move; a negative duration moves nothing.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            if duration > .zero { state.now += duration }
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock to the latest deadline of its sleepers, ending them all.
    public func advanceToEnd() {
        let due = state.withLock { state -> [Sleeper] in
            let due = state.sleepers.sorted { $0.deadline < $1.deadline }
            if let last = due.last, last.deadline > state.now { state.now = last.deadline }
            state.sleepers.removeAll()
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    private static func readyWatchers(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let count = state.sleepers.count
        let ready = state.watchers.filter { $0.count <= count }.map(\.continuation)
        state.watchers.removeAll { $0.count <= count }
        return ready
    }
}
