import TestDoublesManual
import TestDoublesRecorder
import Testing

@Suite struct InoutClosureDoubleTests {
    @Test func handlersChangeTheCallersVariable() {
        let normalize = InoutClosureDouble<String, Bool>()
        let all = normalize.whenAny().then { (text: inout String) in
            text = text.lowercased()
            return true
        }
        var input = "MiXeD"
        #expect(normalize.function(&input))
        #expect(input == "mixed")
        #expect(normalize.invocations == ["MiXeD"])
        #expect(all.arguments() == ["MiXeD"])
        #expect(all.mutatedValues() == ["mixed"])
        #expect(all.results() == [true])
        all.verify()
    }

    @Test func fixedOutcomesAndUnmatchedCalls() {
        let counter = InoutClosureDouble<Int, Void>()
        counter.when(equal: 1).thenMutate(to: 10)
        counter.when({ $0 > 100 }, describedBy: "large").thenDoNothing()
        var value = 1
        counter(&value)
        #expect(value == 10)
        value = 500
        counter(&value)
        #expect(value == 500)

        value = 7
        let issues = TestDoubleIssueReporting.capture { counter(&value) }
        #expect(issues.map(\.kind) == [.unmatchedCall])
        #expect(value == 7)
        #expect(counter.callCount == 3)
    }

    @Test func spyForwardsToTheRealClosure() {
        let bump = InoutClosureSpy<Int, Int>(forwardingTo: { value in
            value += 1
            return value
        })
        bump.when(equal: 0).thenMutate(to: 42, returning: -1)
        var value = 0
        #expect(bump.function(&value) == -1)
        #expect(value == 42)
        #expect(bump.function(&value) == 43)
        #expect(value == 43)
        #expect(bump.whenAny().results() == [-1, 43])
        bump.history.forwarded.verify()
    }
}

@Suite struct NonescapingCallbackRecorderTests {
    struct Failure: Error {}

    func visitAll(_ items: [Int], _ body: (Int) -> Bool, recorder: NonescapingCallbackRecorder<Int, Bool>) {
        for item in items where recorder.invoke(body, with: item) == false { break }
    }

    @Test func recordsWhatTheFakePassesAndGetsBack() throws {
        let visits = NonescapingCallbackRecorder<Int, Bool>()
        visitAll([1, 2, 3, 4], { $0 < 3 }, recorder: visits)
        #expect(visits.invocations == [1, 2, 3])
        #expect(visits.results == [true, true, false])
        #expect(visits.callCount == 3)

        let throwing = NonescapingCallbackRecorder<Int, Int>()
        #expect(throws: Failure.self) {
            try throwing.invoke({ (value: Int) throws(Failure) -> Int in throw Failure() }, with: 1)
        }
        #expect(try throwing.invoke({ (value: Int) throws(Failure) -> Int in value * 2 }, with: 2) == 4)
        #expect(throwing.errors.count == 1)
        #expect(throwing.results == [4])

        let each = NonescapingCallbackRecorder<String, Void>()
        each.invoke({ _ in }, with: "a", "b")
        #expect(each.invocations == ["a", "b"])
        each.reset()
        #expect(each.callCount == 0)
    }
}
