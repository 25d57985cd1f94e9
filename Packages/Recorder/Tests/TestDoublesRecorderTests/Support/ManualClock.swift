import Synchronization

/// A clock that moves only when the test advances it.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, Never>
    }

    private let state = Mutex<(now: Instant, sleepers: [Sleeper])>((Instant(offset: .zero), []))
    private let arrivals = Mutex<[CheckedContinuation<Void, Never>]>([])

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if deadline <= state.now { return true }
                state.sleepers.append(Sleeper(deadline: deadline, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
            let waiting = arrivals.withLock { list -> [CheckedContinuation<Void, Never>] in
                defer { list.removeAll() }
                return list
            }
            for waiter in waiting { waiter.resume() }
        }
    }

    /// Returns once at least one task sleeps on the clock.
    func waitForSleeper() async {
        while sleeperCount == 0 {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = arrivals.withLock { list -> Bool in
                    if self.sleeperCount > 0 { return true }
                    list.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.deadline <= state.now }
            state.sleepers.removeAll { $0.deadline <= state.now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
