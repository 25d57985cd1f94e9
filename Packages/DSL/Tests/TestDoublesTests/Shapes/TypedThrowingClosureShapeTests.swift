import TestDoubles
import Testing

/// A one-word error: Swift 6.3 returns it in the result registers, 6.0 through the caller's buffer.
struct ParseFailure: Error, Equatable {
    var line: Int
}

/// An error too large for the result registers: always through the caller's buffer.
struct WideFailure: Error, Equatable {
    var a: Int
    var b: Int
    var c: Int
    var d: Int
    var e: String
}

/// An error with a floating-point part: never shares the result registers.
struct RatioFailure: Error, Equatable {
    var ratio: Double
}

/// A zero-sized error: only the thrown flag travels.
struct EmptyFailure: Error, Equatable {}

/// Typed-throwing closures as requirement arguments and results, as real protocols use them.
protocol TypedRetrier {
    func retry(_ attempt: @escaping (Int) throws(ParseFailure) -> Int) -> Int
    func load(_ body: @escaping (String, Int) throws(WideFailure) -> String) throws(WideFailure) -> String
    func measure(_ body: @escaping @Sendable () throws(RatioFailure) -> Double) -> Double
    func check(_ body: @escaping (Int) throws(EmptyFailure) -> Void) -> Bool
    func makeParser() -> (String) throws(ParseFailure) -> Int
    func makeLoader(named name: String) -> @Sendable (Int, Int) throws(WideFailure) -> String
    func makeOptional() -> ((Int) throws(EmptyFailure) -> Int)?
    var validator: (String) throws(ParseFailure) -> Bool { get set }
}

final class LiveTypedRetrier: TypedRetrier, @unchecked Sendable {
    var validator: (String) throws(ParseFailure) -> Bool = { !$0.isEmpty }
    func retry(_ attempt: @escaping (Int) throws(ParseFailure) -> Int) -> Int {
        do { return try attempt(3) } catch { return -error.line }
    }
    func load(_ body: @escaping (String, Int) throws(WideFailure) -> String) throws(WideFailure) -> String {
        try body("live", 1)
    }
    func measure(_ body: @escaping @Sendable () throws(RatioFailure) -> Double) -> Double {
        do { return try body() } catch { return -error.ratio }
    }
    func check(_ body: @escaping (Int) throws(EmptyFailure) -> Void) -> Bool { (try? body(0)) != nil }
    func makeParser() -> (String) throws(ParseFailure) -> Int {
        { text throws(ParseFailure) in
            guard let value = Int(text) else { throw ParseFailure(line: text.count) }
            return value
        }
    }
    func makeLoader(named name: String) -> @Sendable (Int, Int) throws(WideFailure) -> String {
        { a, b throws(WideFailure) in
            guard a <= b else { throw WideFailure(a: a, b: b, c: 0, d: 0, e: name) }
            return "\(name)\(a)-\(b)"
        }
    }
    func makeOptional() -> ((Int) throws(EmptyFailure) -> Int)? { nil }
}

/// A loader that fails when its bounds are reversed, naming itself.
func makeWideLoader(_ name: String) -> @Sendable (Int, Int) throws(WideFailure) -> String {
    { a, b throws(WideFailure) in
        guard a < b else { throw WideFailure(a: a, b: b, c: 1, d: 2, e: name) }
        return name + "\(a + b)"
    }
}

@Suite struct TypedThrowingClosureShapeTests {
    @Test func aHandlerCallsATypedThrowingArgumentAndCatchesItsError() throws {
        let stub = try Stub<any TypedRetrier>()
        let retries = stub.when { $0.retry(Match.any()) }
        // Swift 6.3.1 cannot compile a typed-throwing function type inside a parameter pack ("reabstraction of
        // pack values"), so handlers take such a closure as Any and cast it, and tests read it from invocations.
        retries.then { (attempt: Any) in
            guard let attempt = attempt as? (Int) throws(ParseFailure) -> Int else { return -1 }
            do throws(ParseFailure) { return try attempt(5) * 10 } catch { return error.line }
        }
        let retrier = stub()
        #expect(retrier.retry { $0 + 1 } == 60)
        #expect(retrier.retry { (n) throws(ParseFailure) in throw ParseFailure(line: n + 100) } == 105)
        // arguments() hands back the closures, still callable with their typed error.
        let kept = retries.invocations.compactMap { $0.arguments.first as? (Int) throws(ParseFailure) -> Int }
        #expect(kept.count == 2)
        #expect(try kept[0](1) == 2)
        #expect(throws: ParseFailure(line: 107)) { try kept[1](7) }
    }

