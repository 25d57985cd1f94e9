import TestDoubles
import Testing

// Tuple RESULTS holding elements passed by address. Swift returns each such element (an `any P`, a
// resilient `ContinuousClock.Instant`) through a result address of its own, which the caller passes as a
// leading argument, and the other elements, laid out as a tuple of their own, in the result registers:
// `(Int, any P, String, any P)` takes two addresses and answers `{i64, i64, ptr}`. Every test checks
// each element of what the caller receives.

protocol TupleLookup: Sendable {
    func lookup(_ id: Int) -> (any TupleBadge, Int)
    func four(_ seed: Int) -> (Int, any TupleBadge, String, any TupleBadge)
    func packed(_ seed: Int8) -> (Int32, any TupleBadge, Int32)
    func nested(_ seed: Int) -> (Int8, (Float, any TupleBadge), Double)
    func fetch(_ id: Int) throws -> (any TupleBadge, Int)
    func later(_ id: Int) async -> (Int, any TupleBadge, String, any TupleBadge)
    func laterThrowing(_ id: Int) async throws -> (any TupleBadge, Double)
    func lone() -> (any TupleBadge, ())
    func optional(_ id: Int) -> ((any TupleBadge)?, Int)
    func crowded(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int) -> (any TupleBadge, Int)
    var instant: (ContinuousClock.Instant, String) { get }
    subscript(index: Int) -> (any TupleBadge, Int) { get }
    static func make(_ id: Int) -> (any TupleBadge, Int)
}

struct TupleLookupFailure: Error, Equatable {
    let code: Int
}

struct LiveTupleLookup: TupleLookup {
    static let start = ContinuousClock.now
    static func ribbon(_ title: String, _ rank: Int) -> TupleRibbon { TupleRibbon(title: title, rank: rank) }

    func lookup(_ id: Int) -> (any TupleBadge, Int) { (Self.ribbon("live \(id)", id * 3), -id) }
    func four(_ seed: Int) -> (Int, any TupleBadge, String, any TupleBadge) {
        (seed + 1, Self.ribbon(TupleResultByAddressTests.longText, seed), "live-\(seed)", Self.ribbon("b", -seed))
    }
    func packed(_ seed: Int8) -> (Int32, any TupleBadge, Int32) {
        (Int32(seed) * -1_000_000, Self.ribbon("p", Int(seed)), Int32.max &- Int32(seed))
    }
    func nested(_ seed: Int) -> (Int8, (Float, any TupleBadge), Double) {
        (Int8(truncatingIfNeeded: seed), (Float(seed) / 4, Self.ribbon("n", seed)), Double(seed) * 1e200)
    }
    func fetch(_ id: Int) throws -> (any TupleBadge, Int) {
        if id < 0 { throw TupleLookupFailure(code: id) }
        return (Self.ribbon("fetched", id), id + 100)
    }
    func later(_ id: Int) async -> (Int, any TupleBadge, String, any TupleBadge) {
        (id, Self.ribbon("later", id), String(repeating: "z", count: id), Self.ribbon("last", id * id))
    }
    func laterThrowing(_ id: Int) async throws -> (any TupleBadge, Double) {
        if id < 0 { throw TupleLookupFailure(code: id) }
        return (Self.ribbon("lt", id), Double(id) + 0.25)
    }
    func lone() -> (any TupleBadge, ()) { (Self.ribbon("lone", 9), ()) }
    func optional(_ id: Int) -> ((any TupleBadge)?, Int) { (id == 0 ? nil : Self.ribbon("o", id), id) }
    func crowded(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int) -> (any TupleBadge, Int) {
        (Self.ribbon("c\(g)", a), [a, b, c, d, e, f, g].reduce(0) { $0 * 3 + $1 })
    }
    var instant: (ContinuousClock.Instant, String) { (Self.start, "instant") }
    subscript(index: Int) -> (any TupleBadge, Int) { (Self.ribbon("s", index), index * 2) }
    static func make(_ id: Int) -> (any TupleBadge, Int) { (ribbon("made", id), id - 1) }
}

/// Which element a refused tuple result names.
protocol TypedTupleLookup {
    func fetch(_ id: Int) throws(TupleLookupFailure) -> (any TupleBadge, Int)
}

protocol WideTupleLookup {
    func wide() -> (any TupleBadge, Int, Int, Int, Int, Int)
}

