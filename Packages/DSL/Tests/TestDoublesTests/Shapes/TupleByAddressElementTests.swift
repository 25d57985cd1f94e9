import TestDoubles
import Testing

// Tuple parameters whose elements travel by address. The witness receives a tuple as one argument per
// element, each as a value of that type alone would travel: `REShading` (four words of six scalars) and
// an `any TupleBadge` (five words) as a pointer to the caller's value, an `Int` or a `String` in
// registers. Every test checks the tuple field for field at the other side: in a handler, in
// `arguments()`, in a matcher, and at a spy's real conformer.

protocol TupleBadge: Sendable {
    var title: String { get }
}

struct TupleRibbon: TupleBadge, Equatable {
    let title: String
    let rank: Int
}

protocol ShadingMixer: Sendable {
    func mix(_ triple: (Int, REShading, String)) -> String
    func badge(_ pair: (any TupleBadge, Double)) -> String
    func layered(_ value: (Int8, (REShading, Double))) throws -> Double
    func later(_ triple: (Int, REShading, String)) async throws -> Int
    func crowded(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int,
        _ triple: (Int, REShading, String), _ tail: Int
    ) -> Int
    func swapped(_ pair: (REShading, Int)) -> (Int, REShading)
    var slot: (REShading, Int) { get set }
}

/// A resilient element (a non-`@frozen` type of the standard library) travels by address in a tuple too.
protocol InstantPairing {
    func stamp(_ pair: (ContinuousClock.Instant, Int)) -> Int
}

struct LiveInstantPairing: InstantPairing {
    func stamp(_ pair: (ContinuousClock.Instant, Int)) -> Int { pair.1 }
}

/// A tuple result whose element is an existential: Swift returns that element through a result address
/// of its own and the rest in registers (`TupleResultByAddressTests` has the rest).
protocol BadgeIssuing {
    func issue() -> (any TupleBadge, Double)
}

struct LiveBadgeIssuing: BadgeIssuing {
    func issue() -> (any TupleBadge, Double) { (TupleRibbon(title: "live", rank: 0), 1) }
}

extension REShading {
    /// Every field, so two descriptions differ whenever one field does.
    var fields: String { "\(roughness)/\(metallic)/\(castsShadow)/\(layer)/\(emission)/\(mip)" }

    static let sheen = REShading(
        roughness: 0.125, metallic: -3.5, castsShadow: true, layer: -7, emission: 1e300, mip: 120)
    static let dusty = REShading(
        roughness: 9.75, metallic: 0, castsShadow: false, layer: 127, emission: -0.0625, mip: -128)
}

struct LiveShadingMixer: ShadingMixer {
    var slot: (REShading, Int) = (.dusty, 0)

    func mix(_ triple: (Int, REShading, String)) -> String { "\(triple.0)|\(triple.1.fields)|\(triple.2)" }
    func badge(_ pair: (any TupleBadge, Double)) -> String { "\(pair.0.title)@\(pair.1)" }
    func layered(_ value: (Int8, (REShading, Double))) throws -> Double {
        Double(value.0) * 1000 + value.1.0.emission + value.1.1
    }
    func later(_ triple: (Int, REShading, String)) async throws -> Int {
        triple.0 + Int(triple.1.layer) * 100 + triple.2.count
    }
    func crowded(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int,
        _ triple: (Int, REShading, String), _ tail: Int
    ) -> Int {
        [a, b, c, d, e, f, g, h, triple.0, Int(triple.1.mip), triple.2.count, tail].reduce(0) { $0 * 3 + $1 }
    }
    func swapped(_ pair: (REShading, Int)) -> (Int, REShading) { (pair.1, pair.0) }
}

@Suite struct TupleByAddressElementTests {
    static let longText = String(repeating: "tessellated ", count: 4)

