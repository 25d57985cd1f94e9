import TestDoublesManual
import Testing

@Suite struct ClosureDoubleEffectTests {
    @Test func voidClosureDoubleModelsANullaryClosure() {
        let clock = VoidClosureDouble<Int>()
        let ticks = clock.whenAny().thenReturn(1).thenReturn(2)
        let now: () -> Int = clock.function
        #expect(now() == 1)
        #expect(now() == 2)
        #expect(now() == 2)
        ticks.verify(3...3)
        clock.verify(3...3) { $0() }
    }

    @Test func voidClosureDoubleTakesANullaryHandler() {
        let counter = VoidClosureDouble<String>()
        counter.whenAny().then { "computed" }
        #expect(counter.function() == "computed")
    }

    @Test func throwingClosureDoubleThrowsAndComputes() throws {
        let parse = ThrowingClosureDouble<String, Int>()
        parse.when(equal: "x").thenThrow(LoadError.offline)
        parse.whenAny().then { (text: String) throws -> Int in
            guard let value = Int(text) else { throw LoadError.missing(0) }
            return value
        }
        let function: (String) throws -> Int = parse.function
        #expect(throws: LoadError.offline) { try function("x") }
        #expect(try function("12") == 12)
        #expect(throws: LoadError.missing(0)) { try function("twelve") }
        #expect(parse.whenAny().arguments() == ["x", "12", "twelve"])
    }

    @Test func typedThrowingClosureDoubleThrowsItsErrorType() {
        let parse = TypedThrowingClosureDouble<String, Int, LoadError>()
        parse.whenAny().thenThrow(.missing(7))
        let function: (String) throws(LoadError) -> Int = parse.function
        do {
            _ = try function("a")
            Issue.record("expected a LoadError")
        } catch {
            #expect(error == .missing(7))
        }
    }

    @Test func asyncClosureDoubleSuspendsUntilResumed() async {
        let fetch = AsyncClosureDouble<Int, String>("fetch")
        let suspension = fetch.whenAny().thenSuspend()
        let function = fetch.function
        let call = Task { await function(3) }
        #expect(await suspension.waitForCall(within: .seconds(60)))
        suspension.resume(returning: "three")
        #expect(await call.value == "three")
    }

    @Test func asyncTypedThrowingClosureDoubleAwaitsCancellation() async {
        let load = AsyncTypedThrowingClosureDouble<Int, String, CancellationError>()
        let waits = load.whenAny().thenAwaitCancellation()
        let function: (Int) async throws(CancellationError) -> String = load.function
        let call = Task { try await function(1) }
        #expect(await waits.verify(1...1, within: .seconds(60)))
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }
    }

    @Test func asyncClosureDoubleReturnsAfterADelay() async {
        let fetch = AsyncClosureDouble<Int, String>()
        fetch.whenAny().thenReturn("late", after: .milliseconds(1))
        #expect(await fetch.function(1) == "late")
    }

    @Test func expandedFunctionOfANullaryClosure() {
        let nullary = ClosureDouble<Void, Int>()
        nullary.whenAny().thenReturn(0)
        let zero: () -> Int = nullary.expandedFunction()
        #expect(zero() == 0)
    }

    @Test func expandedFunctionOfAUnaryClosure() {
        let unary = ClosureDouble<Int, Int>()
        unary.whenAny().then { $0 + 1 }
        let one: (Int) -> Int = unary.expandedFunction()
        #expect(one(1) == 2)
    }

    @Test func expandedFunctionOfAFiveArgumentThrowingClosure() throws {
        let five = ThrowingClosureDouble<(Int, String, Bool, Double, [Int]), String>()
        five.whenArguments { (a: Int, _: String, c: Bool, _: Double, e: [Int]) in a > 0 && c && !e.isEmpty }
            .thenArguments { (a: Int, b: String, _: Bool, d: Double, e: [Int]) throws in "\(a)\(b)\(d)\(e.count)" }
        let function: (Int, String, Bool, Double, [Int]) throws -> String = five.expandedFunction()
        #expect(try function(1, "b", true, 2.5, [9]) == "1b2.51")
        let inputs = five.whenAny().arguments()
        #expect(inputs.count == 1)
        #expect(inputs.first?.1 == "b")
    }

    @Test func expandedFunctionOfAnAsyncPair() async {
        let asyncPair = AsyncClosureDouble<(Int, Int), Int>()
        asyncPair.whenAny().thenArguments { (a: Int, b: Int) async in a * b }
        let multiply: (Int, Int) async -> Int = asyncPair.expandedFunction()
        #expect(await multiply(6, 7) == 42)
    }

    @Test func recordingClosuresUseMatchers() {
        let formatter = ClosureDouble<Int, String>("formatter")
        formatter.when { $0(Match.greaterThan(10)) }.thenReturn("many")
        formatter.when(where: { $0 < 0 }).thenReturn("negative")
        formatter.whenAny().then { "\($0)" }
        let format = formatter.function
        #expect(format(11) == "many")
        #expect(format(-1) == "negative")
        #expect(format(3) == "3")
        formatter.verify(1...1) { $0(Match.greaterThan(10)) }
        formatter.verify(.never) { $0(Match.equal(99)) }
    }

    @Test func thenForEachCallCountsCalls() {
        let attempt = ClosureDouble<String, String>()
        attempt.whenAny().thenForEachCall { (count: Int, input: String) in "\(input)#\(count)" }
        #expect(attempt.function("a") == "a#1")
        #expect(attempt.function("b") == "b#2")
    }

    @Test func anUnmatchedCallIsReportedWithTheClosureName() throws {
        let formatter = ClosureDouble<Int, String>("formatter")
        formatter.when(equal: 1).thenReturn("one")
        var answer: String?
        let issues = TestDoubleIssueReporting.capture { answer = formatter.function(2) }
        #expect(answer == "")
        #expect(issues.map(\.kind) == [.unmatchedCall])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("formatter(2)"))
        #expect(issue.message.contains("ClosureDouble<Int, String>"))
    }

    @Test func closurePatternsJoinInvocationOrderAndStreams() async throws {
        let first = ClosureDouble<Int, Void>()
        let second = ClosureDouble<String, Void>()
        let ones = first.whenAny().thenDoNothing()
        let twos = second.whenAny().thenDoNothing()
        let stream = twos.stream()
        first.function(1)
        second.function("two")
        let order = InvocationOrder(exhaustive: true) {
            ones
            twos
        }
        #expect(order.passed)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next(within: .seconds(60)) == "two")
    }

    @Test func doublesShareTheVocabularyOfEveryDouble() {
        let formatter = ClosureDouble<Int, String>()
        formatter.when(equal: 1).thenReturn("one")
        formatter.when(equal: 2).thenReturn("two")
        _ = formatter.function(1)
        #expect(formatter.history.callCount == 1)
        let issues = TestDoubleIssueReporting.capture { formatter.verifyNoUnusedStubs() }
        #expect(issues.count == 1)
        formatter.reset()
        #expect(formatter.history.callCount == 0)
    }
}
