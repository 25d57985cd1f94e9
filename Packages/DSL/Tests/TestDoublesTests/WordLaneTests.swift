import Testing

@testable import TestDoubles

/// Requirements whose arguments travel as whole words (a `String`, a class
/// reference, an array, an `Int?`, a struct of three words, scalars, some
/// of them in the caller's stack words): a `Stub` reads them with word
/// readers worked out once and writes a scalar answer straight to its register.
protocol WordLane: Sendable {
    func text(_ value: String) -> Int
    func object(_ value: WordLaneToken) -> Int16
    func list(_ value: [Int]) -> Double
    func maybe(_ value: Int?) -> Float
    func triple(_ value: WordLaneTriple) -> Bool
    func mixed(_ flag: Bool, _ small: Int8, _ ratio: Float, _ name: String, _ maybe: Int?) -> UInt8
    func spilled(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: String, _ h: Int, _ i: Bool,
        _ j: Double, _ k: Double, _ l: Double, _ m: Double, _ n: Double, _ o: Double, _ p: Double, _ q: Double,
        _ r: Double, _ s: Float
    ) -> Int
    func scalars(
        _ a: Int, _ b: Bool, _ c: Int8, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: UInt32, _ i: Bool,
        _ j: Double, _ k: Float, _ l: Double, _ m: Double, _ n: Double, _ o: Double, _ p: Double, _ q: Double,
        _ r: Double, _ s: Float
    ) -> Int
    func nothing(_ value: String)
    func tagged(_ value: WordLaneTag) -> Int
    func held(_ value: WordLaneHolder, _ name: String) -> Int
}

/// An enum with payloads, copied through its value witness.
enum WordLaneTag: Equatable, Sendable {
    case text(String)
    case number(Int)
    case none
}

/// A struct holding a reference, copied through its value witness.
struct WordLaneHolder: Sendable {
    let token: WordLaneToken
    let id: Int
}

/// A class argument whose lifetime the tests watch.
final class WordLaneToken: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// A three-word plain value.
struct WordLaneTriple: Equatable, Sendable {
    var a: Int
    var b: Int
    var c: Int
}

/// The linked conformer whose witnesses describe the signatures.
struct LiveWordLane: WordLane {
    func text(_ value: String) -> Int { value.count }
    func object(_ value: WordLaneToken) -> Int16 { Int16(value.id) }
    func list(_ value: [Int]) -> Double { Double(value.count) }
    func maybe(_ value: Int?) -> Float { Float(value ?? -1) }
    func triple(_ value: WordLaneTriple) -> Bool { value.a == value.c }
    func mixed(_ flag: Bool, _ small: Int8, _ ratio: Float, _ name: String, _ maybe: Int?) -> UInt8 { 0 }
    func spilled(
        _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: String, _ h: Int, _ i: Bool,
        _ j: Double, _ k: Double, _ l: Double, _ m: Double, _ n: Double, _ o: Double, _ p: Double, _ q: Double,
        _ r: Double, _ s: Float
    ) -> Int { a + h }
    func scalars(
        _ a: Int, _ b: Bool, _ c: Int8, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: UInt32, _ i: Bool,
        _ j: Double, _ k: Float, _ l: Double, _ m: Double, _ n: Double, _ o: Double, _ p: Double, _ q: Double,
        _ r: Double, _ s: Float
    ) -> Int { a }
    func nothing(_ value: String) {}
    func tagged(_ value: WordLaneTag) -> Int { 0 }
    func held(_ value: WordLaneHolder, _ name: String) -> Int { value.id }
}

@Suite struct WordLaneTests {
    /// A string whose storage is on the heap (not a small or literal string).
    static func heapString(_ seed: Int) -> String {
        String(repeating: "word lane \(seed) ", count: 4)
    }

