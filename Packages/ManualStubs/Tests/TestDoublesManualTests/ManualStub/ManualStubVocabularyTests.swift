import TestDoublesManual
import Testing

protocol Converter {
    func convert(_ value: Int) -> String
    func convert(_ value: String) -> String
    func convert(_ value: Int) -> Int
    func track(event: String, value: Int)
}

struct ConverterStubConformer: Converter, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func convert(_ value: Int) -> String { stub.call(value) }
    func convert(_ value: String) -> String { stub.call(value) }
    func convert(_ value: Int) -> Int { stub.call(value) }
    func track(event: String, value: Int) { stub.call(event, value) as Void }
}
typealias ConverterStub = ManualStub<ConverterStubConformer>

@Suite struct ManualStubVocabularyTests {
    @Test func overloadsThatDifferOnlyByTypeStayIndependent() {
        let converter = ConverterStub()
        converter.when { $0.convert(Match.any() as Int) as String }.thenReturn("from Int")
        converter.when { $0.convert(Match.any() as String) as String }.thenReturn("from String")
        converter.when { $0.convert(Match.any() as Int) as Int }.then { (value: Int) in value * 2 }
        let sut: any Converter = converter()
        #expect(sut.convert(1) as String == "from Int")
        #expect(sut.convert("a") as String == "from String")
        #expect(sut.convert(21) as Int == 42)
        converter.verify(1...1) { $0.convert(Match.any() as Int) as String }
        converter.verify(1...1) { $0.convert(Match.any() as Int) as Int }
        converter.verify(1...1) { $0.convert(Match.any() as String) as String }
    }

    @Test func behaviorChainsCountsAndArguments() {
        let analytics = ConverterStub()
        let allEvents = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        allEvents.thenDoNothing()
        let sut: any Converter = analytics()
        sut.track(event: "add_to_cart", value: 30)
        sut.track(event: "add_to_cart", value: 12)
        sut.track(event: "purchase", value: 42)

        allEvents.verify(3...3)
        let events: [(String, Int)] = allEvents.arguments()
        #expect(events.map(\.0) == ["add_to_cart", "add_to_cart", "purchase"])
        #expect(events.map(\.1) == [30, 12, 42])
        analytics.verify(.never) { $0.track(event: Match.equal("error"), value: Match.any()) }
        analytics.verifyInOrder {
            $0.track(event: Match.equal("add_to_cart"), value: Match.any())
            $0.track(event: Match.equal("purchase"), value: Match.any())
        }
        #expect(analytics.history.callCount == 3)
        #expect(analytics.describeInteractions().contains("track(event: \"purchase\", value: 42)"))
    }

    @Test func verifyInOrderFailsWhenTheOrderDiffers() {
        let analytics = ConverterStub()
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let sut: any Converter = analytics()
        sut.track(event: "purchase", value: 1)
        sut.track(event: "add_to_cart", value: 2)
        let issues = TestDoubleIssueReporting.capture {
            analytics.verifyInOrder {
                $0.track(event: Match.equal("add_to_cart"), value: Match.any())
                $0.track(event: Match.equal("purchase"), value: Match.any())
            }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .verificationFailed)
    }

    @Test func verifyNoMoreInteractionsAndUnusedStubs() {
        let converter = ConverterStub()
        converter.when { $0.convert(Match.any() as Int) as String }.thenReturn("x")
        converter.when { $0.convert(Match.any() as String) as String }.thenReturn("never used")
        let sut: any Converter = converter()
        _ = sut.convert(1) as String
        let issues = TestDoubleIssueReporting.capture {
            converter.verifyNoMoreInteractions()
            converter.verifyNoUnusedStubs()
        }
        #expect(issues.count == 2)
        converter.verify { $0.convert(Match.equal(1)) as String }
        let afterVerify = TestDoubleIssueReporting.capture { converter.verifyNoMoreInteractions() }
        #expect(afterVerify.isEmpty)
    }

    @Test func resetForgetsRegistrationsAndCalls() {
        let converter = ConverterStub()
        converter.when { $0.convert(Match.any() as Int) as String }.thenReturn("x")
        let sut: any Converter = converter()
        #expect(sut.convert(1) as String == "x")
        converter.reset()
        #expect(converter.history.callCount == 0)
        let issues = TestDoubleIssueReporting.capture { #expect(sut.convert(1) as String == "") }
        #expect(issues.map(\.kind) == [.unmatchedCall])
    }

    @Test func thenForEachCallAndTimes() {
        let converter = ConverterStub()
        converter.when { $0.convert(Match.any() as Int) as String }
            .thenReturn("first", times: 2)
            .thenForEachCall { (attempt: Int, value: Int) in "attempt \(attempt) of \(value)" }
        let sut: any Converter = converter()
        #expect((0..<4).map { sut.convert($0) as String } == ["first", "first", "attempt 1 of 2", "attempt 2 of 3"])
    }

    @Test func invocationOrderSpansDoubles() {
        let first = ConverterStub()
        let second = ConverterStub()
        first.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        second.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        first().track(event: "a", value: 1)
        second().track(event: "b", value: 2)
        let order = InvocationOrder(exhaustive: true) {
            first().track(event: "a", value: 1)
            second().track(event: "b", value: 2)
        }
        #expect(order.passed)
    }

    @Test func streamYieldsLaterCalls() async throws {
        let converter = ConverterStub()
        let tracks = converter.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let stream: InvocationStream<(String, Int)> = tracks.stream()
        converter().track(event: "purchase", value: 42)
        var iterator = stream.makeAsyncIterator()
        let call = try #require(await iterator.next(within: .seconds(60)))
        #expect(call.0 == "purchase")
        #expect(call.1 == 42)
    }

    @Test func aRecordingThatCallsTwoRequirementsIsReported() {
        let converter = ConverterStub()
        let issues = TestDoubleIssueReporting.capture {
            converter.when {
                $0.track(event: Match.any(), value: Match.any())
                return $0.convert(Match.any() as Int) as String
            }.thenReturn("x")
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
    }
}
