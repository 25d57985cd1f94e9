import Testing

@testable import TestDoublesRecorder

/// The endpoint as an untyped front (the runtime stub) and a pattern-building
/// front (a closure double) use it, without a recording pass.
@Suite struct FrontAPITests {
    @Test func untypedDispatchByNumericSlot() async {
        let recorder = InvocationRecorder(name: "Stub<any Clock>")
        let now = Requirement(
            id: RequirementID(namespace: 0xBEEF, slot: 3), name: "now(in:)", effects: .async, resultType: Int.self)
        let pattern: CallPattern<Int> = recorder.when(now, matching: [.equal(to: "UTC")])
        pattern.thenReturn(42)
        guard case .returned(let value) = await recorder.dispatchAsync(now, arguments: ["UTC"]) else {
            Issue.record("expected a value")
            return
        }
        #expect(value as? Int == 42)
        #expect(RequirementID(namespace: 0xBEEF, slot: 3) == now.id)
        #expect(RequirementID(namespace: 0xBEEF, slot: 4) != now.id)
        #expect(RequirementID("now(in:)") != now.id)
        #expect(recorder.interactions(of: now, matching: [.anything], returning: Int.self).callCount == 1)
    }

    @Test func closureDoubleStylePatternsShareTheEngine() {
        let recorder = InvocationRecorder(name: "ClosureDouble<Int, String>")
        let function = Requirement("callAsFunction(_:)", resultType: String.self)
        recorder.when(function, matching: [.equal(to: 2)], returning: String.self)
            .thenReturn("first two").thenReturn("two")
        recorder.when(function, matching: [.anything], returning: String.self)
            .then { (value: Int) in "other-\(value)" }
        let format: (Int) -> String = { recorder.call(function, [$0]) }
        #expect(format(2) == "first two")
        #expect(format(2) == "two")
        #expect(format(9) == "other-9")
        let twos: [Int] = recorder.interactions(of: function, matching: [.equal(to: 2)], returning: String.self)
            .arguments()
        #expect(twos == [2, 2])
    }

    @Test func forwardOutcomeReachesTheFront() {
        let recorder = InvocationRecorder(name: "Spy<any Greeter>", unmatchedCallPolicy: .forward)
        let greet = Requirement("greet(_:)", resultType: String.self)
        recorder.when(greet, matching: [.equal(to: "x")], returning: String.self).thenReturn("stubbed")
        #expect(recorder.call(greet, ["x"]) { "real" } == "stubbed")
        #expect(recorder.call(greet, ["y"]) { "real" } == "real")
        #expect(recorder.invocations.map(\.outcome) == [.returned, .forwarded])
    }

    @Test func plainIteratorNextWaitsForTheNextCall() async {
        let double = ServiceDouble()
        let all = double.when { $0.translate(Match.any()) }.thenReturn("t")
        let keys: InvocationStream<String> = all.stream()
        Task.detached { _ = double.translate("k1") }
        var iterator = keys.makeAsyncIterator()
        #expect(await iterator.next() == "k1")
    }
}
