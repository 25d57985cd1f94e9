import TestDoublesManual
import Testing

/// Async requirements whose configured values a catch-all answers without
/// suspending the caller: scalar arguments as words, others boxed on the
/// caller's stack.
protocol AsyncMeter: Sendable {
    func level(_ channel: Int) async -> Int
    func label(_ name: String, _ token: CustodyToken) async -> String
    func reset() async
}

struct AsyncMeterStub: AsyncMeter, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func level(_ channel: Int) async -> Int { await stub.asyncCall(channel) }
    func label(_ name: String, _ token: CustodyToken) async -> String { await stub.asyncCall(name, token) }
    func reset() async { await stub.asyncCall() as Void }
}

@Suite struct ManualStubAsyncOneHoldAnswerTests {
    private let placeholder = CustodyToken(-1, nil)

    @Test func configuredValuesAreAnsweredAndRecordedAsTheSuspendingPathRecordsThem() async {
        let meter = ManualStub<AsyncMeterStub>()
        let levels = await meter.when { await $0.level(Match.any()) }
        levels.thenReturn(4, times: 1)
        levels.thenReturn(9, after: .seconds(3600), using: StubClocks.immediate)
        let labels = await meter.when { await $0.label(Match.any(), Match.any(using: placeholder)) }
        labels.thenReturn("boxed")
        await meter.when { await $0.reset() }.thenDoNothing()
        let tally = CustodyTally()
        #expect(await meter().level(1) == 4)
        #expect(await meter().level(2) == 9)
        #expect(await meter().label("a", CustodyToken(1, tally)) == "boxed")
        await meter().reset()
        #expect(levels.invocations.map(\.outcome) == [.returned, .suspended])
        #expect(levels.arguments() == [1, 2])
        #expect(levels.results() == [4, 9])
        let labelArguments: [(String, CustodyToken)] = labels.arguments()
        #expect(labelArguments.map(\.0) == ["a"])
        #expect(labelArguments.map(\.1.id) == [1])
        // The ledger keeps its own reference to the token.
        #expect(tally.deinits == 0)
        let events = meter.interactionTimeline().events
        #expect(events.count == 4)
        // Each completed: a value (scalar, `Void` or boxed) given in the hold that recorded the call
        // completes at its arrival's number, as a runtime stub's does; a delayed value after it.
        #expect(events.map { event in event.completionSequence.map { $0 > event.id } } == [false, true, false, false])
        #expect(events.allSatisfy { event in event.completionSequence.map { $0 >= event.id } ?? false })
        await meter.verify(.exactly(2)) { await $0.level(Match.any()) }
        await meter.verify { await $0.reset() }
    }

    @Test func handlersAndMatchersTakeTheGeneralPathWithTheSameArguments() async {
        let meter = ManualStub<AsyncMeterStub>()
        await meter.when { await $0.level(Match.equal(0)) }.thenReturn(-1)
        let levels = await meter.when { await $0.level(Match.any()) }
        levels.then { (channel: Int) in channel * 10 }
        let labels = await meter.when { await $0.label(Match.any(), Match.any(using: placeholder)) }
        labels.then { (name: String, token: CustodyToken) in name + "\(token.id)" }
        #expect(await meter().level(0) == -1)
        #expect(await meter().level(3) == 30)
        #expect(await meter().label("b", CustodyToken(2, nil)) == "b2")
        #expect(levels.arguments() == [0, 3])
        #expect(labels.results() == ["b2"])
    }

    @Test func aCancelledTasksImmediateDelayOnANonThrowingRequirementStillAnswers() async {
        let meter = ManualStub<AsyncMeterStub>()
        await meter.when { await $0.level(Match.any()) }
            .thenReturn(5, after: .seconds(1), using: StubClocks.immediate)
        let service = meter()
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await service.level(1)
        }
        #expect(await cancelled.value == 5)
        #expect(await service.level(2) == 5)
    }
}
