import Testing

@testable import TestDoublesTrampolines

/// The result direction of async closures: a Swift async closure handed to a
/// direct-convention caller as a thick function (async function pointer
/// record, context), called as compiled code calls it.
@Suite struct AsyncClosureResultTests {
    func made<Holder, F>(_ closure: F, as _: Holder.Type) throws -> Holder {
        holder(Holder.self, from: try FunctionBridge.thickFunction(for: closure, ofType: F.self))
    }

    @Test(arguments: [0, 7, -12])
    func aMadeAsyncFunctionAwaitsTheClosure(x: Int) async throws {
        let offset = Int.random(in: 1...100)
        let closure: (Int) async -> Int = { value in
            await Task.yield()  // a real suspension inside the closure
            return value * 3 + offset
        }
        let direct = try made(closure, as: AsyncIntToInt.self)
        #expect(await direct.function(x) == x * 3 + offset)
        #expect(await direct.function(1) == 3 + offset)
    }

    @Test func aMadeThrowingAsyncFunctionReturnsAndThrows() async throws {
        let closure: @Sendable (String, Int) async throws -> String = { text, count in
            guard count >= 0 else { throw BridgeTestError(code: count) }
            return String(repeating: text, count: count)
        }
        let direct = try made(closure, as: AsyncJoin.self)
        #expect(try await direct.function("ab", 3) == "ababab")
        await #expect(throws: BridgeTestError(code: -4)) { try await direct.function("x", -4) }
    }

    @Test func indirectResultsVectorsAndVoid() async throws {
        let widen: (BridgedWide, Double) async -> BridgedWide = { wide, factor in
            BridgedWide(a: wide.a * Int(factor), b: wide.b, c: wide.c, d: wide.d + 1, name: wide.name + "!")
        }
        let direct = try made(widen, as: AsyncWiden.self)
        let result = await direct.function(BridgedWide(a: 2, b: 3, c: 4, d: 5, name: "wide"), 10)
        #expect(result == BridgedWide(a: 20, b: 3, c: 4, d: 6, name: "wide!"))
        let scale = try made({ (value: Double) async in value * 2.5 }, as: AsyncScale.self)
        #expect(await scale.function(4) == 10)

        let calls = Cell<Int>()
        calls.set(0)
        let notify = try made({ @Sendable () async in calls.set((calls.value ?? 0) + 1) }, as: AsyncNotify.self)
        await notify.function()
        await notify.function()
        #expect(calls.value == 2)
    }

    @Test func aMainActorAsyncClosureStillRunsOnTheMainActor() async throws {
        let closure: @MainActor (Int) async -> Int = { value in
            MainActor.assertIsolated()
            return value + 1
        }
        let direct = try made(closure, as: MainActorAsyncRecord.self)
        #expect(await direct.function(41) == 42)
    }

    @Test func roundTripThroughBothDirections() async throws {
        // Made for a caller, then received back as an argument: the same answers.
        let closure: (Int) async -> Int = { $0 - 1 }
        let direct = try made(closure, as: AsyncIntToInt.self)
        let (entry, context) = thickWords(of: direct)
        let received = try FunctionBridge.closure(ofType: ((Int) async -> Int).self, entry: entry, context: context)
        #expect(await (received as! (Int) async -> Int)(10) == 9)
    }

    @Test func theMadeFunctionReleasesTheClosureWithItsContext() async throws {
        weak var weakToken: LifetimeToken?
        do {
            let token = LifetimeToken(100)
            weakToken = token
            let direct = try made({ (value: Int) async in value + token.value }, as: AsyncIntToInt.self)
            #expect(await direct.function(5) == 105)
        }
        #expect(weakToken == nil)
    }

    @Test func aClosureOfAnotherTypeIsRefused() {
        let closure: (Int) -> Int = { $0 }
        #expect(throws: FunctionBridgeError.self) {
            _ = try FunctionBridge.thickFunction(for: closure, ofType: ((Int) async -> Int).self)
        }
    }
}
