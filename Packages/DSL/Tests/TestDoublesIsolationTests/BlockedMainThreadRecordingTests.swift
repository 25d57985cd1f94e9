#if compiler(>=6.2)
import Foundation
import TestDoubles
import Testing

/// A nonisolated async recording pass lends itself the main actor in case
/// its closure calls a requirement isolated to it. Code that blocks the main
/// thread while such a pass runs (a semaphore wait for the very task that
/// records) must not wait for good: the loan is bounded, and the pass goes
/// on without it.
@Suite struct BlockedMainThreadRecordingTests {
    @Test func aPassFinishesWhileTheMainThreadWaitsForIt() async {
        // In a process of its own: the main thread stays blocked for up to the
        // loan's patience, which would hold up every other test's main-actor work.
        await #expect(processExitsWith: .success) {
            guard let resumer = try? Stub<any SessionResumer>() else { exit(2) }
            let finished = await MainActor.run { () -> Bool in
                let done = DispatchSemaphore(value: 0)
                Task.detached {
                    let session = ResumableSession(id: 7)
                    await resumer.when { await $0.resume(Match.any(using: session)) }.thenReturn(true)
                    done.signal()
                }
                return done.wait(timeout: .now() + 60) == .success
            }
            guard finished else { exit(3) }
            guard await resumer().resume(ResumableSession(id: 8)) else { exit(4) }
        }
    }
}
#endif
