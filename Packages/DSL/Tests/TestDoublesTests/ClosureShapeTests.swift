import TestDoubles
import Testing

protocol Formatting {
    func each(_ count: Int, _ body: (Int) -> Void)
    func check(_ predicate: @escaping (Int, String) -> Bool) -> Bool
    func formatter(prefix: String) -> (Int) -> String
    func compute(_ transform: (Double) throws -> Double) rethrows -> Double
}

struct LiveFormatting: Formatting {
    func each(_ count: Int, _ body: (Int) -> Void) { (0..<count).forEach(body) }
    func check(_ predicate: @escaping (Int, String) -> Bool) -> Bool { predicate(0, "") }
    func formatter(prefix: String) -> (Int) -> String { { prefix + String($0) } }
    func compute(_ transform: (Double) throws -> Double) rethrows -> Double { try transform(1) }
}

@Suite struct ClosureShapeTests {
    @Test func nonEscapingClosureIsCallableInsideTheHandler() throws {
        let stub = try Stub<any Formatting>()
        let calls = stub.when { $0.each(Match.any(), Match.any(using: { (_: Int) in })) }
        calls.then { (count: Int, body: @escaping (Int) -> Void) in
            for index in 0..<count { body(index * 10) }
        }
        var seen: [Int] = []
        stub().each(3) { seen.append($0) }
        #expect(seen == [0, 10, 20])
        let counts: [Int] = stub.recorder.invocations.compactMap { $0.arguments.first as? Int }
        #expect(counts == [3])
    }

    @Test func escapingClosureWithTwoParameters() throws {
        let stub = try Stub<any Formatting>()
        let checks = stub.when { $0.check(Match.any(using: { _, _ in false })) }
        checks.then { (predicate: @escaping (Int, String) -> Bool) in predicate(4, "four") }
        #expect(stub().check { $0 == 4 && $1 == "four" })
        #expect(!stub().check { _, _ in false })
        let recorded: [(Int, String) -> Bool] = checks.arguments()
        #expect(recorded.count == 2)
        #expect(recorded.first?(4, "four") == true)
    }

    @Test func closureResult() throws {
        let stub = try Stub<any Formatting>()
        let formatters = stub.when(returning: { (_: Int) in "" }) { $0.formatter(prefix: Match.any()) }
        formatters.then { (prefix: String) in { (value: Int) in "\(prefix)\(value)" } }
        let format = stub().formatter(prefix: "#")
        #expect(format(7) == "#7")
        #expect(formatters.arguments() == ["#"])
    }

    @Test func throwingClosureArgument() throws {
        let stub = try Stub<any Formatting>()
        struct Failure: Error {}
        let computes = stub.when { try $0.compute(Match.any(using: { $0 })) }
        computes.then { (transform: @escaping (Double) throws -> Double) in try transform(2.5) }
        #expect(try stub().compute { $0 * 2 } == 5)
        #expect(throws: Failure.self) { try stub().compute { _ in throw Failure() } }
    }
}
