import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value behind a lock, shareable across threads.
///
/// The engine's critical sections are a few dozen instructions (pick a
/// behavior, append a ledger entry) and never run user code, so the lock is
/// a spin lock that yields the processor while it waits: taking it is one
/// atomic compare-and-exchange and releasing it one plain store, where a
/// `Mutex` pays an atomic read-modify-write for each (about a fifth of a
/// recorded call). A waiter spins briefly, then calls `sched_yield()` between
/// attempts, so a holder preempted by the scheduler gets the processor back.
///
/// The value lives in its own allocation rather than in a stored `var`, so
/// access through the lock needs no dynamic exclusivity check; the `sending`
/// rules of `Mutex.withLock` stay out of the rest of the engine, whose state
/// holds user values (`Any`) that the engine hands between threads by design.
///
/// The one lock of the doubles: the manual doubles (`TestDoublesManual`) and
/// the packages' tests take it through the `TestDoublesInternals` SPI
/// (`@_spi(TestDoublesInternals) import TestDoublesRecorder`); it is not part
/// of the public API. Keep what runs inside `withLock` short: a waiter spins.
///
/// Do not make a function type (or an optional one) the `Value` itself:
/// in an unoptimized build each `withLock` reabstracts it through the
/// body's `inout` and writes it back wrapped in one more thunk, so every
/// later call runs through all earlier reads' thunks. Keep it in a struct
/// field instead (see `Match.Placeholders.synthesizer`).
@_spi(TestDoublesInternals)
public final class Locked<Value>: @unchecked Sendable {
    private let isHeld = Atomic<Bool>(false)
    private let value: UnsafeMutablePointer<Value>

    /// Puts `initialValue` behind the lock.
    ///
    /// - Parameter initialValue: The value.
    public init(_ initialValue: Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    ///
    /// - Parameter body: Reads or changes the value; must not take this lock again.
    /// - Returns: What `body` returns.
    @inline(__always)
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        if !isHeld.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            waitAndAcquire()
        }
        defer { isHeld.store(false, ordering: .releasing) }
        return try body(&value.pointee)
    }

    /// Takes the lock after a first attempt found it held.
    @inline(never)
    private func waitAndAcquire() {
        var attempts = 0
        while true {
            // Read before writing, so waiters do not pull the line from the holder.
            if !isHeld.load(ordering: .relaxed),
                isHeld.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
            {
                return
            }
            attempts += 1
            if attempts >= 100 { sched_yield() }
        }
    }
}