protocol ClosureTupleLookup {
    func handler() -> (any TupleBadge, @Sendable () -> Int)
}

protocol GenericTupleLookup {
    func decode<Value>(_ value: Value) -> (Value, Int)
}

// Conformers: the runtime reads each requirement's signature from a conformer linked into the process.
struct LiveTypedTupleLookup: TypedTupleLookup {
    func fetch(_ id: Int) throws(TupleLookupFailure) -> (any TupleBadge, Int) {
        (TupleRibbon(title: "t", rank: id), id)
    }
}

struct LiveWideTupleLookup: WideTupleLookup {
    func wide() -> (any TupleBadge, Int, Int, Int, Int, Int) { (TupleRibbon(title: "w", rank: 0), 1, 2, 3, 4, 5) }
}

struct LiveClosureTupleLookup: ClosureTupleLookup {
    func handler() -> (any TupleBadge, @Sendable () -> Int) { (TupleRibbon(title: "h", rank: 0), { 1 }) }
}

struct LiveGenericTupleLookup: GenericTupleLookup {
    func decode<Value>(_ value: Value) -> (Value, Int) { (value, 0) }
}

@Suite struct TupleResultByAddressTests {
    static let longText = String(repeating: "ribbon ", count: 5)

    private static func ribbon(_ badge: (any TupleBadge)?) -> TupleRibbon? { badge as? TupleRibbon }

    @Test func thenReturnAnswersEachElementExactly() throws {
        let stub = try Stub<any TupleLookup>()
        stub.when { $0.lookup(Match.any()) }.thenReturn((TupleRibbon(title: Self.longText, rank: -4), 77))
        stub.when { $0.four(Match.any()) }.thenReturn(
            (-1, TupleRibbon(title: "first", rank: 1), Self.longText, TupleRibbon(title: "second", rank: 2)))
        stub.when { $0.packed(Match.any()) }.thenReturn((Int32.min, TupleRibbon(title: "p", rank: 5), -7))
        stub.when { $0.nested(Match.any()) }.thenReturn((-128, (0.375, TupleRibbon(title: "n", rank: 6)), -2.5e-300))
        let sut = stub()
        let looked = sut.lookup(1)
        #expect(Self.ribbon(looked.0) == TupleRibbon(title: Self.longText, rank: -4) && looked.1 == 77)
        let four = sut.four(2)
        #expect(four.0 == -1 && Self.ribbon(four.1) == TupleRibbon(title: "first", rank: 1))
        #expect(four.2 == Self.longText && Self.ribbon(four.3) == TupleRibbon(title: "second", rank: 2))
        let packed = sut.packed(3)
        #expect(packed.0 == Int32.min && Self.ribbon(packed.1) == TupleRibbon(title: "p", rank: 5) && packed.2 == -7)
        let nested = sut.nested(4)
        #expect(nested.0 == -128 && nested.1.0 == 0.375 && nested.2 == -2.5e-300)
        #expect(Self.ribbon(nested.1.1) == TupleRibbon(title: "n", rank: 6))
    }

    @Test func aHandlerAnswersFromTheArgumentsExactly() throws {
        let stub = try Stub<any TupleLookup>()
        stub.when { $0.lookup(Match.any()) }.then { (id: Int) in (TupleRibbon(title: "h\(id)", rank: id), id * id) }
        stub.when { $0.four(Match.any()) }.then { (seed: Int) in
            (seed, TupleRibbon(title: Self.longText, rank: seed), "s\(seed)", TupleRibbon(title: "t", rank: -seed))
        }
        stub.when { $0.packed(Match.any()) }.then { (seed: Int8) in
            (Int32(seed), TupleRibbon(title: "q", rank: 0), Int32(seed) * 2)
        }
        let sut = stub()
        for id in [-3, 0, 12] {
            let looked = sut.lookup(id)
            #expect(Self.ribbon(looked.0) == TupleRibbon(title: "h\(id)", rank: id) && looked.1 == id * id)
        }
        let four = sut.four(9)
        #expect(four.0 == 9 && Self.ribbon(four.1) == TupleRibbon(title: Self.longText, rank: 9))
        #expect(four.2 == "s9" && Self.ribbon(four.3) == TupleRibbon(title: "t", rank: -9))
        let packed = sut.packed(-100)
        #expect(packed.0 == -100 && Self.ribbon(packed.1) == TupleRibbon(title: "q", rank: 0) && packed.2 == -200)
        stub.verify(.exactly(3)) { $0.lookup(Match.any()) }
    }

