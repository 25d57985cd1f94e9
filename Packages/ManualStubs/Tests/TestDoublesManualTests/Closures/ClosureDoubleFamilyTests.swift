import TestDoublesManual
import TestDoublesRecorder
import Testing

/// The documented closure-double surface beyond `function`: direct calls,
/// inspection, naming, clearing, spies and the named families.
@Suite struct ClosureDoubleFamilyTests {
    @Test func callsDirectlyAndInspects() throws {
        let double = ClosureDouble<Int, String>().named("formatter")
        #expect(double.recorder.name == "formatter")
        double.when({ $0 > 10 }, describedBy: "more than ten").thenReturn("many")
        double.whenAny().then { "n\($0)" }

        #expect(!double.wasCalled)
        #expect(double(3) == "n3")
        #expect(double(30) == "many")
        #expect(double.invoke(4) == "n4")
        #expect(double.invocations == [3, 30, 4])
        #expect(double.callCount == 3)
        #expect(double.wasCalled)
        #expect(double.callCount(matching: { $0 > 3 }) == 2)
        double.verify(2...2, matching: { $0 < 10 })
        double.verify(equal: 30)

        let failures = TestDoubleIssueReporting.capture { double.verify(.never, equal: 4) }
        #expect(failures.count == 1)
        let issue = try #require(failures.first)
        #expect(issue.message.contains("formatter"))
    }

    @Test func clearingKeepsTheOtherHalf() {
        let double = ClosureDouble<Int, Int>()
        double.whenAny().then { $0 + 1 }
        #expect(double(1) == 2)
        double.clearRecordedInvocations()
        #expect(double.invocations.isEmpty)
        #expect(double(2) == 3)  // the registration still answers

        double.clearConfiguredBehaviors()
        #expect(double.invocations == [2])  // the call stays
        let issues = TestDoubleIssueReporting.capture { _ = double(5) }
        #expect(issues.map(\.kind) == [.unmatchedCall])
    }

    @Test func argumentHistoryTakesTuplesApart() {
        let format = ClosureDouble<(Int, String), String>()
        format.whenAny().thenReturn("x")
        _ = format.invoke(2, "kg")
        _ = format.invoke(5, "m")
        let history = format.argumentHistory()
        #expect(history.count == 2)
        #expect(!history.isEmpty)
        #expect(history.map { (_: Int, unit: String) in unit } == ["kg", "m"])
        #expect(history.reduce(0) { (sum: Int, count: Int, _: String) in sum + count } == 7)
        var counts: [Int] = []
        history.forEach { (count: Int, _: String) in counts.append(count) }
        #expect(counts == [2, 5])
        // Element types that do not form the input yield nothing, not a wrong value.
        #expect(history.map { (count: Int) in count }.isEmpty)
    }

    @Test func invokeWithTheWrongShapeIsReported() {
        let format = ClosureDouble<(Int, String), String>()
        format.whenAny().thenReturn("x")
        var answer: String?
        let issues = TestDoubleIssueReporting.capture { answer = format.invoke(1, 2) }
        #expect(answer == "")
        #expect(issues.count == 1)
        #expect(format.invocations.isEmpty)
    }

    @Test func voidInputDoubleIsCalledWithoutArguments() {
        let clock = VoidClosureDouble<Int>()
        clock.whenAny().thenReturn(7)
        #expect(clock() == 7)
        #expect(clock.callCount == 1)
    }

    @Test func spiesForwardUnmatchedCalls() async throws {
        let double = ClosureSpy<Int, Int>(forwardingTo: { $0 * 2 })
        double.when(equal: 3).thenReturn(0)
        #expect(double.function(3) == 0)
        #expect(double.function(4) == 8)
        double.history.forwarded.verify()
        double.history.stubbed.verify()

        let fetch = AsyncThrowingClosureSpy<Int, String>(forwardingTo: { "live-\($0)" })
        fetch.when(equal: 1).thenThrow(LoadError.offline).thenForward()
        await #expect(throws: LoadError.offline) { try await fetch.function(1) }
        #expect(try await fetch.function(1) == "live-1")
        #expect(try await fetch.function(2) == "live-2")

        let parse = TypedThrowingClosureSpy<String, Int, LoadError>(forwardingTo: {
            (text: String) throws(LoadError) -> Int in
            guard let value = Int(text) else { throw .missing(0) }
            return value
        })
        #expect(try parse.function("12") == 12)
        #expect(throws: LoadError.missing(0)) { try parse.function("x") }
    }

    @Test func sendableAndMainActorFunctions() async throws {
        let render = MainActorClosureDouble<String, Int>()
        render.whenAny().then { $0.count }
        let onMain: @MainActor @Sendable (String) -> Int = render.mainActorFunction
        #expect(await onMain("four") == 4)

        let load = MainActorAsyncThrowingClosureDouble<Int, String>()
        load.whenAny().thenReturn("done")
        let loadOnMain: @MainActor @Sendable (Int) async throws -> String = load.mainActorFunction
        #expect(try await loadOnMain(1) == "done")

        let send = SendableAsyncClosureDouble<Int, Int>()
        send.whenAny().then { $0 + 1 }
        let sendable: @Sendable (Int) async -> Int = send.sendableFunction
        #expect(await sendable(1) == 2)
    }

    @Test func variadicDoublesRecordOneArrayPerCall() async throws {
        let sum = VariadicClosureDouble<Int, Int>()
        sum.whenAny().then { $0.reduce(0, +) }
        let add: (Int...) -> Int = sum.variadicFunction()
        #expect(add(1, 2, 3) == 6)
        #expect(sum.invokeVariadic(4, 5) == 9)
        #expect(sum.invocations == [[1, 2, 3], [4, 5]])

        let join = VariadicAsyncThrowingClosureDouble<String, String>()
        join.whenAny().then { (parts: [String]) in parts.joined(separator: "-") }
        let joined: (String...) async throws -> String = join.variadicFunction()
        #expect(try await joined("a", "b") == "a-b")
    }

    @Test func parameterPackDoublesNameTheirArguments() async throws {
        let label = ParameterPackClosureDouble<Int, String, String>()
        label.whenAny().thenArguments { (count: Int, unit: String) in "\(count) \(unit)" }
        let function: (Int, String) -> String = label.expandedFunction()
        #expect(function(2, "kg") == "2 kg")
        #expect(label.invoke(3, "m") == "3 m")

        let fetch = ParameterPackAsyncThrowingClosureDouble<Int, Bool, String>()
        fetch.whenAny().thenReturn("ok")
        let fetching: (Int, Bool) async throws -> String = fetch.expandedFunction()
        #expect(try await fetching(1, true) == "ok")
    }
}

@Suite struct ClosureCallPatternRepetitionTests {
    @Test func timesFormsLimitHandlersAndNamedPatternTypes() throws {
        let double = ThrowingClosureDouble<Int, Int>()
        let pattern: ThrowingClosureCallPattern<Int, Int> = double.whenAny()
        pattern.then(times: 2) { $0 * 10 }.thenReturn(0)
        #expect(try double(1) == 10)
        #expect(try double(2) == 20)
        #expect(try double(3) == 0)
        #expect(pattern.wasCalled)
        #expect(pattern.callCount == 3)

        let log = ClosureDouble<String, Void>()
        log.whenAny().thenDoNothing(times: 1)
        log("a")
        let issues = TestDoubleIssueReporting.capture { log("b") }
        #expect(issues.map(\.kind) == [.unmatchedCall])
    }
}
