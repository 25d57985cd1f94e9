import Synchronization
import TestDoublesManual
import TestDoublesRecorder
import Testing

/// Actions around calls, `thenFatalError`, injected failures and injected
/// cancellation on closure doubles, as a test writes them.
@Suite struct ClosureDoubleSideEffectTests {
    @Test func actionsAroundEachCallSeeTheInput() {
        let formatter = ClosureDouble<Int, String>()
        let log = Mutex<[String]>([])
        formatter.whenAny()
            .beforeEachCall { number in log.withLock { $0.append("before \(number)") } }
            .afterEachCall { number in log.withLock { $0.append("after \(number)") } }
            .thenReturn("one")
            .thenReturn("more")
        #expect(formatter(1) == "one")
        #expect(formatter(2) == "more")
        #expect(log.withLock { $0 } == ["before 1", "after 1", "before 2", "after 2"])

        let pair = ClosureDouble<(Int, String), Bool>()
        let pairs = Mutex<[String]>([])
        pair.whenAny().afterEachCall { input in pairs.withLock { $0.append("\(input.0)\(input.1)") } }.thenReturn(true)
        #expect(pair((1, "a")))
        #expect(pairs.withLock { $0 } == ["1a"])
    }

    @Test func asyncActionsWaitForTheAnswer() async throws {
        let load = AsyncThrowingClosureDouble<Int, String>()
        let finished = Mutex<[Int]>([])
        let suspension = load.whenAny()
            .afterEachCall { id in finished.withLock { $0.append(id) } }
            .thenSuspend()
        let call = Task { try await load(7) }
        #expect(await suspension.waitForCall(within: .seconds(60)))
        #expect(finished.withLock { $0 }.isEmpty)
        suspension.resume(returning: "seven")
        #expect(try await call.value == "seven")
        #expect(finished.withLock { $0 } == [7])
    }

    @Test func thenFatalErrorReportsAndKeepsTheProcessRunning() throws {
        let formatter = ClosureDouble<Int, String>("formatter")
        let line = #line + 1
        let forbidden = formatter.when(equal: 13).thenFatalError("13 is never formatted")
        var answer: String?
        let found = TestDoubleIssueReporting.capture { answer = formatter(13) }
        #expect(answer == "")
        #expect(found.map(\.location?.line) == [line])
        let issue = try #require(found.first)
        #expect(issue.message.contains("13 is never formatted"))
        #expect(forbidden.callCount == 1)

        let parse = ThrowingClosureDouble<String, Int>()
        parse.whenAny().thenFatalError()
        var thrown: (any Error)?
        let parseIssues = TestDoubleIssueReporting.capture {
            do { _ = try parse("x") } catch { thrown = error }
        }
        #expect(thrown is UnstubbedCall)
        #expect(parseIssues.count == 1)
    }

    @Test func injectedFailuresFollowTheirSchedule() async throws {
        let upload = ThrowingClosureDouble<String, Int>()
        upload.whenAny().thenInjectFailure(every: 3, throwing: LoadError.offline, otherwiseReturning: 201)
        var answers: [String] = []
        for name in ["a", "b", "c", "d", "e", "f"] {
            do { answers.append("\(try upload(name))") } catch { answers.append("\(error)") }
        }
        #expect(answers == ["201", "201", "offline", "201", "201", "offline"])

        let first = AsyncThrowingClosureDouble<Int, Int>()
        let second = AsyncThrowingClosureDouble<Int, Int>()
        first.whenAny().thenInjectFailure(
            probability: 0.5, seed: 42, throwing: LoadError.offline, otherwiseReturning: 1)
        second.whenAny().thenInjectFailure(
            probability: 0.5, seed: 42, throwing: LoadError.offline, otherwiseReturning: 1)
        var firstRun: [Bool] = []
        var secondRun: [Bool] = []
        for call in 0..<20 {
            firstRun.append((try? await first(call)) != nil)
            secondRun.append((try? await second(call)) != nil)
        }
        #expect(firstRun == secondRun)
        #expect(firstRun.contains(true) && firstRun.contains(false))
    }

    @Test func thenCancelCancelsTheCallerAfterTheDelay() async throws {
        let clock = ManualStubClock()
        let fetch = AsyncThrowingClosureDouble<Int, String>()
        fetch.whenAny().thenCancel(after: .seconds(2), using: clock)
        let call = Task { try await fetch(1) }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(2))
        await #expect(throws: CancellationError.self) { try await call.value }

        let refresh = AsyncThrowingClosureDouble<Int, String>()
        refresh.whenAny().thenCancel(after: .seconds(1), returning: "partial", using: clock)
        let cancelledTask = Mutex(false)
        let refreshing = Task {
            let answer = try await refresh(2)
            cancelledTask.withLock { $0 = Task.isCancelled }
            return answer
        }
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(try await refreshing.value == "partial")
        #expect(cancelledTask.withLock { $0 })
    }

    @MainActor
    @Test func fromTheMainActor() async throws {
        let seen = Mutex<[Int]>([])
        let load = AsyncThrowingClosureDouble<Int, String>()
        load.whenAny()
            .beforeEachCall { id in seen.withLock { $0.append(id) } }
            .thenInjectFailure(every: 2, throwing: LoadError.missing(0), otherwiseReturning: "ok")
        #expect(try await load(1) == "ok")
        await #expect(throws: LoadError.missing(0)) { try await load(2) }
        #expect(seen.withLock { $0 } == [1, 2])
    }
}