    @Test func throwingAndAsyncRequirements() async throws {
        let stub = try Stub<any TupleLookup>()
        stub.when { try $0.fetch(Match.any()) }.then { (id: Int) throws -> (any TupleBadge, Int) in
            if id < 0 { throw TupleLookupFailure(code: id) }
            return (TupleRibbon(title: "f", rank: id), id + 1)
        }
        await stub.when { await $0.later(Match.any()) }.then { (id: Int) in
            (id, TupleRibbon(title: "a", rank: id), Self.longText, TupleRibbon(title: "b", rank: id + 1))
        }
        await stub.when { try await $0.laterThrowing(Match.any()) }.then {
            (id: Int) throws -> (any TupleBadge, Double) in
            if id < 0 { throw TupleLookupFailure(code: id) }
            return (TupleRibbon(title: "c", rank: id), Double(id) / 8)
        }
        let sut = stub()
        let fetched = try sut.fetch(5)
        #expect(Self.ribbon(fetched.0) == TupleRibbon(title: "f", rank: 5) && fetched.1 == 6)
        #expect(throws: TupleLookupFailure(code: -2)) { try sut.fetch(-2) }
        let later = await sut.later(41)
        #expect(later.0 == 41 && Self.ribbon(later.1) == TupleRibbon(title: "a", rank: 41))
        #expect(later.2 == Self.longText && Self.ribbon(later.3) == TupleRibbon(title: "b", rank: 42))
        let thrown = try await sut.laterThrowing(3)
        #expect(Self.ribbon(thrown.0) == TupleRibbon(title: "c", rank: 3) && thrown.1 == 0.375)
        await #expect(throws: TupleLookupFailure(code: -1)) { try await sut.laterThrowing(-1) }
    }

    @Test func gettersSubscriptsStaticsAndAResilientElement() throws {
        let stub = try Stub<any TupleLookup>()
        let instant = ContinuousClock.now
        stub.when { $0.instant }.thenReturn((instant, Self.longText))
        stub.when { $0[Match.any()] }.then { (index: Int) in (TupleRibbon(title: "i", rank: index), -index) }
        stub.when { type(of: $0).make(Match.any()) }.then { (id: Int) in (TupleRibbon(title: "m", rank: id), id * 10) }
        let sut = stub()
        let read = sut.instant
        #expect(read.0 == instant && read.1 == Self.longText)
        let element = sut[8]
        #expect(Self.ribbon(element.0) == TupleRibbon(title: "i", rank: 8) && element.1 == -8)
        let made = type(of: sut).make(6)
        #expect(Self.ribbon(made.0) == TupleRibbon(title: "m", rank: 6) && made.1 == 60)
    }

    @Test func aLoneElementAnOptionalOneAndAddressesPastTheRegisters() throws {
        let stub = try Stub<any TupleLookup>()
        stub.when { $0.lone() }.thenReturn((TupleRibbon(title: Self.longText, rank: 1), ()))
        stub.when { $0.optional(Match.any()) }.then { (id: Int) in
            (id == 0 ? nil : TupleRibbon(title: "o", rank: id) as (any TupleBadge)?, id)
        }
        stub.when {
            $0.crowded(Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
        }.then { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) in
            (TupleRibbon(title: "c\(g)", rank: a), [a, b, c, d, e, f, g].reduce(0) { $0 * 3 + $1 })
        }
        let sut = stub()
        #expect(Self.ribbon(sut.lone().0) == TupleRibbon(title: Self.longText, rank: 1))
        let some = sut.optional(4)
        #expect(Self.ribbon(some.0) == TupleRibbon(title: "o", rank: 4) && some.1 == 4)
        let none = sut.optional(0)
        #expect(none.0 == nil && none.1 == 0)
        let crowded = sut.crowded(1, 2, 3, 4, 5, 6, -7)
        let live = LiveTupleLookup().crowded(1, 2, 3, 4, 5, 6, -7)
        #expect(Self.ribbon(crowded.0) == TupleRibbon(title: "c-7", rank: 1) && crowded.1 == live.1)
    }

