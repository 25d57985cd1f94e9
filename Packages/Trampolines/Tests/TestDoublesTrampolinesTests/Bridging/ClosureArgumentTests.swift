import Testing

@testable import TestDoublesTrampolines

protocol Transformer {
    func apply(_ f: (Int) -> Int, to x: Int) -> Int
}

protocol StoringTransformer {
    func keep(_ f: @escaping (Int) -> Int)
    func applyKept(to x: Int) -> Int
}

protocol ClosureShapes {
    func joined(_ f: @escaping (String, Int) -> String) -> String
    func scaled(_ f: (Double) -> Double) -> Double
    func moved(_ f: (BridgedPoint) -> BridgedPoint) -> BridgedPoint
    func widened(_ f: (BridgedWide) -> BridgedWide) -> BridgedWide
    func attempt(_ f: (Int) throws -> Int) throws -> Int
    func summed(_ f: (BridgedTriple, BridgedTriple, BridgedTriple, BridgedTriple) -> Int) -> Int
}

@Suite struct ClosureArgumentTests {
    @Test(arguments: [0, 7, -12])
    func aNonEscapingClosureArgumentIsCalledByTheHandler(x: Int) throws {
        let placement = try Placement([((Int) -> Int).self, Int.self], result: Int.self)
        let (transformer, _) = try fabricate((any Transformer).self) { frame in
            let x = frame.argument(Int.self, at: placement.arguments[1])
            let result = try! FunctionBridge.withNonEscapingClosure(
                ofType: ((Int) -> Int).self, at: placement.arguments[0], in: frame
            ) { closure in
                let f = closure as! (Int) -> Int
                return f(x) + f(1)
            }
            frame.setResult(result, at: placement.result)
        }
        let offset = Int.random(in: 1...100)  // a capture: the closure has a context
        #expect(transformer.apply({ $0 * 3 + offset }, to: x) == (x * 3 + offset) + (3 + offset))
    }

    @Test func anEscapingClosureIsStoredAndCalledLater() throws {
        let placement = try Placement([((Int) -> Int).self])
        let resultPlacement = try Placement([Int.self], result: Int.self)
        let kept = Cell<(Int) -> Int>()
        let (transformer, _) = try fabricate((any StoringTransformer).self) { frame in
            switch frame.slot {
            case 0:
                let closure = try! FunctionBridge.closure(
                    ofType: ((Int) -> Int).self, at: placement.arguments[0], in: frame)
                kept.set(closure as? (Int) -> Int)
            default:
                let x = frame.argument(Int.self, at: resultPlacement.arguments[0])
                frame.setResult(kept.value!(x), at: resultPlacement.result)
            }
        }
        weak var weakToken: LifetimeToken?
        do {
            let token = LifetimeToken(100)
            weakToken = token
            transformer.keep { $0 + token.value }
        }
        // The bridged closure retained the original's context.
        #expect(weakToken != nil)
        #expect(transformer.applyKept(to: 5) == 105)
        #expect(transformer.applyKept(to: -5) == 95)
        kept.set(nil)
        #expect(weakToken == nil)
    }

