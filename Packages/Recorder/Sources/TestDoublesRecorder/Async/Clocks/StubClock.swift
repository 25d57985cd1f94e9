/// The clock a test double measures its delays and timeouts with.
///
/// Pass one through the `using:` parameter of a delayed behavior
/// (`thenReturn(_:after:using:)`), an eventual verification
/// (`verify(within:using:)`) or a wait (`waitForCall(count:within:using:)`).
/// ``StubClocks/continuous`` is real time; ``ManualStubClock`` moves only
/// when the test advances it.
public protocol StubClock: Sendable {
    /// Suspends the calling task for `duration` of this clock's time.
    ///
    /// - Parameter duration: How long to sleep.
    /// - Throws: `CancellationError` when the task is cancelled first.
    func sleep(for duration: Duration) async throws
}

/// The clocks every test can use without making one.
public enum StubClocks {
    /// Real time: a sleep lasts as long as its duration.
    public static let continuous: any StubClock = ContinuousStubClock()

    /// No time at all: every sleep returns at once (after checking for cancellation).
    public static let immediate: any StubClock = ImmediateStubClock()
}

/// Real time, through `ContinuousClock`.
struct ContinuousStubClock: StubClock {
    func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

/// A clock whose sleeps end at once.
struct ImmediateStubClock: StubClock {
    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
    }
}
