import CTestDoublesTrampolines
import Testing

@testable import TestDoublesTrampolines

protocol AdderFactory {
    func makeAdder(_ n: Int) -> (Int) -> Int
    func makeParser() -> (String) throws -> Int
    func makeDescriber() -> @Sendable (BridgedPoint, Double) -> String
}

@Suite struct ClosureResultTests {
    func makeFactory() throws -> (any AdderFactory, FabricatedConformance) {
        let adder = try Placement([Int.self], result: ((Int) -> Int).self)
        let parser = try Placement([], result: ((String) throws -> Int).self)
        let describer = try Placement([], result: (@Sendable (BridgedPoint, Double) -> String).self)
        return try fabricate((any AdderFactory).self) { frame in
            switch frame.slot {
            case 0:
                let n = frame.argument(Int.self, at: adder.arguments[0])
                let closure: (Int) -> Int = { $0 + n }
                try! FunctionBridge.setResult(closure, ofType: ((Int) -> Int).self, at: adder.result, in: frame)
            case 1:
                let closure: (String) throws -> Int = { text in
                    guard let value = Int(text) else { throw BridgeTestError(code: text.count) }
                    return value
                }
                try! FunctionBridge.setResult(
                    closure, ofType: ((String) throws -> Int).self, at: parser.result, in: frame)
            default:
                let closure: @Sendable (BridgedPoint, Double) -> String = { point, scale in
                    "(\(point.x * scale), \(point.y * scale)) #\(point.tag)"
                }
                try! FunctionBridge.setResult(
                    closure, ofType: (@Sendable (BridgedPoint, Double) -> String).self, at: describer.result,
                    in: frame)
            }
        }
    }

    @Test(arguments: [(5, 10), (-3, 3), (0, Int.max)])
    func aReturnedClosureIsCallableByTheCaller(n: Int, x: Int) throws {
        let (factory, _) = try makeFactory()
        let add = factory.makeAdder(n)
        #expect(add(x) == x &+ n)
        #expect(add(1) == 1 + n)
    }

    @Test func aReturnedThrowingClosureReturnsOrThrows() throws {
        let (factory, _) = try makeFactory()
        let parse = factory.makeParser()
        #expect(try parse("123") == 123)
        #expect(throws: BridgeTestError(code: 4)) { try parse("nope") }
    }

    @Test func aReturnedSendableClosureTakesAStructAndADouble() throws {
        let (factory, _) = try makeFactory()
        let describe = factory.makeDescriber()
        #expect(describe(BridgedPoint(x: 1, y: 2, tag: 7), 1.5) == "(1.5, 3.0) #7")
    }

    @Test func theSynthesizedFunctionReleasesItsClosureWithTheLastReference() throws {
        weak var weakToken: LifetimeToken?
        var holder: IntToInt?
        do {
            let token = LifetimeToken(40)
            weakToken = token
            let closure: (Int) -> Int = { $0 + token.value }
            let words = try FunctionBridge.thickFunction(for: closure, ofType: ((Int) -> Int).self)
            holder = TestDoublesTrampolinesTests.holder(IntToInt.self, from: words)
        }
        #expect(weakToken != nil)
        #expect(holder?.function(2) == 42)
        do {
            let copy = holder
            holder = nil
            #expect(weakToken != nil)
            #expect(copy?.function(0) == 40)
        }
        #expect(weakToken == nil)
    }

    @Test func stackArgumentsReachTheSwiftClosure() throws {
        typealias Summing = (BridgedTriple, BridgedTriple, BridgedTriple, BridgedTriple) -> Int
        let closure: Summing = { p, q, r, s in p.a * 1 + q.b * 10 + r.c * 100 + s.a * 1000 + s.c * 10000 }
        let words = try FunctionBridge.thickFunction(for: closure, ofType: Summing.self)
        let sum = holder(FourTriples.self, from: words).function
        let triple = BridgedTriple(a: 1, b: 2, c: 3)
        #expect(sum(triple, triple, triple, triple) == 1 + 20 + 300 + 1000 + 30000)
    }

    @Test func aNonthrowingSynthesizedFunctionPreservesTheErrorRegister() throws {
        let closure: (Int, Int) -> Int = { $0 * $1 }
        let words = try FunctionBridge.thickFunction(for: closure, ofType: ((Int, Int) -> Int).self)
        let function = holder(IntPairToInt.self, from: words)
        #expect(function.function(6, 7) == 42)
        let sentinel: UInt64 = 0x5EED_0000_0000_0D15
        let returned = td_call_probing_error_register(
            UnsafeRawPointer(bitPattern: words.entry), UInt64(words.context), sentinel, 6, 7)
        #expect(returned == sentinel)
    }