    @Test func aSpyReturnsExactlyWhatTheRealConformerReturned() async throws {
        let live = LiveTupleLookup()
        let spy = try Spy<any TupleLookup>(forwardingTo: live)
        let sut = spy()
        let looked = sut.lookup(7)
        #expect(Self.ribbon(looked.0) == TupleRibbon(title: "live 7", rank: 21) && looked.1 == -7)
        let four = sut.four(3)
        #expect(four.0 == 4 && Self.ribbon(four.1) == TupleRibbon(title: Self.longText, rank: 3))
        #expect(four.2 == "live-3" && Self.ribbon(four.3) == TupleRibbon(title: "b", rank: -3))
        let packed = sut.packed(-9)
        #expect(packed.0 == 9_000_000 && Self.ribbon(packed.1) == TupleRibbon(title: "p", rank: -9))
        #expect(packed.2 == Int32.max &+ 9)
        let nested = sut.nested(-6)
        #expect(nested.0 == -6 && nested.1.0 == -1.5 && nested.2 == -6e200)
        #expect(Self.ribbon(nested.1.1) == TupleRibbon(title: "n", rank: -6))
        let fetched = try sut.fetch(2)
        #expect(Self.ribbon(fetched.0) == TupleRibbon(title: "fetched", rank: 2) && fetched.1 == 102)
        #expect(throws: TupleLookupFailure(code: -5)) { try sut.fetch(-5) }
        let later = await sut.later(3)
        #expect(later.0 == 3 && Self.ribbon(later.1) == TupleRibbon(title: "later", rank: 3))
        #expect(later.2 == "zzz" && Self.ribbon(later.3) == TupleRibbon(title: "last", rank: 9))
        let thrown = try await sut.laterThrowing(4)
        #expect(Self.ribbon(thrown.0) == TupleRibbon(title: "lt", rank: 4) && thrown.1 == 4.25)
        await #expect(throws: TupleLookupFailure(code: -4)) { try await sut.laterThrowing(-4) }
        #expect(Self.ribbon(sut.lone().0) == TupleRibbon(title: "lone", rank: 9))
        #expect(sut.optional(0).0 == nil && Self.ribbon(sut.optional(2).0) == TupleRibbon(title: "o", rank: 2))
        let crowded = sut.crowded(9, 8, 7, 6, 5, 4, 3)
        #expect(
            Self.ribbon(crowded.0) == TupleRibbon(title: "c3", rank: 9)
                && crowded.1 == live.crowded(9, 8, 7, 6, 5, 4, 3).1)
        #expect(sut.instant == (LiveTupleLookup.start, "instant"))
        let element = sut[5]
        #expect(Self.ribbon(element.0) == TupleRibbon(title: "s", rank: 5) && element.1 == 10)
        spy.verify(.exactly(1)) { $0.lookup(7) }
        spy.verify(.exactly(2)) { try $0.fetch(Match.any()) }
    }

    private static func refusal(_ make: () throws -> Void) -> StubError? {
        do {
            try make()
            return nil
        } catch {
            return error as? StubError
        }
    }

    @Test func whatStaysRefusedFailsClosedNamingTheRequirement() {
        let typed = Self.refusal { _ = try Stub<any TypedTupleLookup>() }
        #expect(typed?.requirement == "fetch(_:)")
        #expect(typed?.reason.contains("typed error") == true)
        // The plan's own reason, not wrapped as a placement failure.
        #expect(typed?.reason.contains("cannot be placed") == false)
        #expect(typed?.reason.contains("unsupportedRequirement") == false)
        let wide = Self.refusal { _ = try Stub<any WideTupleLookup>() }
        #expect(wide?.requirement == "wide()")
        #expect(wide?.reason.contains("more than four registers") == true)
        let closure = Self.refusal { _ = try Stub<any ClosureTupleLookup>() }
        #expect(closure?.requirement == "handler()")
        #expect(closure?.reason.contains("a closure element") == true)
        let generic = Self.refusal { _ = try Stub<any GenericTupleLookup>() }
        #expect(generic?.requirement == "decode(_:)")
        for error in [typed, wide, closure, generic] {
            #expect(error?.kind == .unsupportedProtocolShape)
            #expect(error?.fix.contains("ManualStub") == true)
        }
    }
}
