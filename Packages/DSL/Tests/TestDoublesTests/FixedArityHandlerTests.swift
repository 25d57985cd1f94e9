import TestDoubles
import Testing

/// Requirements whose non-escaping closure parameter comes with others.
protocol BatchRunner {
    func run(_ count: Int, _ body: (Int) -> Void)
    func span(from start: Int, to end: Int, _ body: (Int) -> Void) -> Int
    func visit(_ id: Int, _ body: (Int) async -> Void) async
    func label(_ id: Int, _ name: String) -> String
}

struct LiveBatchRunner: BatchRunner {
    func run(_ count: Int, _ body: (Int) -> Void) { body(count) }
    func span(from start: Int, to end: Int, _ body: (Int) -> Void) -> Int { end - start }
    func visit(_ id: Int, _ body: (Int) async -> Void) async { await body(id) }
    func label(_ id: Int, _ name: String) -> String { name }
}

/// `then` handlers that take a non-escaping closure AND other parameters,
/// written as a user writes them: without `@escaping` in the closure
/// literal. Before, only a one-parameter handler compiled that way (the
/// variadic `then` form's pack cannot hold a non-escaping function type);
/// the two- and three-parameter forms now take them.
@Suite struct FixedArityHandlerTests {
    @Test func aTwoParameterHandlerCallsTheClosureItReceives() throws {
        let stub = try Stub<any BatchRunner>()
        stub.when { $0.run(Match.any(), Match.any()) }.then { (x: Int, body: (Int) -> Void) in body(x) }
        var seen: [Int] = []
        stub().run(4) { seen.append($0) }
        #expect(seen == [4])
    }

    @Test func aThreeParameterHandlerAndTimes() throws {
        let stub = try Stub<any BatchRunner>()
        stub.when { $0.span(from: Match.any(), to: Match.any(), Match.any()) }
            .then(times: 1) { (start: Int, end: Int, body: (Int) -> Void) in
                for value in start..<end { body(value) }
                return end - start
            }
            .then { (_: Int, _: Int, body: (Int) -> Void) in
                body(-1)
                return 0
            }
        var seen: [Int] = []
        #expect(stub().span(from: 2, to: 5) { seen.append($0) } == 3)
        #expect(stub().span(from: 2, to: 5) { seen.append($0) } == 0)
        #expect(seen == [2, 3, 4, -1])
    }

    @Test func anAsyncTwoParameterHandlerAwaitsTheClosure() async throws {
        let stub = try Stub<any BatchRunner>()
        await stub.when { await $0.visit(Match.any(), Match.any()) }
            .then { (id: Int, body: (Int) async -> Void) async in await body(id * 2) }
        let seen = Box()
        await stub().visit(21) { await seen.add($0) }
        #expect(await seen.values == [42])
    }

    @Test func plainTwoParameterHandlersStillResolve() throws {
        let stub = try Stub<any BatchRunner>()
        stub.when { $0.label(Match.any(), Match.any()) }.then { (id: Int, name: String) in "\(name)#\(id)" }
        #expect(stub().label(7, "a") == "a#7")
    }
}

private actor Box {
    var values: [Int] = []
    func add(_ value: Int) { values.append(value) }
}
