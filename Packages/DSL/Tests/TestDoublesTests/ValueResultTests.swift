import TestDoubles
import Testing

/// A struct of five words: returned indirectly.
struct ValueResultRecord: Equatable, Sendable {
    var id: Int
    var name: String
    var score: Double
    var owner: ValueResultOwner
}

/// A reference a returned struct holds: its lifetime shows every copy was retained once.
final class ValueResultOwner: Equatable, Sendable {
    let label: String
    init(label: String) { self.label = label }
    static func == (lhs: ValueResultOwner, rhs: ValueResultOwner) -> Bool { lhs === rhs }
}

/// A floating-point word and an integer word: returned in one vector and one general-purpose register.
struct ValueResultMixed: Equatable, Sendable {
    var ratio: Double
    var count: Int
}

enum ValueResultState: Equatable, Sendable {
    case idle
    case loaded(String)
}

protocol ValueResultShape {}
struct ValueResultSquare: ValueResultShape, Equatable { var side: Int }

protocol ValueResults {
    func title(_ id: Int) -> String
    func titled(_ name: String) -> String
    func record(_ id: Int) -> ValueResultRecord
    func vector(_ seed: Int) -> SIMD4<Float>
    func mixed(_ seed: Int) -> ValueResultMixed
    func nickname(_ id: Int) -> String?
    func state(_ id: Int) -> ValueResultState
    func list(_ id: Int) -> [Int]
    func shape(_ id: Int) -> any ValueResultShape
}

struct LiveValueResults: ValueResults {
    func title(_ id: Int) -> String { "live" }
    func titled(_ name: String) -> String { name }
    func record(_ id: Int) -> ValueResultRecord {
        ValueResultRecord(id: id, name: "live", score: 0, owner: ValueResultOwner(label: "live"))
    }
    func vector(_ seed: Int) -> SIMD4<Float> { .zero }
    func mixed(_ seed: Int) -> ValueResultMixed { ValueResultMixed(ratio: 0, count: 0) }
    func nickname(_ id: Int) -> String? { nil }
    func state(_ id: Int) -> ValueResultState { .idle }
    func list(_ id: Int) -> [Int] { [] }
    func shape(_ id: Int) -> any ValueResultShape { ValueResultSquare(side: 0) }
}

/// A configured value that is not a scalar (a `String`, a struct returned
/// indirectly, a vector, a struct split across register files, an optional,
/// an enum with a payload, an array, an existential) is answered with a copy
/// of exactly that value on every call, however it is returned, and each
/// call is recorded with its completion.
@Suite struct ValueResultTests {
    @Test func everyKindOfConfiguredValueComesBackExactlyOnEveryCall() throws {
        let owner = ValueResultOwner(label: "configured")
        let record = ValueResultRecord(id: 7, name: "a name longer than fifteen bytes", score: 2.5, owner: owner)
        let stub = try Stub<any ValueResults>()
        stub.when { $0.title(Match.any()) }.thenReturn("a title longer than fifteen bytes")
        stub.when { $0.titled(Match.any()) }.thenReturn("short")
        stub.when { $0.record(Match.any()) }.thenReturn(record)
        stub.when { $0.vector(Match.any()) }.thenReturn(SIMD4<Float>(1.5, -2, 3.25, 4))
        stub.when { $0.mixed(Match.any()) }.thenReturn(ValueResultMixed(ratio: 0.125, count: -9))
        stub.when { $0.nickname(1) }.thenReturn("nick")
        stub.when { $0.nickname(2) }.thenReturn(nil)
        stub.when { $0.state(Match.any()) }.thenReturn(.loaded("ready"))
        stub.when { $0.list(Match.any()) }.thenReturn([3, 1, 4, 1, 5])
        stub.when(returning: ValueResultSquare(side: 0) as any ValueResultShape) { $0.shape(Match.any()) }
            .thenReturn(ValueResultSquare(side: 6))
        let results = stub()
        for index in 0..<200 {
            #expect(results.title(index) == "a title longer than fifteen bytes")
            #expect(results.titled("name \(index)") == "short")
            #expect(results.record(index) == record)
            #expect(results.vector(index) == SIMD4<Float>(1.5, -2, 3.25, 4))
            #expect(results.mixed(index) == ValueResultMixed(ratio: 0.125, count: -9))
            #expect(results.nickname(1) == "nick")
            #expect(results.nickname(2) == nil)
            #expect(results.state(index) == .loaded("ready"))
            #expect(results.list(index) == [3, 1, 4, 1, 5])
            #expect(results.shape(index) as? ValueResultSquare == ValueResultSquare(side: 6))
        }
        stub.verify(.exactly(200)) { $0.record(Match.any()) }
        stub.verify(.exactly(200)) { $0.titled(Match.any()) }
    }

