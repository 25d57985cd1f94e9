import Synchronization
import Testing

@testable import TestDoubles

/// Requirements whose arguments are wider than an `Any`'s three-word buffer
/// (or aligned to 16): a `Stub` lends them to the recorder by address
/// (``RequirementPlan/Route/onStackWide``) instead of boxing them, and the
/// ledger keeps its own copy, exact, retained, of the right dynamic type.
protocol WideLane: Sendable {
    func five(_ value: WideLaneFive) -> Int
    func four(_ value: WideLaneFour, _ label: String) -> Int
    func vector(_ value: SIMD4<Float>) -> Int
    func shape(_ value: any WideLaneShape) -> Int
    func held(_ value: WideLaneHolder) -> Int
}

/// Five plain words: its address travels.
struct WideLaneFive: Equatable, Sendable {
    var a: UInt64, b: UInt64, c: UInt64, d: UInt64, e: UInt64
}

/// Four plain words: out of line in an `Any`, in four registers as an argument.
struct WideLaneFour: Equatable, Sendable {
    var a: Int, b: Int, c: Int, d: Int
}

/// Five words, two of them references.
struct WideLaneHolder: Sendable {
    let name: String
    let token: WideLaneToken
    let id: Int
    let extra: Int
}

/// A class whose lifetime the tests watch.
final class WideLaneToken: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

protocol WideLaneShape: Sendable { var sides: Int { get } }
struct WideLaneSquare: WideLaneShape, Equatable {
    var side: Int
    var sides: Int { 4 }
}
final class WideLaneCircle: WideLaneShape {
    let radius: Int
    init(radius: Int) { self.radius = radius }
    var sides: Int { 0 }
}

/// The linked conformer whose witnesses describe the signatures.
struct LiveWideLane: WideLane {
    func five(_ value: WideLaneFive) -> Int { 0 }
    func four(_ value: WideLaneFour, _ label: String) -> Int { 0 }
    func vector(_ value: SIMD4<Float>) -> Int { 0 }
    func shape(_ value: any WideLaneShape) -> Int { 0 }
    func held(_ value: WideLaneHolder) -> Int { 0 }
}

@Suite struct WideArgumentLaneTests {
    static let anyFive = WideLaneFive(a: 0, b: 0, c: 0, d: 0, e: 0)
    static let anyFour = WideLaneFour(a: 0, b: 0, c: 0, d: 0)
    static let anyHolder = WideLaneHolder(name: "", token: WideLaneToken(id: 0), id: 0, extra: 0)

    /// A string whose storage is on the heap.
    static func heapString(_ seed: Int) -> String { String(repeating: "wide lane \(seed) ", count: 4) }

    /// Every byte of each word different from call to call.
    static func five(_ seed: UInt64) -> WideLaneFive {
        WideLaneFive(
            a: 0x0102_0304_0506_0708 &* (seed + 1), b: ~seed, c: 1 << (seed % 64), d: seed << 56, e: .max - seed)
    }

    @Test func theRequirementsTakeTheWideLane() throws {
        let blueprint = try StubBlueprint.make(
            for: (any WideLane).self, explicit: nil)
        let routes = RequirementPlan.plans(of: blueprint).map(\.route)
        #expect(routes.filter { $0 == .onStackWide }.count == 5)
    }

    @Test func plainWideValuesAreRecordedExactly() throws {
        let stub = try Stub<any WideLane>()
        let fives = stub.when { $0.five(Match.any(using: Self.anyFive)) }
        fives.thenReturn(5)
        let fours = stub.when { $0.four(Match.any(using: Self.anyFour), Match.any()) }
        fours.thenReturn(4)
        let vectors = stub.when { $0.vector(Match.any(using: SIMD4<Float>(0, 0, 0, 0))) }
        vectors.thenReturn(16)
        let lane = stub()
        for seed in 0..<70 {
            #expect(lane.five(Self.five(UInt64(seed))) == 5)
            #expect(lane.four(WideLaneFour(a: seed, b: -seed, c: .min + seed, d: .max - seed), "\(seed)") == 4)
            #expect(lane.vector(SIMD4(Float(seed), -0.5, .infinity, Float(seed) / 3)) == 16)
        }
        let recordedFives: [WideLaneFive] = fives.arguments()
        #expect(recordedFives == (0..<70).map { Self.five(UInt64($0)) })
        let recordedFours: [(WideLaneFour, String)] = fours.arguments()
        #expect(recordedFours.map(\.0) == (0..<70).map { WideLaneFour(a: $0, b: -$0, c: .min + $0, d: .max - $0) })
        #expect(recordedFours.map(\.1) == (0..<70).map { "\($0)" })
        let recordedVectors: [SIMD4<Float>] = vectors.arguments()
        #expect(recordedVectors == (0..<70).map { SIMD4(Float($0), -0.5, .infinity, Float($0) / 3) })
        let boxed = try #require(fives.invocations.first?.arguments.first)
        #expect(type(of: boxed) == WideLaneFive.self)
        stub.verify(1...1) { _ = $0.five(Match.equal(Self.five(33))) }
        stub.verify(.never) { _ = $0.five(Match.equal(WideLaneFive(a: 1, b: 1, c: 1, d: 1, e: 1))) }
        stub.verify(70...70) { _ = $0.vector(Match.any(using: SIMD4<Float>(0, 0, 0, 0))) }
    }

