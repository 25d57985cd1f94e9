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
/// value is ever handed to the closure.
///
/// The runtime layer installs its steps with the process's first runtime
/// double; a process that records before making one (or makes none: a
/// test of `ManualStub`s alone that still links the `TestDoubles` module)
/// gets them the first time they are needed, from the runtime layer's
/// ``AbandonedJobInstalling`` type, found by its mangled name through the
/// runtime's type lookup (the Recorder imports nothing of ours). Without a
/// runtime layer linked (a target of the Recorder and ManualStubs alone),
/// or when `prepare` cannot find the frame, the call keeps its stop, whose
/// message names the fix (`CaptureSession.unparkableStop`).
@_spi(TestDoublesInternals)
public enum AbandonedJob {
    /// The two steps, set once by the runtime layer.
    private static let steps = InstalledHook<Steps>()
    /// Whether the runtime layer's installer was looked up; held during the lookup.
    private static let lookedUp = Mutex<Bool>(false)

    /// The mangled name of the runtime layer's installer (the `TestDoubles`
    /// module's `AbandonedJobRuntimeSteps`), checked by the DSL's tests.
    public static let runtimeLayerTypeName = "11TestDoubles24AbandonedJobRuntimeStepsO"

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
        steps.install(Steps(prepare: prepare, commit: commit))
    }

    /// Whether a runtime layer installed its steps (without looking for one).
    public static var isInstalled: Bool { steps.isInstalled }

    /// Whether the steps are there, installed or installed now by the
    /// runtime layer the process links (looked up once).
    public static var isAvailable: Bool { installedOrLinked() != nil }

    /// The commit step, once `prepare` found the frame on this thread; nil
    /// when no runtime layer is linked or the frame cannot be found.
    static func prepared() -> (@Sendable () -> Never)? {
        guard let installed = installedOrLinked(), installed.prepare() else { return nil }
        return installed.commit
    }

    /// The installed steps, else those of the runtime layer the process
    /// links, installed on the first call; nil when none is linked.
    private static func installedOrLinked() -> Steps? {
        if let installed = steps.hook { return installed }
        // A second caller waits for the first lookup; the installer takes `steps`'s lock itself.
        lookedUp.withLock { looked in
            guard !looked else { return }
            looked = true
            (_typeByName(runtimeLayerTypeName) as? any AbandonedJobInstalling.Type)?.installAbandonedJobSteps()
        }
        return steps.hook
    }
}

/// The runtime layer's installer of ``AbandonedJob``'s steps, which the
/// Recorder looks up by name (``AbandonedJob/runtimeLayerTypeName``) when a
/// pass needs them before the process made a runtime double.
@_spi(TestDoublesInternals)
public protocol AbandonedJobInstalling {
    /// Installs the steps (``AbandonedJob/install(prepare:commit:)``).
    static func installAbandonedJobSteps()
}