    @Test func aStubHandlerGetsTheExactTupleBesideDirectElements() throws {
        let stub = try Stub<any ShadingMixer>()
        let mixes = stub.when { $0.mix(Match.any()) }
        mixes.then { (triple: (Int, REShading, String)) in "\(triple.0)|\(triple.1.fields)|\(triple.2)" }
        let sut = stub()
        #expect(sut.mix((-42, .sheen, Self.longText)) == LiveShadingMixer().mix((-42, .sheen, Self.longText)))
        #expect(sut.mix((7, .dusty, "s")) == "7|\(REShading.dusty.fields)|s")
        let seen: [(Int, REShading, String)] = mixes.arguments()
        #expect(seen.count == 2)
        #expect(seen.first?.0 == -42 && seen.first?.1 == .sheen && seen.first?.2 == Self.longText)
        #expect(seen.last?.0 == 7 && seen.last?.1 == .dusty && seen.last?.2 == "s")
        stub.verify(.exactly(1)) {
            $0.mix(Match.matching { (triple: (Int, REShading, String)) in triple == (7, .dusty, "s") })
        }
        stub.verify(.never) {
            $0.mix(Match.matching { (triple: (Int, REShading, String)) in triple == (7, .sheen, "s") })
        }
    }

    @Test func anExistentialElementTravelsByAddressAndComesBackWhole() throws {
        let stub = try Stub<any ShadingMixer>()
        let badges = stub.when { $0.badge(Match.any()) }
        badges.then { (pair: (any TupleBadge, Double)) in "\(pair.0.title)#\(pair.1)" }
        let sut = stub()
        #expect(sut.badge((TupleRibbon(title: Self.longText, rank: 3), -2.5)) == "\(Self.longText)#-2.5")
        let seen: [(any TupleBadge, Double)] = badges.arguments()
        #expect(seen.count == 1)
        #expect((seen.first?.0 as? TupleRibbon) == TupleRibbon(title: Self.longText, rank: 3))
        #expect(seen.first?.1 == -2.5)
    }

    @Test func aNestedTupleAndAThrowingRequirement() throws {
        let stub = try Stub<any ShadingMixer>()
        let layers = stub.when { try $0.layered(Match.any()) }
        layers.then { (value: (Int8, (REShading, Double))) in
            Double(value.0) + Double(value.1.0.roughness) + value.1.1
        }
        let sut = stub()
        #expect(try sut.layered((-3, (.dusty, 0.5))) == -3 + 9.75 + 0.5)
        let seen: [(Int8, (REShading, Double))] = layers.arguments()
        #expect(seen.count == 1 && seen[0].0 == -3 && seen[0].1.0 == .dusty && seen[0].1.1 == 0.5)
        let refusing = try Stub<any ShadingMixer>()
        refusing.when { try $0.layered(Match.any()) }.thenThrow(TupleRefusal(code: 25))
        #expect(throws: TupleRefusal(code: 25)) { try refusing().layered((1, (.sheen, 1))) }
    }

    @Test func anAsyncThrowingRequirement() async throws {
        let stub = try Stub<any ShadingMixer>()
        let later = await stub.when { try await $0.later(Match.any()) }
        await later.then { (triple: (Int, REShading, String)) in triple.0 * 1000 + Int(triple.1.mip) }
        let sut = stub()
        #expect(try await sut.later((5, .sheen, Self.longText)) == 5120)
        let seen: [(Int, REShading, String)] = later.arguments()
        #expect(seen.count == 1 && seen[0].0 == 5 && seen[0].1 == .sheen && seen[0].2 == Self.longText)
        await stub.verify(.exactly(1)) {
            try await $0.later(Match.matching { (triple: (Int, REShading, String)) in triple.1 == .sheen })
        }
    }

    @Test func theElementsOverflowTheRegistersOntoTheStack() throws {
        let stub = try Stub<any ShadingMixer>()
        let crowded = stub.when {
            $0.crowded(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.equal(-9))
        }
        crowded.then {
            (
                a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int, triple: (Int, REShading, String),
                tail: Int
            )
            in
            LiveShadingMixer().crowded(a, b, c, d, e, f, g, h, triple, tail)
        }
        let sut = stub()
        let expected = LiveShadingMixer().crowded(1, 2, 3, 4, 5, 6, 7, 8, (11, .dusty, Self.longText), -9)
        #expect(sut.crowded(1, 2, 3, 4, 5, 6, 7, 8, (11, .dusty, Self.longText), -9) == expected)
        let seen: [(Int, Int, Int, Int, Int, Int, Int, Int, (Int, REShading, String), Int)] = crowded.arguments()
        #expect(seen.count == 1)
        #expect(seen.first?.7 == 8 && seen.first?.9 == -9)
        #expect(seen.first?.8.0 == 11 && seen.first?.8.1 == .dusty && seen.first?.8.2 == Self.longText)
    }