    @Test func aWideValueIsRetainedAsLongAsTheStubKeepsTheCall() throws {
        let stub = try Stub<any WideLane>()
        let holders = stub.when { $0.held(Match.any(using: Self.anyHolder)) }
        holders.thenReturn(1)
        weak var watched: WideLaneToken?
        do {
            let token = WideLaneToken(id: 77)
            watched = token
            #expect(stub().held(WideLaneHolder(name: Self.heapString(1), token: token, id: 3, extra: -3)) == 1)
        }
        #expect(watched != nil)
        do {
            let recorded: [WideLaneHolder] = holders.arguments()
            #expect(recorded.map(\.name) == [Self.heapString(1)])
            #expect(recorded.map(\.token.id) == [77])
            #expect(recorded.map(\.extra) == [-3])
        }
        stub.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func anExistentialKeepsItsDynamicTypeAndItsReference() throws {
        let stub = try Stub<any WideLane>()
        let shapes = stub.when { $0.shape(Match.any(using: WideLaneSquare(side: 0))) }
        shapes.thenReturn(9)
        weak var watched: WideLaneCircle?
        do {
            let circle = WideLaneCircle(radius: 6)
            watched = circle
            #expect(stub().shape(WideLaneSquare(side: 2)) == 9)
            #expect(stub().shape(circle) == 9)
        }
        #expect(watched != nil)
        let recorded: [any WideLaneShape] = shapes.arguments()
        #expect(recorded.count == 2)
        #expect((recorded.first as? WideLaneSquare)?.side == 2)
        #expect((recorded.last as? WideLaneCircle)?.radius == 6)
        let boxed = shapes.invocations.compactMap { $0.arguments.first }
        #expect(boxed.map { type(of: $0) == WideLaneSquare.self } == [true, false])
        #expect(boxed.map { type(of: $0) == WideLaneCircle.self } == [false, true])
    }

    @Test func handlersReceiveTheValueAndADeclinedCallIsAnsweredByItsMatcher() throws {
        let stub = try Stub<any WideLane>()
        let token = WideLaneToken(id: 5)
        let seen = Mutex<[Int]>([])
        stub.when { $0.held(Match.any(using: Self.anyHolder)) }.then { (holder: WideLaneHolder) in
            seen.withLock { $0.append(holder.token.id * 100 + holder.id) }
            return holder.extra
        }
        stub.when { $0.shape(Match.any(using: WideLaneSquare(side: 0))) }.then { (shape: any WideLaneShape) in
            shape.sides
        }
        // A matcher on the value: not the catch-all lane, the general path with the value.
        stub.when { $0.five(Match.equal(Self.five(3))) }.thenReturn(3)
        let fives = stub.when { $0.five(Match.any(using: Self.anyFive)) }
        fives.thenReturn(-1)
        let lane = stub()
        #expect(lane.held(WideLaneHolder(name: Self.heapString(2), token: token, id: 4, extra: 42)) == 42)
        #expect(seen.withLock { $0 } == [504])
        #expect(lane.shape(WideLaneSquare(side: 1)) == 4)
        #expect(lane.shape(WideLaneCircle(radius: 1)) == 0)
        #expect(lane.five(Self.five(3)) == 3)
        #expect(lane.five(Self.five(4)) == -1)
        let recorded: [WideLaneFive] = fives.arguments()
        #expect(recorded == [Self.five(3), Self.five(4)])
    }
}