    @Test func aBridgedClosureRoundTripsThroughBothDirections() throws {
        // Swift closure -> synthesized direct function -> bridged Swift closure.
        let original: (Int) -> Int = { $0 * $0 }
        let words = try FunctionBridge.thickFunction(for: original, ofType: ((Int) -> Int).self)
        let direct = holder(IntToInt.self, from: words)
        let (entry, context) = thickWords(of: direct)
        let bridged = try withExtendedLifetime(direct) {
            try FunctionBridge.closure(ofType: ((Int) -> Int).self, entry: entry, context: context)
        }
        #expect((bridged as? (Int) -> Int)?(9) == 81)
    }

    @Test func everyArityRoundTripsThroughBothDirections() throws {
        let calls = Cell<Int>()
        calls.set(0)
        let nothing: () -> Void = { calls.set(calls.value! + 1) }
        let direct0 = holder(
            VoidToVoid.self, from: try FunctionBridge.thickFunction(for: nothing, ofType: (() -> Void).self))
        direct0.function()
        let (entry0, context0) = thickWords(of: direct0)
        let bridged0 = try withExtendedLifetime(direct0) {
            try FunctionBridge.closure(ofType: (() -> Void).self, entry: entry0, context: context0)
        }
        let call0 = try #require(bridged0 as? () -> Void)
        call0()
        #expect(calls.value == 2)

        typealias Three = (Int, String, Double) -> String
        let three: Three = { "\($1)\($0)\($2)" }
        let direct3 = holder(ThreeToString.self, from: try FunctionBridge.thickFunction(for: three, ofType: Three.self))
        #expect(direct3.function(1, "a", 0.5) == "a10.5")
        let (entry3, context3) = thickWords(of: direct3)
        let bridged3 = try withExtendedLifetime(direct3) {
            try FunctionBridge.closure(ofType: Three.self, entry: entry3, context: context3)
        }
        let call3 = try #require(bridged3 as? Three)
        #expect(call3(2, "b", 1.25) == "b21.25")
    }

    @Test func anErrorCrossesBothDirections() throws {
        typealias Checking = (Int) throws -> Int
        let check: Checking = { value in
            guard value >= 0 else { throw BridgeTestError(code: value) }
            return value * 2
        }
        let direct = holder(
            ThrowingIntToInt.self, from: try FunctionBridge.thickFunction(for: check, ofType: Checking.self))
        #expect(throws: BridgeTestError(code: -1)) { try direct.function(-1) }
        let (entry, context) = thickWords(of: direct)
        let bridged = try withExtendedLifetime(direct) {
            try FunctionBridge.closure(ofType: Checking.self, entry: entry, context: context)
        }
        let call = try #require(bridged as? Checking)
        #expect(try call(21) == 42)
        #expect(throws: BridgeTestError(code: -7)) { try call(-7) }
    }

    @Test func aClosureOfAnotherTypeIsRejected() throws {
        let closure: (String) -> String = { $0 }
        #expect(throws: FunctionBridgeError.self) {
            _ = try FunctionBridge.thickFunction(for: closure, ofType: ((Int) -> Int).self)
        }
        let wrongResult: (Int) -> Int = { $0 }
        #expect(throws: FunctionBridgeError.self) {
            _ = try FunctionBridge.thickFunction(for: wrongResult, ofType: ((Int) -> Int64).self)
        }
    }

    @Test func aClosureDifferingOnlyInSendableIsServed() throws {
        // A pattern typed by inference can hold a `@Sendable` requirement's
        // answer as a plain closure (and the other way round): the same
        // representation and convention, so the bridge serves it.
        typealias Plain = (Int) -> Int
        typealias Shared = @Sendable (Int) -> Int
        let plain: Plain = { $0 + 1 }
        let asShared = holder(
            SendableIntToInt.self, from: try FunctionBridge.thickFunction(for: plain, ofType: Shared.self))
        #expect(asShared.function(41) == 42)
        let shared: Shared = { $0 * 3 }
        let asPlain = holder(IntToInt.self, from: try FunctionBridge.thickFunction(for: shared, ofType: Plain.self))
        #expect(asPlain.function(5) == 15)
    }
}
