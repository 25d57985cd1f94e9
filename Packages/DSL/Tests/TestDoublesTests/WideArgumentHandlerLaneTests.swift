import Synchronization
import Testing

@testable import TestDoubles

/// `then` handlers of requirements a `Stub` serves on the wide lane
/// (``RequirementPlan/Route/onStackWide``): the handler gets the value the
/// caller passed (read where the caller keeps it, or as a real `Any` for a
/// handler that is not of exactly its type), and the ledger keeps its own
/// copy, exact and retained, as for a `thenReturn` call.
@Suite struct WideArgumentHandlerLaneTests {
    @Test func typedHandlersGetEachValueAndTheLedgerKeepsItsOwn() throws {
        let stub = try Stub<any WideLane>()
        let seenFives = Mutex<[WideLaneFive]>([])
        let fives = stub.when { $0.five(Match.any(using: WideArgumentLaneTests.anyFive)) }
        fives.then { (value: WideLaneFive) in
            seenFives.withLock { $0.append(value) }
            return Int(truncatingIfNeeded: value.c)
        }
        let seenFours = Mutex<[String]>([])
        let fours = stub.when { $0.four(Match.any(using: WideArgumentLaneTests.anyFour), Match.any()) }
        fours.then { (value: WideLaneFour, label: String) in
            seenFours.withLock { $0.append("\(value.d)/\(label)") }
            return value.a
        }
        let vectors = stub.when { $0.vector(Match.any(using: SIMD4<Float>(0, 0, 0, 0))) }
        vectors.then { (value: SIMD4<Float>) in Int(value.x) * 2 }
        let lane = stub()
        let values = (0..<50).map { WideArgumentLaneTests.five(UInt64($0)) }
        for (seed, value) in values.enumerated() {
            #expect(lane.five(value) == Int(truncatingIfNeeded: value.c))
            #expect(lane.four(WideLaneFour(a: seed, b: 0, c: 0, d: -seed), "s\(seed)") == seed)
            #expect(lane.vector(SIMD4(Float(seed), 1, 2, 3)) == seed * 2)
        }
        #expect(seenFives.withLock { $0 } == values)
        #expect(seenFours.withLock { $0 } == (0..<50).map { "\(-$0)/s\($0)" })
        let recordedFives: [WideLaneFive] = fives.arguments()
        #expect(recordedFives == values)
        let recordedFours: [(WideLaneFour, String)] = fours.arguments()
        #expect(recordedFours.map(\.0.d) == (0..<50).map { -$0 })
        let recordedVectors: [SIMD4<Float>] = vectors.arguments()
        #expect(recordedVectors == (0..<50).map { SIMD4(Float($0), 1, 2, 3) })
        stub.verify(1...1) { _ = $0.five(Match.equal(values[31])) }
    }

    @Test func aHandledValueIsRetainedUntilTheStubForgetsTheCall() throws {
        let stub = try Stub<any WideLane>()
        let holders = stub.when { $0.held(Match.any(using: WideArgumentLaneTests.anyHolder)) }
        holders.then { (holder: WideLaneHolder) in holder.token.id + holder.extra }
        weak var watched: WideLaneToken?
        do {
            let token = WideLaneToken(id: 70)
            watched = token
            let holder = WideLaneHolder(name: WideArgumentLaneTests.heapString(3), token: token, id: 1, extra: 7)
            #expect(stub().held(holder) == 77)
        }
        #expect(watched != nil)
        do {
            let recorded: [WideLaneHolder] = holders.arguments()
            #expect(recorded.map(\.name) == [WideArgumentLaneTests.heapString(3)])
            #expect(recorded.map(\.token.id) == [70])
        }
        stub.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func anExistentialHandlerOfAnotherTypeGetsTheDynamicValue() throws {
        let stub = try Stub<any WideLane>()
        let opened = Mutex<[String]>([])
        stub.when { $0.shape(Match.any(using: WideLaneSquare(side: 0))) }.then { (shape: Any) -> Int in
            // Read twice: the same value.
            let first = (shape as? WideLaneSquare)?.side ?? (shape as? WideLaneCircle)?.radius ?? -1
            let second = (shape as? WideLaneSquare)?.side ?? (shape as? WideLaneCircle)?.radius ?? -1
            opened.withLock { $0.append("\(type(of: shape)):\(first):\(second)") }
            return first
        }
        #expect(stub().shape(WideLaneSquare(side: 6)) == 6)
        #expect(stub().shape(WideLaneCircle(radius: 8)) == 8)
        #expect(opened.withLock { $0 } == ["WideLaneSquare:6:6", "WideLaneCircle:8:8"])
    }
}
