/// The synchronous handlers picked in one lock hold that are running now
/// (from the hold that picks one to the hold that records its completion),
/// and what the recorder dropped while any ran, kept alive until none runs.
///
/// Such a handler reads its behavior (the closure) and, for a call whose
/// arguments moved into the ledger, the ledger's own copies of them, both
/// without a retain: a retain and release of each cost an atomic pair per
/// call. A clearing (`clearInvocations`, `clearRegistrations`, `reset`)
/// while one runs, by the handler itself or another thread, would free
/// them; it hands what it drops to ``keep(_:)`` instead, and the hold that
/// ends the last run takes it back, to release once the lock is released.
struct RunningHandlers {
    /// How many handlers run now.
    private(set) var count = 0
    /// What clearings dropped while handlers ran.
    private var kept: [Any] = []

    /// Counts in a handler about to run; its hold must call ``end()`` once it has run.
    mutating func begin() {
        count += 1
    }

    /// Counts out a handler that has run; when it was the last, gives what
    /// was kept meanwhile, for the caller to release once the lock is
    /// released (nil when nothing was).
    mutating func end() -> [Any]? {
        count -= 1
        guard count == 0, !kept.isEmpty else { return nil }
        defer { kept = [] }
        return kept
    }

    /// Keeps `dropped` (a ledger, registrations) alive until no handler
    /// runs, when one does; does nothing otherwise.
    mutating func keep(_ dropped: @autoclosure () -> Any) {
        if count > 0 { kept.append(dropped()) }
    }
}
