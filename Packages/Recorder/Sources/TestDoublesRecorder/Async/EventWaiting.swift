/// Waits for a condition that only changes when an event arrives, with a timeout and without polling.
enum EventWaiting {
    /// Returns `true` as soon as `condition` holds, checking it once now and
    /// again after each event; `false` when `timeout` passes first or the
    /// task is cancelled. `condition` may consume what it checks: it is not
    /// called again once it returned `true`. Subscribe to `events` before calling, so no event
    /// between the subscription and the first check is lost. `clock`
    /// measures the timeout.
    static func wait<Event: Sendable>(
        within timeout: Duration,
        clock: any StubClock = StubClocks.continuous,
        isolation: isolated (any Actor)?,
        events: AsyncStream<Event>,
        until condition: @escaping @Sendable () -> Bool
    ) async -> Bool {
        if condition() { return true }
        return await withTaskGroup(of: Bool.self, isolation: isolation) { group in
            group.addTask {
                for await _ in events where condition() { return true }
                return false
            }
            group.addTask {
                try? await clock.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first || condition()
        }
    }
}
