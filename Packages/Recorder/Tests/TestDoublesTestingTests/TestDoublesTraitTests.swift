import TestDoublesRecorder
import Testing

@testable import TestDoublesTesting

/// A minimal front: one requirement `ping(_:)` returning an Int.
private final class PingDouble: RecordingTestDouble, Sendable {
    let recorder = InvocationRecorder(name: "PingDouble")
    static let ping = Requirement("ping(_:)", effects: .async, resultType: Int.self)
    var recordingSubject: PingDouble { self }
    func ping(_ value: Int) async -> Int { await recorder.callAsync(Self.ping, [value]) }
}

#if compiler(>=6.1)
@Suite struct TestDoublesTraitTests {
    @Test func standardScopeFailsForUnusedRegistrationsAtTheTestLocation() async throws {
        let found = try await teardownIssues(.testDoubles) {
            let double = PingDouble()
            await double.when { await $0.ping(Match.equal(1)) }.thenReturn(10)
            await double.when { await $0.ping(Match.any()) }.thenReturn(0)
            _ = await double.ping(5)
        }
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.contains("PingDouble: 1 registration(s) served no call"))
        #expect(issue.message.contains("#1 ping(equal(1))"))
        #expect(found.first?.location?.line == Test.current?.sourceLocation.line)
    }

    @Test func standardScopeIgnoresUnverifiedCalls() async throws {
        let found = try await teardownIssues(.testDoubles) {
            let double = PingDouble()
            await double.when { await $0.ping(Match.any()) }.thenReturn(0)
            _ = await double.ping(5)
        }
        #expect(found.isEmpty)
    }

    @Test func strictScopeAlsoFailsForUnverifiedCallsQueuesAndSuspensions() async throws {
        let found = try await teardownIssues(.strictTestDoubles) {
            let double = PingDouble()
            await double.when { await $0.ping(Match.equal(1)) }.thenReturn(1, times: 3)
            let suspension = await double.when { await $0.ping(Match.equal(2)) }.thenSuspend()
            _ = await double.ping(1)
            let parked = Task { await double.ping(2) }
            await suspension.waitForCall(within: .seconds(60))
            _ = parked
        }
        let messages = found.map(\.message)
        // The parked call is also unfinished, and its task keeps the double alive.
        #expect(found.count == 5)
        #expect(messages.contains { $0.contains("1 async call(s) had not returned when the test ended") })
        #expect(messages.contains { $0.contains("is still alive after its test ended") })
        #expect(messages.contains { $0.contains("call(s) no successful verification covered") })
        #expect(messages.contains { $0.contains("thenReturn has 2 call(s) left") })
        #expect(messages.contains { $0.contains("1 call(s) parked by thenSuspend() were never resumed") })
    }

    @Test func scopesOfParallelTestsAreSeparate() async throws {
        let outside = PingDouble()
        await outside.when { await $0.ping(Match.any()) }.thenReturn(0)  // unused, but not in the scope
        let found = try await teardownIssues(.testDoubles) {}
        #expect(found.isEmpty)
    }

    @Test(.testDoubles) func traitAppliesToATestDeclaration() async {
        let double = PingDouble()
        await double.when { await $0.ping(Match.any()) }.thenReturn(3)
        #expect(await double.ping(1) == 3)
    }
}
#endif
