import Synchronization
import TestDoublesRecorder
import Testing

@testable import TestDoublesTesting

/// A minimal front: one async requirement `wait(_:)` returning an Int.
private final class WaitDouble: RecordingTestDouble, Sendable {
    let recorder = InvocationRecorder(name: "WaitDouble")
    static let wait = Requirement("wait(_:)", effects: .async, resultType: Int.self)
    var recordingSubject: WaitDouble { self }
    func wait(_ value: Int) async -> Int { await recorder.callAsync(Self.wait, [value]) }
}

/// Somewhere outside any test that keeps what it is given.
private let keeper = Mutex<[WaitDouble]>([])

#if compiler(>=6.1)
@Suite struct StrictnessOptionTests {
    @Test func theDocumentedSpellingsMakeTheSameTrait() {
        #expect(TestDoubleScope().strictness == .noUnusedStubs)
        #expect(TestDoubleScope.testDoubles(strictness: .strict).strictness == .strict)
        #expect(TestDoubleStrictness.strict.contains([.noEscapedTestDoubles, .noUnfinishedAsyncInvocations]))
        #expect(TestDoubleStrictness.strict.contains(.noUnconsumedInvocationStreams))
    }

    @Test func anEscapedDoubleIsReportedWhereItWasCreated() async throws {
        let found = try await teardownIssues(.testDoubles(strictness: .noEscapedTestDoubles)) {
            let double = WaitDouble()
            keeper.withLock { $0.append(double) }
        }
        keeper.withLock { $0.removeAll() }
        #expect(found.count == 1)
        #expect(
            found.first?.message
                == "WaitDouble is still alive after its test ended; something outside the test keeps it")
        #expect(found.first?.location?.fileID == #fileID)  // where its recorder was made
    }

    @Test func aDoubleLeftInTheTestIsNotEscaped() async throws {
        let found = try await teardownIssues(.testDoubles(strictness: .noEscapedTestDoubles)) {
            let double = WaitDouble()
            await double.when { await $0.wait(Match.any()) }.thenReturn(1)
            _ = await double.wait(1)
        }
        #expect(found.isEmpty)
    }

    @Test func anUnfinishedAsyncCallIsReported() async throws {
        let found = try await teardownIssues(.testDoubles(strictness: .noUnfinishedAsyncInvocations)) {
            let double = WaitDouble()
            await double.when { await $0.wait(Match.any()) }.thenNeverReturn()
            let task = Task { await double.wait(1) }
            await double.history.verify(1..., within: .seconds(60))
            _ = task
        }
        #expect(found.map(\.message) == ["WaitDouble: 1 async call(s) had not returned when the test ended"])
    }

    @Test func unreadStreamCallsAreReported() async throws {
        let found = try await teardownIssues(.testDoubles(strictness: .noUnconsumedInvocationStreams)) {
            let double = WaitDouble()
            let pattern = await double.when { await $0.wait(Match.any()) }.thenReturn(0)
            let stream: InvocationStream<Int> = pattern.stream()
            _ = await double.wait(1)
            _ = await double.wait(2)
            var iterator = stream.makeAsyncIterator()
            #expect(await iterator.next() == 1)
        }
        #expect(found.map(\.message) == ["stream() received 1 call(s) the test never read"])
    }
}
#endif