    @Test func aTupleResultAndAPropertyHoldingByAddressElements() throws {
        let stub = try Stub<any ShadingMixer>()
        stub.when { $0.swapped(Match.any()) }.then { (pair: (REShading, Int)) in (pair.1 * 2, pair.0) }
        stub.when { $0.slot }.thenReturn((.sheen, 31))
        let setter = stub.whenSet { $0.slot = Match.any() }
        setter.thenDoNothing()
        var sut = stub()
        let swapped = sut.swapped((.dusty, 21))
        #expect(swapped.0 == 42 && swapped.1 == .dusty)
        #expect(sut.slot == (.sheen, 31))
        sut.slot = (.dusty, -1)
        let assigned: [(REShading, Int)] = setter.arguments()
        #expect(assigned.count == 1 && assigned[0] == (.dusty, -1))
    }

    @Test func aSpyForwardsTheExactTuplesToTheRealConformer() async throws {
        let live = LiveShadingMixer()
        let spy = try Spy<any ShadingMixer>(forwardingTo: live)
        var sut = spy()
        #expect(sut.mix((-42, .sheen, Self.longText)) == live.mix((-42, .sheen, Self.longText)))
        let ribbon = TupleRibbon(title: Self.longText, rank: 1)
        #expect(sut.badge((ribbon, 0.75)) == "\(Self.longText)@0.75")
        #expect(try sut.layered((-3, (.sheen, 0.5))) == live.layered((-3, (.sheen, 0.5))))
        #expect(try await sut.later((5, .dusty, "abc")) == 5 + 12_700 + 3)
        #expect(
            sut.crowded(1, 2, 3, 4, 5, 6, 7, 8, (11, .sheen, Self.longText), -9)
                == live.crowded(1, 2, 3, 4, 5, 6, 7, 8, (11, .sheen, Self.longText), -9))
        let swapped = sut.swapped((.sheen, 6))
        #expect(swapped.0 == 6 && swapped.1 == .sheen)
        sut.slot = (.sheen, 77)
        #expect(sut.slot == (.sheen, 77))
        let mixes: [(Int, REShading, String)] = spy.when { $0.mix(Match.any()) }.arguments()
        #expect(mixes.count == 1 && mixes[0] == (-42, .sheen, Self.longText))
    }

    @Test func aTupleResultHoldingAnExistentialComesBackExactly() throws {
        let stub = try Stub<any BadgeIssuing>()
        stub.when { $0.issue() }.thenReturn((TupleRibbon(title: Self.longText, rank: 2), -0.5))
        let issued = stub().issue()
        #expect((issued.0 as? TupleRibbon) == TupleRibbon(title: Self.longText, rank: 2) && issued.1 == -0.5)
        let forwarded = try Spy<any BadgeIssuing>(forwardingTo: LiveBadgeIssuing())().issue()
        #expect((forwarded.0 as? TupleRibbon) == TupleRibbon(title: "live", rank: 0) && forwarded.1 == 1)
    }

    @Test func aResilientElementTravelsByAddressAndComesBackExactly() throws {
        let stub = try Stub<any InstantPairing>()
        let stamps = stub.when { $0.stamp(Match.any()) }
        stamps.then { (pair: (ContinuousClock.Instant, Int)) in pair.1 * 2 }
        let now = ContinuousClock.now
        #expect(stub().stamp((now, 21)) == 42)
        let seen: [(ContinuousClock.Instant, Int)] = stamps.arguments()
        #expect(seen.count == 1 && seen[0].0 == now && seen[0].1 == 21)
        let spy = try Spy<any InstantPairing>(forwardingTo: LiveInstantPairing())
        #expect(spy().stamp((now, -5)) == -5)
    }
}