    @Test func oneWordArgumentOfEachKindIsRecordedExactlyAndAnswered() throws {
        let stub = try Stub<any WordLane>()
        let texts = stub.when { $0.text(Match.any()) }
        texts.thenReturn(-7)
        let objects = stub.when { $0.object(Match.any(using: WordLaneToken(id: 0))) }
        objects.thenReturn(-300)
        let lists = stub.when { $0.list(Match.any()) }
        lists.thenReturn(-0.25)
        let maybes = stub.when { $0.maybe(Match.any()) }
        maybes.thenReturn(.infinity)
        let triples = stub.when { $0.triple(Match.any(using: WordLaneTriple(a: 0, b: 0, c: 0))) }
        triples.thenReturn(true)
        let lane = stub()
        let token = WordLaneToken(id: 41)
        for seed in 0..<3 {
            #expect(lane.text(Self.heapString(seed)) == -7)
            #expect(lane.object(token) == -300)
            #expect(lane.list([seed, -seed, .max]) == -0.25)
            #expect(lane.maybe(seed == 1 ? nil : Int.min + seed) == .infinity)
            #expect(lane.triple(WordLaneTriple(a: seed, b: -1, c: .max)))
        }
        #expect(lane.text("") == -7)
        let recordedTexts: [String] = texts.arguments()
        #expect(recordedTexts == (0..<3).map(Self.heapString) + [""])
        let recordedObjects: [WordLaneToken] = objects.arguments()
        #expect(recordedObjects.count == 3 && recordedObjects.allSatisfy { $0 === token })
        let recordedLists: [[Int]] = lists.arguments()
        #expect(recordedLists == (0..<3).map { [$0, -$0, .max] })
        let recordedMaybes: [Int?] = maybes.arguments()
        #expect(recordedMaybes == [Int.min, nil, Int.min + 2])
        let recordedTriples: [WordLaneTriple] = triples.arguments()
        #expect(recordedTriples == (0..<3).map { WordLaneTriple(a: $0, b: -1, c: .max) })
        stub.verify(1...1) { _ = $0.maybe(Match.equal(nil)) }
        stub.verify(1...1) { _ = $0.text(Match.equal(Self.heapString(2))) }
    }

    @Test func recordedReferencesAreRetainedAsLongAsTheStub() throws {
        let stub = try Stub<any WordLane>()
        let objects = stub.when { $0.object(Match.any(using: WordLaneToken(id: 0))) }
        objects.thenReturn(1)
        weak var watched: WordLaneToken?
        do {
            let token = WordLaneToken(id: 9)
            watched = token
            #expect(stub().object(token) == 1)
        }
        #expect(watched != nil)
        let recorded: [WordLaneToken] = objects.arguments()
        #expect(recorded.map(\.id) == [9])
        let texts = stub.when { $0.text(Match.any()) }
        texts.thenReturn(2)
        do {
            let text = Self.heapString(7)
            #expect(stub().text(text) == 2)
        }
        // The recorded string is the stub's own reference: still readable after the caller's is gone.
        let recordedTexts: [String] = texts.arguments()
        #expect(recordedTexts == [Self.heapString(7)])
    }

    @Test func mixedAndSpilledArgumentsAreRecordedExactly() throws {
        let stub = try Stub<any WordLane>()
        let mixes = stub.when { $0.mixed(Match.any(), Match.any(), Match.any(), Match.any(), Match.any()) }
        mixes.thenReturn(255)
        let spills = stub.when {
            $0.spilled(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
        }
        spills.thenReturn(-1)
        let lane = stub()
        #expect(lane.mixed(true, -128, -0.5, Self.heapString(1), nil) == 255)
        #expect(lane.mixed(false, 127, .nan, "", 5) == 255)
        #expect(
            lane.spilled(1, 2, 3, 4, 5, 6, Self.heapString(3), 8, true, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19.5)
                == -1)
        let mixed: [(Bool, Int8, Float, String, Int?)] = mixes.arguments()
        try #require(mixed.count == 2)
        #expect(mixed.map(\.0) == [true, false])
        #expect(mixed.map(\.1) == [-128, 127])
        #expect(mixed[0].2 == -0.5 && mixed[1].2.isNaN)
        #expect(mixed.map(\.3) == [Self.heapString(1), ""])
        #expect(mixed.map(\.4) == [nil, 5])
        let recorded = spills.invocations.map(\.arguments)
        #expect(recorded.count == 1)
        let values = try #require(recorded.first)
        #expect(values.count == 19)
        #expect((0..<6).map { values[$0] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(values[6] as? String == Self.heapString(3))
        #expect(values[7] as? Int == 8)
        #expect(values[8] as? Bool == true)
        #expect((9..<18).map { values[$0] as? Double } == (10...18).map(Double.init))
        #expect(values[18] as? Float == 19.5)
    }

