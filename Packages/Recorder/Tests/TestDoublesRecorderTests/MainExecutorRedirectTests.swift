import Foundation
import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A serial (and task) executor with a thread of its own that runs each job
/// isolated to itself and knows whether code runs on its thread.
private final class ThreadedSerialExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var thread: pthread_t?
    private var stopped = false

    init() {
        let worker = Thread { [self] in serve() }
        worker.name = "MainExecutorRedirectTests executor"
        worker.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the calling code runs on this executor's thread.
    var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Ends the thread once no job is left.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func serve() {
        condition.lock()
        thread = pthread_self()
        condition.unlock()
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            guard !jobs.isEmpty else {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        }
    }
}

/// Where a main-actor function ran, seen from inside it.
@MainActor private func mainActorStep(on executor: ThreadedSerialExecutor) -> Bool {
    MainActor.assertIsolated()
    return executor.isCurrentThread
}

/// The address of the current task, as the runtime's hook sees it.
private func currentTaskAddress() -> UnsafeRawPointer? {
    withUnsafeCurrentTask { task in task.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }
}

/// The main actor's executor as one registered task sees it, on runtimes
/// that let the Recorder answer it (Swift 6.2 and later): that task's hops
/// to the main actor run on the registered executor, isolated to it (the
/// main actor's isolation checks hold there), and every other task, or the
/// same task once it leaves, still reaches the real main actor.
@Suite struct MainExecutorRedirectTests {
    @Test(.enabled(if: MainExecutorRedirect.isAvailable))
    func onlyTheRegisteredTaskReachesTheMainActorOnTheRegisteredExecutor() async throws {
        let executor = ThreadedSerialExecutor()
        defer { executor.stop() }
        let (redirected, afterLeaving) = await Task(executorPreference: executor) { () async -> (Bool, Bool) in
            guard let task = currentTaskAddress(),
                MainExecutorRedirect.redirect(task: task, to: executor.asUnownedSerialExecutor())
            else { return (false, true) }
            let redirected = await mainActorStep(on: executor)
            MainExecutorRedirect.end(task: task)
            let afterLeaving = await mainActorStep(on: executor)
            return (redirected, afterLeaving)
        }.value
        #expect(redirected)
        #expect(!afterLeaving)
        // Another task, with the same executor preferred but not registered, reaches the real main actor.
        let unregistered = await Task(executorPreference: executor) { await mainActorStep(on: executor) }.value
        #expect(!unregistered)
        #expect(await !mainActorStep(on: executor))
    }

    @Test(.enabled(if: MainExecutorRedirect.isAvailable))
    func aTaskThatAwaitsAnotherActorComesBackToTheRegisteredExecutor() async throws {
        let executor = ThreadedSerialExecutor()
        defer { executor.stop() }
        let sawExecutor = await Task(executorPreference: executor) { () async -> [Bool] in
            guard let task = currentTaskAddress(),
                MainExecutorRedirect.redirect(task: task, to: executor.asUnownedSerialExecutor())
            else { return [] }
            defer { MainExecutorRedirect.end(task: task) }
            return await Self.visitAnotherActorFromTheMainActor(executor)
        }.value
        #expect(sawExecutor == [true, true])
    }

    /// A main-actor function that awaits a default actor and checks where it comes back.
    @MainActor private static func visitAnotherActorFromTheMainActor(_ executor: ThreadedSerialExecutor) async -> [Bool]
    {
        let before = executor.isCurrentThread
        await RedirectVisitedActor.shared.visit()
        MainActor.assertIsolated()
        return [before, executor.isCurrentThread]
    }
}

/// A default actor visited between two main-actor stretches.
private actor RedirectVisitedActor {
    static let shared = RedirectVisitedActor()
    func visit() {}
}
