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