    func makeShapes() throws -> (any ClosureShapes, FabricatedConformance) {
        let joined = try Placement([((String, Int) -> String).self], result: String.self)
        let scaled = try Placement([((Double) -> Double).self], result: Double.self)
        let moved = try Placement([((BridgedPoint) -> BridgedPoint).self], result: BridgedPoint.self)
        let widened = try Placement([((BridgedWide) -> BridgedWide).self], result: BridgedWide.self)
        let attempt = try Placement([((Int) throws -> Int).self], result: Int.self)
        typealias Summing = (BridgedTriple, BridgedTriple, BridgedTriple, BridgedTriple) -> Int
        let summed = try Placement([Summing.self], result: Int.self)
        return try fabricate((any ClosureShapes).self) { frame in
            switch frame.slot {
            case 0:
                let f = try! FunctionBridge.closure(
                    ofType: ((String, Int) -> String).self, at: joined.arguments[0], in: frame)
                frame.setResult((f as! (String, Int) -> String)("ab", 3), at: joined.result)
            case 1:
                let value = try! FunctionBridge.withNonEscapingClosure(
                    ofType: ((Double) -> Double).self, at: scaled.arguments[0], in: frame
                ) { ($0 as! (Double) -> Double)(1.5) }
                frame.setResult(value, at: scaled.result)
            case 2:
                let value = try! FunctionBridge.withNonEscapingClosure(
                    ofType: ((BridgedPoint) -> BridgedPoint).self, at: moved.arguments[0], in: frame
                ) { ($0 as! (BridgedPoint) -> BridgedPoint)(BridgedPoint(x: 1, y: 2, tag: 3)) }
                frame.setResult(value, at: moved.result)
            case 3:
                let value = try! FunctionBridge.withNonEscapingClosure(
                    ofType: ((BridgedWide) -> BridgedWide).self, at: widened.arguments[0], in: frame
                ) { ($0 as! (BridgedWide) -> BridgedWide)(BridgedWide(a: 1, b: 2, c: 3, d: 4, name: "wide")) }
                frame.setResult(value, at: widened.result)
            case 4:
                do {
                    let value = try FunctionBridge.withNonEscapingClosure(
                        ofType: ((Int) throws -> Int).self, at: attempt.arguments[0], in: frame
                    ) { try ($0 as! (Int) throws -> Int)(41) }
                    frame.setResult(value, at: attempt.result)
                } catch {
                    frame.setThrownError(error)
                }
            default:
                let value = try! FunctionBridge.withNonEscapingClosure(
                    ofType: Summing.self, at: summed.arguments[0], in: frame
                ) {
                    ($0 as! Summing)(
                        BridgedTriple(a: 1, b: 2, c: 3), BridgedTriple(a: 10, b: 20, c: 30),
                        BridgedTriple(a: 100, b: 200, c: 300), BridgedTriple(a: 1000, b: 2000, c: 3000))
                }
                frame.setResult(value, at: summed.result)
            }
        }
    }

    @Test func stringsAndIntsCrossInBothDirections() throws {
        let (shapes, _) = try makeShapes()
        let suffix = "!"
        #expect(shapes.joined { String(repeating: $0, count: $1) + suffix } == "ababab!")
    }

    @Test func doublesTravelInVectorRegisters() throws {
        let (shapes, _) = try makeShapes()
        let factor = 2.5
        #expect(shapes.scaled { $0 * factor } == 3.75)
    }

    @Test func aMixedStructTravelsDirectly() throws {
        let (shapes, _) = try makeShapes()
        let moved = shapes.moved { BridgedPoint(x: $0.x + 0.5, y: $0.y * 2, tag: $0.tag + 1) }
        #expect(moved == BridgedPoint(x: 1.5, y: 4, tag: 4))
    }

    @Test func aWideStructTravelsIndirectly() throws {
        let (shapes, _) = try makeShapes()
        let widened = shapes.widened { BridgedWide(a: $0.d, b: $0.c, c: $0.b, d: $0.a, name: $0.name + "r") }
        #expect(widened == BridgedWide(a: 4, b: 3, c: 2, d: 1, name: "wider"))
    }

    @Test func aThrowingClosureReturnsOrRethrows() throws {
        let (shapes, _) = try makeShapes()
        #expect(try shapes.attempt { $0 + 1 } == 42)
        #expect(throws: BridgeTestError(code: 41)) {
            try shapes.attempt { throw BridgeTestError(code: $0) }
        }
    }

    @Test func argumentsBeyondTheRegistersGoOnTheStack() throws {
        let (shapes, _) = try makeShapes()
        let sum = shapes.summed { p, q, r, s in
            p.a + p.b + p.c + q.a + q.b + q.c + r.a + r.b + r.c + s.a * 2 + s.b * 2 + s.c * 2
        }
        #expect(sum == 6 + 60 + 600 + 12000)
    }
}
