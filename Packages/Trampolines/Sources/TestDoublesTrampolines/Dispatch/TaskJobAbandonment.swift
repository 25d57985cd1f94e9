import CTestDoublesTrampolines

/// Ends the current task's job from a synchronous frame without returning a
/// value: the frames between the concurrency runtime's job runner and the
/// caller are discarded, the task stays suspended for good on a
/// continuation nobody holds, and the runner goes on with its next job
/// (include/JobAbandonment.h and JobAbandonment.c have the mechanics).
///
/// For a call that can neither return (no exact value exists) nor block its
/// thread (the thread serves an actor's other jobs). Nothing the discarded
/// frames held is released, and code after the call never runs.
public enum TaskJobAbandonment {
    /// Why ``prepare()`` could not find the frame to resume.
    public enum Refusal: Int32, Error, Sendable {
        /// No `swift_job_run*` entry of the concurrency runtime is on this
        /// thread's stack: the caller does not run in a task's job.
        case noJobEntry = 1
        /// The runtime's job runner was not found above the caller.
        case noRunner = 2
        /// The runner's call site is not the task-resume call this code knows.
        case unknownSite = 3
        /// The frame walk could not allocate its buffer.
        case noMemory = 4
        /// An architecture without a register set here.
        case unsupported = 5
    }

    /// Finds, on the calling thread, the runtime frame that runs the current
    /// task's job and keeps what resuming it needs (for this thread only);
    /// nothing changes when it cannot.
    ///
    /// - Returns: `.success` when ``commit()`` may be called on this thread,
    ///   else the reason it may not.
    public static func prepare() -> Result<Void, Refusal> {
        let code = td_job_abandonment_prepare()
        if code == TD_ABANDON_READY { return .success(()) }
        return .failure(Refusal(rawValue: code) ?? .unsupported)
    }

    /// Marks the current task suspended for good and resumes the frame
    /// ``prepare()`` found on this thread, as if the task's job had
    /// returned. Call only after a successful ``prepare()`` on the same
    /// thread, from the same task, with nothing run in between that the
    /// discarded frames must finish (locks held, accesses begun).
    public static func commit() -> Never {
        td_job_abandonment_commit()
    }
}