    @Test func eachReturnedStructHoldsOneReferenceOfItsOwn() throws {
        let owner = ValueResultOwner(label: "held")
        let stub = try Stub<any ValueResults>()
        stub.when { $0.record(Match.any()) }.thenReturn(ValueResultRecord(id: 1, name: "kept", score: 1, owner: owner))
        let results = stub()
        _ = results.record(0)
        // Whatever the configuration and the ledger hold, each result the caller keeps adds exactly one reference,
        // and dropping it takes exactly that one away: no copy is retained twice or released early.
        let before = _getRetainCount(owner)
        var received: [ValueResultRecord] = []
        for index in 0..<1_000 { received.append(results.record(index)) }
        #expect(received.allSatisfy { $0.owner === owner && $0.name == "kept" })
        let recorded = _getRetainCount(owner)
        received.removeAll()
        let after = _getRetainCount(owner)
        // (The ledger's completions share the configured value's box: they add none to the owner.)
        #expect(recorded - before == 1_000)
        #expect(after == before)
    }

    @Test func aChainOfValuesAnswersEachCallOnceAndRecordsWhatItReturned() throws {
        let stub = try Stub<any ValueResults>()
        let titles = stub.when { $0.title(Match.any()) }
        titles.thenReturn("first", times: 1).thenReturn("second")
        let results = stub()
        #expect([results.title(1), results.title(2), results.title(3)] == ["first", "second", "second"])
        #expect(titles.results() == ["first", "second", "second"])
    }
}

enum AsyncValueResultError: Error, Equatable {
    case missing
}

protocol AsyncValueResults: Sendable {
    func greet(_ name: String) async -> String
    func profile(_ name: String, _ score: Double) async throws -> ValueResultRecord
    func count(_ names: [String]) async -> Int
    func record(_ id: Int) async -> ValueResultRecord
    func mixed(_ name: String) async -> ValueResultMixed
    func vector(_ seed: Int) async -> SIMD4<Float>
}

struct LiveAsyncValueResults: AsyncValueResults {
    func greet(_ name: String) async -> String { name }
    func profile(_ name: String, _ score: Double) async throws -> ValueResultRecord {
        ValueResultRecord(id: 0, name: name, score: score, owner: ValueResultOwner(label: "live"))
    }
    func count(_ names: [String]) async -> Int { names.count }
    func record(_ id: Int) async -> ValueResultRecord {
        ValueResultRecord(id: id, name: "live", score: 0, owner: ValueResultOwner(label: "live"))
    }
    func mixed(_ name: String) async -> ValueResultMixed { ValueResultMixed(ratio: 0, count: 0) }
    func vector(_ seed: Int) async -> SIMD4<Float> { .zero }
}

/// An async call whose arguments are boxed (a `String`, an array) and whose
/// answer is a configured value is answered before it suspends: the same
/// answers, records and verifications as a call that suspends; handlers and
/// errors still take the suspending path.
@Suite struct AsyncValueResultTests {
    @Test func configuredValuesAnswerAsyncCallsWithBoxedArguments() async throws {
        let owner = ValueResultOwner(label: "async")
        let record = ValueResultRecord(id: 3, name: "a name longer than fifteen bytes", score: 9.5, owner: owner)
        let stub = try Stub<any AsyncValueResults>()
        let greetings = await stub.when { await $0.greet(Match.any()) }
        greetings.thenReturn("hello, first", times: 1).thenReturn("hello again")
        await stub.when { try await $0.profile(Match.any(), Match.any()) }.thenReturn(record)
        await stub.when { await $0.count(Match.any()) }.thenReturn(42)
        let records = await stub.when { await $0.record(Match.any()) }
        records.thenReturn(record)
        let service = stub()
        await stub.when { await $0.mixed(Match.any()) }.thenReturn(ValueResultMixed(ratio: -0.75, count: 12))
        await stub.when { await $0.vector(Match.any()) }.thenReturn(SIMD4<Float>(4, 3, -2, 0.5))
        for id in 0..<100 {
            #expect(await service.record(id) == record)
            #expect(await service.mixed("caller \(id)") == ValueResultMixed(ratio: -0.75, count: 12))
            #expect(await service.vector(id) == SIMD4<Float>(4, 3, -2, 0.5))
        }
        #expect(records.arguments() == Array(0..<100))
        #expect(await service.greet("ann") == "hello, first")
        #expect(await service.greet("bob") == "hello again")
        #expect(try await service.profile("cy", 1.5) == record)
        #expect(await service.count(["a", "b"]) == 42)
        #expect(greetings.arguments() == ["ann", "bob"])
        #expect(greetings.results() == ["hello, first", "hello again"])
        await stub.verify(.exactly(1)) { try await $0.profile(Match.equal("cy"), Match.equal(1.5)) }
        await stub.verify(.exactly(1)) { await $0.count(Match.equal(["a", "b"])) }
    }

