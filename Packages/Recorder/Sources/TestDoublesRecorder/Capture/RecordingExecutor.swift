import Foundation

/// The task executor of one async recording pass: a thread of its own that
/// runs the jobs of the pass's task (its nonisolated parts), so a
/// synchronous call that needs a value no source can make can park by
/// blocking this thread, never one of the cooperative pool.
///
/// Made only where task executors exist; the thread ends when the pass has
/// finished or parked and no job is left (a pass parked inside a job keeps it).
final class RecordingExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopped = false
    private let host: RecordingHost

    /// An executor for `host`, or nil where task executors are not available.
    static func make(host: RecordingHost) -> RecordingExecutor? {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return nil }
        return RecordingExecutor(host: host)
    }

    private init(host: RecordingHost) {
        self.host = host
    }

    /// Starts the thread and a task that prefers this executor.
    func start(_ operation: @escaping @Sendable () async -> Void) {
        let worker = Thread { [self] in
            host.adoptCurrentThread()
            serve()
        }
        worker.name = "TestDoubles recording pass"
        worker.start()
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            Task(executorPreference: self, operation: operation)
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once no job is left.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }
}
