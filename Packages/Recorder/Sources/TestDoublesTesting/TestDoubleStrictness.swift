/// The checks a test-double scope runs when its test ends.
public struct TestDoubleStrictness: OptionSet, Hashable, Sendable {
    /// The raw bits of the option set.
    public let rawValue: UInt8

    /// Creates a set of checks from raw bits.
    ///
    /// - Parameter rawValue: The bits of the checks to run.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Every registration must have served at least one call.
    public static let noUnusedStubs = Self(rawValue: 1 << 0)
    /// Every recorded interaction must be covered by a successful verification.
    public static let noMoreInteractions = Self(rawValue: 1 << 1)
    /// Every finite behavior queue must be consumed.
    public static let noUnconsumedBehaviorQueues = Self(rawValue: 1 << 2)
    /// Every suspended call must be resumed.
    public static let noPendingSuspensions = Self(rawValue: 1 << 3)
    /// Every callback a `CallbackCapture` created in the test kept must be called or released.
    public static let noPendingCallbackCaptures = Self(rawValue: 1 << 4)
    /// No double the test created may outlive it (kept by a singleton, a cache, a leftover task).
    public static let noEscapedTestDoubles = Self(rawValue: 1 << 5)
    /// Every async call a double received must have returned when the test ends.
    public static let noUnfinishedAsyncInvocations = Self(rawValue: 1 << 6)
    /// Every call a `stream()` received must have been read.
    public static let noUnconsumedInvocationStreams = Self(rawValue: 1 << 7)

    /// The checks of `.testDoubles`.
    public static let standard: Self = [.noUnusedStubs]
    /// The checks of `.strictTestDoubles`.
    public static let strict: Self = [
        .noUnusedStubs, .noMoreInteractions, .noUnconsumedBehaviorQueues, .noPendingSuspensions,
        .noPendingCallbackCaptures, .noEscapedTestDoubles, .noUnfinishedAsyncInvocations,
        .noUnconsumedInvocationStreams,
    ]
}