    @Test func allScalarArgumentsAreReadOneWordEachExactly() throws {
        // Every argument one word of plain bits, some past the argument registers (the caller's stack
        // words): the lane reads one word per argument, masked to its width, a `Bool` as 0 or 1.
        let stub = try Stub<any WordLane>()
        let pattern = stub.when {
            $0.scalars(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
        }
        pattern.thenReturn(7)
        let lane = stub()
        for round in 0..<3 {
            let sign = round.isMultiple(of: 2) ? 1 : -1
            #expect(
                lane.scalars(
                    sign * 1, round == 1, Int8(-100 + round), -4, 5 * sign, Int.min + round, Int.max - round,
                    UInt32.max - UInt32(round), round != 1, -0.25, Float(round) + 0.5, 12, 13, 14, 15, 16, 17,
                    .infinity, -Float.greatestFiniteMagnitude) == 7)
        }
        let recorded = pattern.invocations.map(\.arguments)
        try #require(recorded.count == 3)
        for (round, values) in recorded.enumerated() {
            let sign = round.isMultiple(of: 2) ? 1 : -1
            #expect(values[0] as? Int == sign * 1)
            #expect(values[1] as? Bool == (round == 1))
            #expect(values[2] as? Int8 == Int8(-100 + round))
            #expect((3..<7).map { values[$0] as? Int } == [-4, 5 * sign, Int.min + round, Int.max - round])
            #expect(values[7] as? UInt32 == UInt32.max - UInt32(round))
            #expect(values[8] as? Bool == (round != 1))
            #expect(values[9] as? Double == -0.25)
            #expect(values[10] as? Float == Float(round) + 0.5)
            #expect((11..<17).map { values[$0] as? Double } == (12...17).map(Double.init))
            #expect(values[17] as? Double == .infinity)
            #expect(values[18] as? Float == -Float.greatestFiniteMagnitude)
        }
    }

    @Test func valuesCopiedThroughTheirWitnessAreRecordedExactlyAndRetained() throws {
        let stub = try Stub<any WordLane>()
        let tags = stub.when { $0.tagged(Match.any(using: .none)) }
        tags.thenReturn(3)
        let holders = stub.when {
            $0.held(Match.any(using: WordLaneHolder(token: WordLaneToken(id: 0), id: 0)), Match.any())
        }
        holders.thenReturn(4)
        let lane = stub()
        #expect(lane.tagged(.text(Self.heapString(5))) == 3)
        #expect(lane.tagged(.number(-9)) == 3)
        #expect(lane.tagged(.none) == 3)
        weak var watched: WordLaneToken?
        do {
            let token = WordLaneToken(id: 12)
            watched = token
            #expect(lane.held(WordLaneHolder(token: token, id: 34), Self.heapString(6)) == 4)
        }
        #expect(watched != nil)
        let recordedTags: [WordLaneTag] = tags.arguments()
        #expect(recordedTags == [.text(Self.heapString(5)), .number(-9), .none])
        let recordedHolders: [(WordLaneHolder, String)] = holders.arguments()
        #expect(recordedHolders.map(\.0.token.id) == [12])
        #expect(recordedHolders.map(\.0.id) == [34])
        #expect(recordedHolders.map(\.1) == [Self.heapString(6)])
        stub.verify(1...1) { _ = $0.tagged(Match.equal(.number(-9))) }
    }

    @Test func handlersAndVoidAnswersReadTheSameArguments() throws {
        let stub = try Stub<any WordLane>()
        stub.when { $0.text(Match.any()) }.then { (text: String) in text.count * 10 }
        let nothings = stub.when { $0.nothing(Match.any()) }
        nothings.thenDoNothing()
        let lane = stub()
        #expect(lane.text(Self.heapString(2)) == Self.heapString(2).count * 10)
        lane.nothing(Self.heapString(4))
        let recorded: [String] = nothings.arguments()
        #expect(recorded == [Self.heapString(4)])
    }

    @Test func aSpyForwardsWordArgumentsItDoesNotAnswer() throws {
        let spy = try Spy<any WordLane>(forwardingTo: LiveWordLane())
        spy.when { $0.text(Match.equal("configured")) }.thenReturn(-1)
        let lane = spy()
        #expect(lane.text("configured") == -1)
        #expect(lane.text(Self.heapString(1)) == Self.heapString(1).count)
        #expect(lane.maybe(nil) == -1)
        #expect(lane.triple(WordLaneTriple(a: 3, b: 0, c: 3)))
        spy.verify(2...2) { _ = $0.text(Match.any()) }
    }
}
