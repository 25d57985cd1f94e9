import Synchronization
import Testing

@testable import TestDoublesRecorder

/// `beforeEachCall`/`afterEachCall`, `thenFatalError`, `thenEscaping` and
/// `behaviorQueue`, called the way a test calls them.
@Suite struct SideEffectBehaviorTests {
    @Test func actionsWrapEveryAnswerWithoutUsingUpBehaviors() throws {
        let double = ServiceDouble()
        let log = Mutex<[String]>([])
        double.when { try $0.fetch(id: Match.any()) }
            .beforeEachCall { (id: Int) in log.withLock { $0.append("before \(id)") } }
            .afterEachCall { (id: Int) in log.withLock { $0.append("after \(id)") } }
            .then { (id: Int) in
                log.withLock { $0.append("answer \(id)") }
                return "first"
            }
            .thenThrow(ServiceError.denied)
            .thenReturn("rest")

        #expect(try double().fetch(id: 1) == "first")
        #expect(throws: ServiceError.denied) { try double().fetch(id: 2) }
        #expect(try double().fetch(id: 3) == "rest")
        #expect(
            log.withLock { $0 } == [
                "before 1", "answer 1", "after 1", "before 2", "after 2", "before 3", "after 3",
            ])
    }

    @Test func actionsRunOnScalarCallsToo() {
        let gauge = GaugeDouble()
        let seen = Mutex<[Int]>([])
        gauge.when { $0.add(Match.any(), Match.any()) }
            .afterEachCall { (amount: Int, carry: Bool) in seen.withLock { $0.append(carry ? -amount : amount) } }
            .thenReturn(9)
        #expect(gauge().add(4, false) == 9)
        #expect(gauge().add(5, true) == 9)
        #expect(seen.withLock { $0 } == [4, -5])
    }

    @Test func afterEachCallWaitsForASuspendedAnswer() async throws {
        let loader = ServiceDouble()
        let log = Mutex<[String]>([])
        let suspension = await loader.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .beforeEachCall { (user: String) in log.withLock { $0.append("started \(user)") } }
            .afterEachCall { (user: String) in log.withLock { $0.append("finished \(user)") } }
            .thenSuspend()
        let service = loader
        let signIn = Task { try await service.signIn(user: "ann", password: "x") }
        #expect(await suspension.waitForCall(within: .seconds(60)))
        #expect(log.withLock { $0 } == ["started ann"])
        suspension.resume(returning: "token")
        #expect(try await signIn.value == "token")
        #expect(log.withLock { $0 } == ["started ann", "finished ann"])
    }

    @Test func anActionOfTheWrongTypeIsReportedWhereItWasAdded() throws {
        let double = ServiceDouble()
        let ran = Mutex(false)
        let line = #line + 2
        double.when { $0.translate(Match.any()) }
            .beforeEachCall { (id: Int) in ran.withLock { $0 = id > 0 } }
            .thenReturn("hola")
        let found = issues { #expect(double().translate("hello") == "hola") }
        #expect(ran.withLock { $0 } == false)
        #expect(found.count == 1)
        #expect(found.first?.kind == .invalidBehavior)
        #expect(found.first?.location?.line == line)
        let issue = try #require(found.first)
        #expect(issue.message.contains("translate(\"hello\")"))
    }

    @Test func thenFatalErrorReportsAndAnswersLikeAnUnstubbedCall() throws {
        let double = ServiceDouble(name: "Stub<any Service>")
        let translateLine = #line + 1
        double.when { $0.translate(Match.any()) }.thenFatalError("translations are cached")
        let fetchLine = #line + 1
        let fetches = double.when { try $0.fetch(id: Match.any()) }.thenFatalError()

        var translated: String?
        let found = issues { translated = double().translate("hello") }
        #expect(translated == "")
        #expect(found.count == 1)
        #expect(found.first?.location?.line == translateLine)
        let issue = try #require(found.first)
        #expect(issue.message.contains("translations are cached"))
        #expect(issue.message.contains("asked for a fatal error"))

        var thrown: (any Error)?
        let fetchIssues = issues {
            do {
                _ = try double().fetch(id: 4)
            } catch {
                thrown = error
            }
        }
        #expect(thrown as? UnstubbedCall == UnstubbedCall(double: "Stub<any Service>", call: "fetch(id: 4)"))
        #expect(fetchIssues.map(\.location?.line) == [fetchLine])
        #expect(fetches.callCount == 1)
    }

    @Test func thenEscapingHandsTheFirstArgumentAndThePrefixAfterIt() async throws {
        let loader = ServiceDouble()
        let signIns = await loader.when { try await $0.signIn(user: Match.any(), password: Match.any()) }
            .thenEscaping(times: 2) { (user: String, password: String) in "\(user):\(password)" }
            .thenEscaping { (user: String) async throws -> String in
                if user.isEmpty { throw ServiceError.denied }
                return "async-\(user)"
            }
        #expect(try await loader().signIn(user: "ann", password: "1") == "ann:1")
        #expect(try await loader().signIn(user: "bob", password: "2") == "bob:2")
        #expect(try await loader().signIn(user: "cy", password: "3") == "async-cy")
        await #expect(throws: ServiceError.denied) { try await loader().signIn(user: "", password: "4") }
        #expect(signIns.callCount == 4)

        let double = ServiceDouble()
        double.when { try $0.fetch(id: Match.any()) }.thenEscaping { (id: String) in id }
        let found = issues { _ = try? double().fetch(id: 3) }
        let issue = try #require(found.first)
        #expect(issue.message.contains("is String, but the call passed a Int"))
    }

    @Test func behaviorQueueCountsWhatTheChainCanStillServe() throws {
        let double = ServiceDouble()
        let chain = double.when { try $0.fetch(id: Match.any()) }.thenReturn("a", times: 2)
        let queue = chain.behaviorQueue
        #expect(queue.remainingAnswerCount == 2)
        _ = try double().fetch(id: 1)
        #expect(queue.remainingAnswerCount == 1)
        #expect(issues { queue.assertExhausted() }.count == 1)
        _ = try double().fetch(id: 2)
        #expect(queue.isExhausted)
        #expect(issues { queue.assertExhausted() }.isEmpty)

        let open = double.when { $0.translate(Match.any()) }.thenReturn("x").thenReturn("y").behaviorQueue
        #expect(open.isExhausted == false)
        #expect(open.remainingAnswerCount == .max)
        #expect(try #require(issues { open.assertExhausted() }.first).message.contains("never used up"))
    }
}
