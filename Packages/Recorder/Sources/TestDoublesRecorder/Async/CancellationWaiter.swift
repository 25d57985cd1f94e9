/// Suspends until the current task is cancelled.
final class CancellationWaiter: @unchecked Sendable {
    private let state = Locked<(cancelled: Bool, continuation: CheckedContinuation<Void, Never>?)>((false, nil))

    /// Returns once the calling task is cancelled (at once when it already is).
    static func wait() async {
        let waiter = CancellationWaiter()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = waiter.state.withLock { state -> Bool in
                    if state.cancelled { return true }
                    state.continuation = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation = waiter.state.withLock { state in
                state.cancelled = true
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume()
        }
    }
}
