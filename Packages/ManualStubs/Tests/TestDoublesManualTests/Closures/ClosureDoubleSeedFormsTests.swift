import TestDoublesManual
import TestDoublesRecorder
import Testing

/// The closure-double spellings of the seed's listing: location forms,
/// `Matcher`, answer sequences, counted and async `times:` handlers, the
/// double's own `interactions`, and the no-input `when()`/`verify(_:)`.
@Suite struct ClosureDoubleSeedFormsTests {
    /// Reports where a team's helper was called, as the seed's location parameters allow.
    private func expectCalls(
        _ double: ClosureDouble<Int, String>, _ count: Int,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        double.whenAny(fileID: fileID, filePath: filePath, line: line, column: column)
            .verify(count...count, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    @Test func matcherPatternsAndForwardedLocations() {
        let formatter = ClosureDouble<Int, String>()
        let isLarge: ClosureDouble<Int, String>.Matcher = { $0 > 10 }
        formatter.when(isLarge, describedBy: "more than ten").thenReturn("many")
        formatter.when(equal: 2).thenReturn("two")
        formatter.whenAny().thenReturn("other")
        #expect(formatter(11) == "many")
        #expect(formatter(2) == "two")
        #expect(formatter(3) == "other")
        #expect(formatter.callCount(matching: isLarge) == 1)
        formatter.verify(1...1, matching: isLarge, describedBy: "more than ten")

        let issues = TestDoubleIssueReporting.capture { expectCalls(formatter, 5) }
        #expect(issues.count == 1)
        #expect(issues.first?.location?.line == #line - 2)
    }

    @Test func answerSequencesRepeatTheLastAndQueuesRunOut() {
        let nextID = VoidClosureDouble<Int>()
        let ids = nextID.when().thenReturn(1, 2, 3)
        #expect([nextID(), nextID(), nextID(), nextID()] == [1, 2, 3, 3])
        ids.verify(4...4)

        let tokens = ClosureDouble<String, String>()
        let queue = tokens.whenAny().thenQueue("a", "b")
        #expect(tokens("x") == "a")
        #expect(queue.isExhausted == false)
        #expect(tokens("y") == "b")
        #expect(queue.isExhausted)
        let afterward = TestDoubleIssueReporting.capture { _ = tokens("z") }
        #expect(afterward.count == 1)  // the queue is used up: the call is unmatched
    }

    @Test func countedHandlersForAFewCallsThenTheNextBehavior() {
        let label = ClosureDouble<String, String>()
        label.whenAny()
            .thenForEachCall(times: 2) { call, name in "\(name)#\(call)" }
            .thenReturn("done")
        #expect(label("a") == "a#1")
        #expect(label("b") == "b#2")
        #expect(label("c") == "done")
    }

    @Test func asyncHandlersWithTimesAndAsyncAnswerForms() async throws {
        let load = AsyncClosureDouble<Int, String>()
        load.whenAny()
            .then(times: 1) { id in "first \(id)" }
            .then(times: 1...) { id in "then \(id)" }
        #expect(await load(1) == "first 1")
        #expect(await load(2) == "then 2")
        #expect(await load(3) == "then 3")

        let fetch = AsyncThrowingClosureDouble<Int, String>()
        fetch.whenAny()
            .then(times: 1) { (id: Int) async throws -> String in
                guard id > 0 else { throw CancellationError() }
                return "ok \(id)"
            }
            .thenReturn("late", after: nil, times: 1...)
        await #expect(throws: CancellationError.self) { try await fetch(0) }
        #expect(try await fetch(5) == "late")

        let clock = ManualStubClock()
        let delayed = AsyncClosureDouble<Int, String>()
        delayed.whenAny().thenReturn("ticked", after: .seconds(3), using: clock)
        async let answer = delayed(1)
        await clock.waitForSleepers(atLeast: 1)
        clock.advance(by: .seconds(3))
        #expect(await answer == "ticked")
    }

    @Test func awaitingCancellationReturnsOrThrowsTheGivenAnswer() async throws {
        let search = AsyncClosureDouble<String, [String]>()
        search.whenAny().thenAwaitCancellation(returning: [])
        let running = Task { await search("swift") }
        await search.interactions.verify(1..., within: .seconds(120))
        running.cancel()
        #expect(await running.value == [])

        let upload = AsyncThrowingClosureDouble<Int, Bool>()
        upload.whenAny().thenAwaitCancellation(throwing: CancellationError())
        let uploading = Task { try await upload(1) }
        await upload.interactions.verify(1..., within: .seconds(120))
        uploading.cancel()
        await #expect(throws: CancellationError.self) { try await uploading.value }
    }

    @MainActor @Test func voidInputDoublesVerifyWithoutAClosure() {
        let onRefresh = VoidClosureDouble<Void>()
        onRefresh.when().thenDoNothing()
        onRefresh()
        onRefresh()
        onRefresh.verify(2...2)
        #expect(onRefresh.interactions.callCount == 2)
        let issues = TestDoubleIssueReporting.capture { onRefresh.verify() }
        #expect(issues.count == 1)
    }
}

extension ClosureDoubleSeedFormsTests {
    @Test func tupleInputsTakenApartWithTimesAndCallNumbers() async {
        let greet = ClosureDouble<(String, Int), String>()
        greet.whenArguments({ (name: String, _: Int) in name.hasPrefix("A") }, describedBy: "A names")
            .thenArguments(times: 1) { (name: String, age: Int) in "\(name) (\(age))" }
            .thenForEachCallArguments(times: 1...) { (call: Int, name: String, _: Int) in "\(name) again, call \(call)"
            }
        #expect(greet(("Ada", 36)) == "Ada (36)")
        #expect(greet(("Alan", 41)) == "Alan again, call 1")

        let wrongTypes = TestDoubleIssueReporting.capture {
            greet.whenAny().thenArguments(times: 1) { (_: Int, _: Int) in "never" }
        }
        #expect(wrongTypes.count == 1)

        let lookup = AsyncClosureDouble<(String, Int), String>()
        lookup.whenAny()
            .thenArguments(times: 1) { (key: String, page: Int) in "\(key)@\(page)" }
            .thenForEachCallArguments(times: 1...) { (call: Int, key: String, _: Int) in "\(key)#\(call)" }
        #expect(await lookup(("a", 1)) == "a@1")
        #expect(await lookup(("b", 2)) == "b#1")

        let tagged = ClosureDouble<(String, Int), String>()
        tagged.whenAny().thenForEachCallArguments { (call: Int, name: String, _: Int) in "\(name)-\(call)" }
        #expect([tagged(("x", 0)), tagged(("y", 0))] == ["x-1", "y-2"])
        let asyncTagged = AsyncClosureDouble<(String, Int), String>()
        asyncTagged.whenAny().thenForEachCallArguments { (call: Int, name: String, _: Int) in "\(name)-\(call)" }
        #expect(await asyncTagged(("z", 0)) == "z-1")
    }

    @Test func inoutBehaviorChainsWithTimesAndForwarding() {
        let normalize = InoutClosureDouble<String, Bool>(forwardingTo: { text in
            text = text.uppercased()
            return true
        })
        let chain: InoutClosureBehaviorChain<String, Bool> = normalize.whenAny()
            .then(times: 1) { text in
                text = text.lowercased()
                return false
            }
            .thenForward(times: 1...)
        var first = "MiXeD"
        #expect(normalize.function(&first) == false)
        #expect(first == "mixed")
        var second = "MiXeD"
        #expect(normalize.function(&second))
        #expect(second == "MIXED")
        chain.verify(2...2)
    }
}