    @Test func handlersAndErrorsStillAnswerAfterTheCallSuspends() async throws {
        let stub = try Stub<any AsyncValueResults>()
        await stub.when { await $0.greet(Match.any()) }.then { (name: String) in "handled \(name)" }
        await stub.when { try await $0.profile(Match.any(), Match.any()) }.thenThrow(AsyncValueResultError.missing)
        await stub.when { await $0.count(Match.any()) }.then { (names: [String]) async in names.count * 10 }
        let service = stub()
        #expect(await service.greet("dee") == "handled dee")
        await #expect(throws: AsyncValueResultError.missing) { try await service.profile("eve", 2) }
        #expect(await service.count(["x", "y", "z"]) == 30)
    }

    @Test func aDelayOnTheImmediateClockAnswersAndRecordsAsTheDelayedAnswerDoes() async throws {
        let owner = ValueResultOwner(label: "delayed")
        let record = ValueResultRecord(id: 8, name: "a name longer than fifteen bytes", score: 1.25, owner: owner)
        let stub = try Stub<any AsyncValueResults>()
        // Arguments read as scalars (`record`), decoded on the stack (`greet`, `count`).
        let records = await stub.when { await $0.record(Match.any()) }
        records.thenReturn(record, after: .seconds(3600), using: StubClocks.immediate)
        let greetings = await stub.when { await $0.greet(Match.any()) }
        greetings.thenReturn("first", times: 1)
        greetings.thenReturn("late", after: .seconds(3600), using: StubClocks.immediate)
        let counts = await stub.when { await $0.count(Match.any()) }
        counts.thenReturn(7, after: .seconds(3600), using: StubClocks.immediate)
        let service = stub()
        for id in 0..<3 { #expect(await service.record(id) == record) }
        #expect(await service.greet("ann") == "first")
        #expect(await service.greet("bob") == "late")
        #expect(await service.greet("cy") == "late")
        #expect(await service.count(["a", "b"]) == 7)
        // Recorded as the suspending path records a delayed answer: arrived suspended, then completed.
        #expect(records.invocations.map(\.outcome) == [.suspended, .suspended, .suspended])
        #expect(greetings.invocations.map(\.outcome) == [.returned, .suspended, .suspended])
        #expect(counts.invocations.map(\.outcome) == [.suspended])
        #expect(records.arguments() == [0, 1, 2])
        #expect(greetings.results() == ["first", "late", "late"])
        #expect(counts.results() == [7])
        let events = stub.interactionTimeline().events
        #expect(events.count == 7)
        // Each delayed answer completed after its arrival; "first", a plain value given in the hold that
        // recorded the call, finished as it arrived.
        let completedAfterArrival = events.map { event in event.completionSequence.map { $0 > event.id } }
        #expect(completedAfterArrival == [true, true, true, false, true, true, true])
        #expect(events.allSatisfy { event in event.completionSequence.map { $0 >= event.id } ?? false })
        await stub.verify(.exactly(3)) { await $0.greet(Match.any()) }
    }

    @Test func aCancelledTasksDelayOnTheImmediateClockIsAnsweredAsItsSleepDecides() async throws {
        let record = ValueResultRecord(id: 9, name: "short", score: 2, owner: ValueResultOwner(label: "x"))
        let stub = try Stub<any AsyncValueResults>()
        await stub.when { try await $0.profile(Match.any(), Match.any()) }
            .thenReturn(record, after: .seconds(1), using: StubClocks.immediate)
        await stub.when { await $0.record(Match.any()) }
            .thenReturn(record, after: .seconds(1), using: StubClocks.immediate)
        let service = stub()
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            // The sleep throws `CancellationError`: a throwing requirement throws it, another answers.
            let thrown: (any Error)?
            do {
                _ = try await service.profile("eve", 1)
                thrown = nil
            } catch {
                thrown = error
            }
            return (thrown is CancellationError, await service.record(4))
        }
        let (threwCancellation, answered) = await cancelled.value
        #expect(threwCancellation)
        #expect(answered == record)
        #expect(try await service.profile("fay", 2) == record)
    }

    @Test func concurrentAsyncCallsAreEachAnsweredAndRecordedOnce() async throws {
        let stub = try Stub<any AsyncValueResults>()
        await stub.when { await $0.greet(Match.any()) }.thenReturn("hi")
        let service = stub()
        let answers = await withTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var answers: [String] = []
                    for call in 0..<100 { answers.append(await service.greet("caller \(task) call \(call)")) }
                    return answers
                }
            }
            var all: [String] = []
            for await answers in group { all += answers }
            return all
        }
        #expect(answers.count == 800)
        #expect(answers.allSatisfy { $0 == "hi" })
        await stub.verify(.exactly(800)) { await $0.greet(Match.any()) }
        await stub.verify(.exactly(1)) { await $0.greet(Match.equal("caller 7 call 99")) }
    }
}