    @Test func aWideErrorTravelsThroughTheCallersBuffer() throws {
        let stub = try Stub<any TypedRetrier>()
        stub.when { try $0.load(Match.any()) }.then { (body: Any) throws in
            guard let body = body as? (String, Int) throws(WideFailure) -> String else { return "" }
            return try body("stub", 2) + "!"
        }
        let retrier = stub()
        #expect(try retrier.load { "\($0):\($1)" } == "stub:2!")
        let failure = WideFailure(a: 1, b: 2, c: 3, d: 4, e: "wide")
        #expect(throws: failure) { try retrier.load { _, _ throws(WideFailure) in throw failure } }
    }

    @Test func floatingPointAndEmptyErrors() throws {
        let stub = try Stub<any TypedRetrier>()
        stub.when { $0.measure(Match.any()) }.then { (body: Any) in
            guard let body = body as? @Sendable () throws(RatioFailure) -> Double else { return -1 }
            do throws(RatioFailure) { return try body() } catch { return error.ratio * 2 }
        }
        stub.when { $0.check(Match.any()) }.then { (body: Any) in
            guard let body = body as? (Int) throws(EmptyFailure) -> Void else { return false }
            return (try? body(4)) != nil
        }
        let retrier = stub()
        #expect(retrier.measure { 1.5 } == 1.5)
        #expect(retrier.measure { () throws(RatioFailure) in throw RatioFailure(ratio: 0.25) } == 0.5)
        #expect(retrier.check { _ in } == true)
        #expect(retrier.check { (n) throws(EmptyFailure) in if n == 4 { throw EmptyFailure() } } == false)
    }

    @Test func aStubbedTypedThrowingResultReturnsAndThrows() throws {
        let stub = try Stub<any TypedRetrier>()
        let parser: (String) throws(ParseFailure) -> Int = { text throws(ParseFailure) in
            guard text != "bad" else { throw ParseFailure(line: 77) }
            return text.count
        }
        stub.when { $0.makeParser() }.thenReturn(parser)
        let loaders = stub.when { $0.makeLoader(named: Match.any()) }
        loaders.then { (name: String) in makeWideLoader(name) }
        let doubler: (Int) throws(EmptyFailure) -> Int = { n throws(EmptyFailure) in
            guard n > 0 else { throw EmptyFailure() }
            return n * 2
        }
        stub.when { $0.makeOptional() }.thenReturn(doubler)
        let retrier = stub()
        let parse = retrier.makeParser()
        #expect(try parse("four") == 4)
        #expect(throws: ParseFailure(line: 77)) { try parse("bad") }
        let loader = retrier.makeLoader(named: "x")
        #expect(try loader(1, 2) == "x3")
        #expect(throws: WideFailure(a: 5, b: 2, c: 1, d: 2, e: "x")) { try loader(5, 2) }
        let optional = try #require(retrier.makeOptional())
        #expect(try optional(4) == 8)
        #expect(throws: EmptyFailure()) { try optional(0) }
    }

    @Test func aTypedThrowingPropertyGetsAndSets() throws {
        let stub = try Stub<any TypedRetrier>()
        let validator: (String) throws(ParseFailure) -> Bool = { text throws(ParseFailure) in
            guard !text.isEmpty else { throw ParseFailure(line: 0) }
            return text.hasPrefix("ok")
        }
        stub.when { $0.validator }.thenReturn(validator)
        let sets = stub.whenSet { $0.validator = Match.any() }
        sets.thenDoNothing()
        var retrier = stub()
        #expect(try retrier.validator("okay") == true)
        #expect(throws: ParseFailure(line: 0)) { try retrier.validator("") }
        retrier.validator = { (text: String) throws(ParseFailure) -> Bool in throw ParseFailure(line: text.count) }
        let stored = sets.invocations.compactMap { $0.arguments.first as? (String) throws(ParseFailure) -> Bool }
        #expect(throws: ParseFailure(line: 3)) { try stored.first?("abc") }
    }

    @Test func aSpyForwardsTypedThrowingClosuresBothWays() throws {
        let real = LiveTypedRetrier()
        let spy = try Spy<any TypedRetrier>(forwardingTo: real)
        var retrier = spy()
        #expect(retrier.retry { $0 * 2 } == 6)
        #expect(retrier.retry { (n) throws(ParseFailure) in throw ParseFailure(line: n) } == -3)
        #expect(try retrier.load { "\($0)\($1)" } == "live1")
        let parse = retrier.makeParser()
        #expect(try parse("12") == 12)
        #expect(throws: ParseFailure(line: 2)) { try parse("ab") }
        let loader = retrier.makeLoader(named: "n")
        #expect(throws: WideFailure(a: 3, b: 1, c: 0, d: 0, e: "n")) { try loader(3, 1) }
        retrier.validator = { (text: String) throws(ParseFailure) -> Bool in throw ParseFailure(line: -text.count) }
        #expect(throws: ParseFailure(line: -2)) { try real.validator("ab") }
        spy.verify(.exactly(2)) { $0.retry(Match.any()) }
    }
}
