import Testing

@testable import TestDoublesRecorder

/// A front's typed call (``InvocationRecorder/call(_:_:forward:)`` and its
/// throwing and async forms) answers a misconfigured call with an issue and a
/// placeholder, where it used to stop the test process.
@Suite struct TypedAnswerTests {
    private let count = Requirement("count()", resultType: Int.self)

    @Test func anAnswerOfAnotherTypeIsAnIssueAndAPlaceholder() async throws {
        let recorder = InvocationRecorder(name: "Stub<any Counter>")
        let asyncCount = Requirement("count()", effects: .async, resultType: Int.self)
        recorder.when(asyncCount, matching: [], returning: String.self).thenReturn("seven")
        var answer = -1
        let reported = await issues { answer = await recorder.callAsync(asyncCount, []) }
        #expect(answer == 0)
        let issue = try #require(reported.first)
        #expect(issue.message.contains("is a String, not the declared Int"))
    }

    @Test func aForwardWithoutARealImplementationIsAnIssueAndAPlaceholder() throws {
        let recorder = InvocationRecorder(name: "Spy<any Counter>", unmatchedCallPolicy: .forward)
        let throwingCount = Requirement("count()", effects: .throws, resultType: Int.self)
        var answer = -1
        let reported = try issues { answer = try recorder.callThrowing(throwingCount, []) }
        #expect(answer == 0)
        #expect(reported.map(\.kind) == [.invalidBehavior])
        let issue = try #require(reported.first)
        #expect(issue.message.contains("no real implementation"))
        #expect(reported.first?.location == recorder.creationSite)
    }

    @Test func aThrowingRequirementStillThrowsTheConfiguredError() async {
        let recorder = InvocationRecorder(name: "Stub<any Counter>")
        let load = Requirement("load()", effects: .asyncThrows, resultType: Int.self)
        recorder.when(load, matching: [], returning: Int.self).thenThrow(TestFailure.boom)
        await #expect(throws: TestFailure.boom) {
            let _: Int = try await recorder.callAsyncThrowing(load, [])
        }
    }

    private enum TestFailure: Error { case boom }
}
