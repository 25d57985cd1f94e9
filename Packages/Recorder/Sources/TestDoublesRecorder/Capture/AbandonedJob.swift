import Synchronization

/// Ends the current job of a recording pass's task without a value, for a
/// call that needs one no source can make, reached where the pass can
/// neither return nor park: on a thread that serves an actor's other jobs
/// (a default actor's drain after the closure hopped to it, or, on runtimes
/// without ``MainExecutorRedirect``, the main queue after an `await` of
/// another actor brought a main-actor closure back).
///
/// The runtime layer installs the two steps (the Recorder knows no frame or
/// register): `prepare` finds the concurrency runtime's frame that runs the
/// task's job and reports whether it can resume it; `commit` marks the task
/// suspended for good and resumes that frame as if the job had returned,
/// discarding the synchronous frames above it (the closure's code after the
/// call never runs, and what those frames held is never released, as with a
/// parked thread). The actor's queue then goes on with its next job. No
/// value is ever handed to the closure. Without an installed runtime layer
/// (a target that links only the Recorder and ManualStubs), or when
/// `prepare` cannot find the frame, the call keeps its stop.
@_spi(TestDoublesInternals)
public enum AbandonedJob {
    /// The two steps, set once by the runtime layer.
    private static let steps = Mutex<Steps?>(nil)

    private struct Steps: Sendable {
        let prepare: @Sendable () -> Bool
        let commit: @Sendable () -> Never
    }

    /// Installs the runtime layer's steps (the first installation stays).
    ///
    /// - Parameters:
    ///   - prepare: Finds, on the calling thread, the frame to resume; false
    ///     (nothing changed) when it cannot.
    ///   - commit: Marks the current task suspended for good and resumes the
    ///     frame `prepare` found on this thread; never returns.
    public static func install(
        prepare: @escaping @Sendable () -> Bool, commit: @escaping @Sendable () -> Never
    ) {
        steps.withLock { installed in
            if installed == nil { installed = Steps(prepare: prepare, commit: commit) }
        }
    }

    /// Whether a runtime layer installed its steps.
    public static var isInstalled: Bool { steps.withLock { $0 != nil } }

    /// The commit step, once `prepare` found the frame on this thread; nil
    /// when nothing is installed or the frame cannot be found.
    static func prepared() -> (@Sendable () -> Never)? {
        guard let installed = steps.withLock({ $0 }), installed.prepare() else { return nil }
        return installed.commit
    }
}
