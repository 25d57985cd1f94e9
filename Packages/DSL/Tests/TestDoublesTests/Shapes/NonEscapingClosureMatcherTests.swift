import TestDoubles
import Testing

/// A store whose queries take non-escaping closures, as app repositories write them.
protocol PredicateStore {
    func count(where predicate: (Int) -> Bool) -> Int
    func first(where predicate: @Sendable (String) -> Bool) async -> String?
    func map(_ transform: (Int, String) throws -> String) rethrows -> [String]
    func reduce(_ next: (Int) throws(ReduceFailure) -> Int) throws(ReduceFailure) -> Int
    func load(_ decode: (Int) async throws -> String) async throws -> String
}

struct ReduceFailure: Error, Equatable { var step: Int }

struct LivePredicateStore: PredicateStore {
    func count(where predicate: (Int) -> Bool) -> Int { [1, 2, 3].filter(predicate).count }
    func first(where predicate: @Sendable (String) -> Bool) async -> String? { ["a"].first(where: predicate) }
    func map(_ transform: (Int, String) throws -> String) rethrows -> [String] { [try transform(1, "a")] }
    func reduce(_ next: (Int) throws(ReduceFailure) -> Int) throws(ReduceFailure) -> Int { try next(0) }
    func load(_ decode: (Int) async throws -> String) async throws -> String { try await decode(0) }
}

/// `Match.any()` written for a non-escaping closure parameter (Swift refuses
/// the generic `any<T>()` there) records the matcher, and the handler
/// receives the caller's closure.
@Suite struct NonEscapingClosureMatcherTests {
    @Test func aBareMatcherStandsForANonEscapingClosure() throws {
        let stub = try Stub<any PredicateStore>()
        stub.when { $0.count(where: Match.any()) }.then { (predicate: (Int) -> Bool) in
            (1...10).filter(predicate).count
        }
        #expect(stub().count { $0.isMultiple(of: 2) } == 5)
        #expect(stub().count { $0 > 7 } == 3)
        stub.verify(.exactly(2)) { $0.count(where: Match.any()) }
    }

    @Test func sendableAsyncAndThrowingForms() async throws {
        let stub = try Stub<any PredicateStore>()
        await stub.when { await $0.first(where: Match.any()) }.then { (predicate: @Sendable (String) -> Bool) in
            ["apple", "banana"].first(where: predicate)
        }
        stub.when { try $0.map(Match.any()) }.then { (transform: (Int, String) throws -> String) in
            try [transform(1, "x"), transform(2, "y")]
        }
        await stub.when { try await $0.load(Match.any()) }.thenReturn("loaded")
        let store = stub()
        #expect(await store.first { $0.hasPrefix("b") } == "banana")
        #expect(try store.map { "\($1)\($0)" } == ["x1", "y2"])
        #expect(try await store.load { _ in "ignored" } == "loaded")
        await stub.verify { try await $0.load(Match.any()) }
    }

    @Test func typedThrowingClosureKeepsItsError() throws {
        let stub = try Stub<any PredicateStore>()
        stub.when { try $0.reduce(Match.any()) }.then {
            (next: (Int) throws(ReduceFailure) -> Int) throws(ReduceFailure) in
            try next(try next(1))
        }
        #expect(try stub().reduce { $0 * 10 } == 100)
        #expect(throws: ReduceFailure(step: 1)) {
            try stub().reduce { (value: Int) throws(ReduceFailure) -> Int in throw ReduceFailure(step: value) }
        }
    }
}
