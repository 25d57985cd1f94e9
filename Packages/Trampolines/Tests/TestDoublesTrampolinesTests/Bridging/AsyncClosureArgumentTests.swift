import Testing

@testable import TestDoublesTrampolines

/// Holders of async closures of concrete function type: the stored property
/// is in the direct convention, so the struct's bytes are the thick function
/// (async function pointer record, context), as a witness receives it.
struct AsyncIntToInt { var function: (Int) async -> Int }
struct AsyncJoin { var function: @Sendable (String, Int) async throws -> String }
struct AsyncWiden { var function: (BridgedWide, Double) async -> BridgedWide }
struct AsyncScale { var function: (Double) async -> Double }
struct AsyncNotify { var function: @Sendable () async -> Void }
struct MainActorAsyncRecord { var function: @MainActor (Int) async -> Int }

/// The argument direction of async closures: the words a witness receives,
/// bridged into a Swift closure that a handler awaits.
@Suite struct AsyncClosureArgumentTests {
    func bridged<Holder, F>(_ holder: Holder, as _: F.Type) throws -> F {
        let (entry, context) = thickWords(of: holder)
        return try FunctionBridge.closure(ofType: F.self, entry: entry, context: context) as! F
    }

    @Test(arguments: [0, 7, -12])
    func aCapturingAsyncClosureIsAwaited(x: Int) async throws {
        let offset = Int.random(in: 1...100)
        let holder = AsyncIntToInt { value in
            await Task.yield()  // a real suspension inside the callee
            return value * 3 + offset
        }
        let f = try bridged(holder, as: ((Int) async -> Int).self)
        #expect(await f(x) == x * 3 + offset)
        #expect(await f(1) == 3 + offset)
    }

    @Test func aThrowingAsyncClosureReturnsAndThrows() async throws {
        let holder = AsyncJoin { text, count in
            guard count >= 0 else { throw BridgeTestError(code: count) }
            return String(repeating: text, count: count)
        }
        let f = try bridged(holder, as: (@Sendable (String, Int) async throws -> String).self)
        #expect(try await f("ab", 3) == "ababab")
        await #expect(throws: BridgeTestError(code: -4)) { try await f("x", -4) }
    }

    @Test func indirectResultsAndVectorArguments() async throws {
        let holder = AsyncWiden { wide, factor in
            BridgedWide(
                a: wide.a * Int(factor), b: wide.b, c: wide.c, d: wide.d + 1, name: wide.name + "!")
        }
        let f = try bridged(holder, as: ((BridgedWide, Double) async -> BridgedWide).self)
        let result = await f(BridgedWide(a: 2, b: 3, c: 4, d: 5, name: "wide"), 10)
        #expect(result == BridgedWide(a: 20, b: 3, c: 4, d: 6, name: "wide!"))

        let scale = try bridged(AsyncScale { $0 * 2.5 }, as: ((Double) async -> Double).self)
        #expect(await scale(4) == 10)
    }

    @Test func aVoidAsyncClosureRunsItsBody() async throws {
        let calls = Cell<Int>()
        calls.set(0)
        let holder = AsyncNotify { calls.set((calls.value ?? 0) + 1) }
        let f = try bridged(holder, as: (@Sendable () async -> Void).self)
        await f()
        await f()
        #expect(calls.value == 2)
    }

    @Test func aMainActorAsyncClosureRunsOnTheMainActor() async throws {
        let holder = MainActorAsyncRecord { value in
            MainActor.assertIsolated()
            return value + 1
        }
        let f = try bridged(holder, as: (@MainActor (Int) async -> Int).self)
        #expect(await f(41) == 42)
    }

    @Test func theBridgedClosureHoldsTheContext() async throws {
        weak var weakToken: LifetimeToken?
        var f: ((Int) async -> Int)?
        do {
            let token = LifetimeToken(100)
            weakToken = token
            f = try bridged(AsyncIntToInt { $0 + token.value }, as: ((Int) async -> Int).self)
        }
        #expect(weakToken != nil)
        #expect(await f?(5) == 105)
        f = nil
        #expect(weakToken == nil)
    }
}
