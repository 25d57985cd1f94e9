import Synchronization
import TestDoubles
import Testing

// `@autoclosure` arguments (issue 19): a matcher written inside one is collected without evaluating
// later calls' arguments (`Match.any()`), and handlers receive the autoclosure unevaluated.

protocol Evaluating {
    func evaluate(_ value: @autoclosure @escaping @Sendable () -> Int) -> Int
    func check(_ condition: @autoclosure () -> Bool, _ message: String) -> Bool
    func later(_ value: @autoclosure @escaping @Sendable () -> String) async throws -> String
}

struct LiveEvaluating: Evaluating {
    func evaluate(_ value: @autoclosure @escaping @Sendable () -> Int) -> Int { value() + 1 }
    func check(_ condition: @autoclosure () -> Bool, _ message: String) -> Bool { condition() }
    func later(_ value: @autoclosure @escaping @Sendable () -> String) async throws -> String { value() + "?" }
}

/// Counts how often an argument expression was evaluated.
private final class Evaluations: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func next(_ result: Int) -> Int {
        count.add(1, ordering: .relaxed)
        return result
    }
}

@Suite struct AutoclosureShapeTests {
    @Test func matchAnyMatchesWithoutEvaluating() throws {
        let stub = try Stub<any Evaluating>()
        stub.when { $0.evaluate(Match.any()) }.thenReturn(5)
        stub.when { $0.check(Match.any(), Match.equal("ok")) }.thenReturn(true)
        let evaluations = Evaluations()
        let sut = stub()
        // Outside #expect, which evaluates the arguments of the call it checks to print them.
        let evaluated = sut.evaluate(evaluations.next(1))
        let checked = sut.check(evaluations.next(0) == 1, "ok")
        #expect(evaluated == 5)
        #expect(checked)
        #expect(evaluations.value == 0)
        stub.verify(.exactly(1)) { $0.evaluate(Match.any()) }
        #expect(evaluations.value == 0)
    }

    @Test func aHandlerReceivesTheAutoclosureUnevaluated() async throws {
        let stub = try Stub<any Evaluating>()
        stub.when { $0.evaluate(Match.any()) }.then { (value: @escaping @Sendable () -> Int) in value() * 10 }
        await stub.when { try await $0.later(Match.any()) }.then { (value: @escaping @Sendable () -> String) in
            value() + "!"
        }
        let evaluations = Evaluations()
        let sut = stub()
        let evaluated = sut.evaluate(evaluations.next(4))
        #expect(evaluated == 40)
        #expect(evaluations.value == 1)
        #expect(try await sut.later("now") == "now!")
    }

    @Test func otherMatchersAndLiteralsTestTheEvaluatedValue() throws {
        let stub = try Stub<any Evaluating>()
        stub.when { $0.evaluate(Match.equal(3)) }.thenReturn(30)
        stub.when { $0.check(true, "literal") }.thenReturn(true)
        let evaluations = Evaluations()
        let sut = stub()
        let evaluated = sut.evaluate(evaluations.next(3))
        #expect(evaluated == 30)
        // Equality needs the value: the argument was evaluated once, to match it.
        #expect(evaluations.value == 1)
        #expect(sut.check(1 + 1 == 2, "literal"))
    }

    @Test func aSpyForwardsTheAutoclosure() async throws {
        let spy = try Spy<any Evaluating>(forwardingTo: LiveEvaluating())
        let evaluations = Evaluations()
        let sut = spy()
        let evaluated = sut.evaluate(evaluations.next(6))
        #expect(evaluated == 7)
        #expect(evaluations.value == 1)
        #expect(sut.check(true, "x"))
        #expect(try await sut.later("a") == "a?")
        spy.verify(.exactly(1)) { $0.evaluate(Match.any()) }
    }
}
