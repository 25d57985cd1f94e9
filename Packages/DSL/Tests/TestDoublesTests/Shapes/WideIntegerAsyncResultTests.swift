import TestDoubles
import Testing

// Async requirements answering a 128-bit integer (issue 17). An async result is an argument of the
// caller's continuation, so on arm64 a pair after an `Int` starts at x2 (x0, x2:x3), not x1 as a
// synchronous result would. A stub's answer is exact on both architectures; a Spy, which would read
// the real conformer's answer, fails closed on arm64, where Swift's debug code places it otherwise.

protocol WideAsyncBalance {
    func balance() async -> Int128
    func tagged(_ id: Int) async throws -> (Int, UInt128)
    func split(_ id: Int) async -> (Int8, Int128)
    var reserve: Int128 { get async }
}

struct LiveWideAsyncBalance: WideAsyncBalance {
    func balance() async -> Int128 { WideSamples.negative }
    func tagged(_ id: Int) async throws -> (Int, UInt128) { (id, WideSamples.unsignedBig) }
    func split(_ id: Int) async -> (Int8, Int128) { (Int8(truncatingIfNeeded: id), WideSamples.big) }
    var reserve: Int128 { get async { WideSamples.big } }
}

/// An async result of four words with the pair in the middle: on arm64 the continuation takes it in
/// x0, x2:x3, x4, one register beyond what a stub answers in.
protocol WideAsyncTriple {
    func triple() async -> (Int, Int128, Int)
}

struct LiveWideAsyncTriple: WideAsyncTriple {
    func triple() async -> (Int, Int128, Int) { (1, WideSamples.big, 2) }
}

@Suite struct WideIntegerAsyncResultTests {
    @Test func aStubAnswersAsyncPairsExactly() async throws {
        let stub = try Stub<any WideAsyncBalance>()
        await stub.when { await $0.balance() }.then { WideSamples.negative }
        await stub.when { try await $0.tagged(Match.any()) }.then { (id: Int) in (id &* 3, WideSamples.unsignedBig) }
        await stub.when { await $0.split(Match.any()) }.then { (id: Int) in (Int8(id), WideSamples.big ^ Int128(id)) }
        await stub.when { await $0.reserve }.then { WideSamples.big }
        let sut = stub()
        #expect(await sut.balance() == WideSamples.negative)
        for id in [1, -7, Int.max] {
            let (tag, amount) = try await sut.tagged(id)
            #expect(tag == id &* 3)
            #expect(amount == WideSamples.unsignedBig)
        }
        let (small, wide) = await sut.split(-5)
        #expect(small == -5)
        #expect(wide == WideSamples.big ^ -5)
        #expect(await sut.reserve == WideSamples.big)
        await stub.verify(3...3) { try await $0.tagged(Match.any()) }
    }

    @Test func aPairBeyondFourResultRegistersIsServedOnX86_64AndFailsClosedOnArm64() async throws {
        #if arch(arm64)
        #expect {
            _ = try Stub<any WideAsyncTriple>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.requirement == "triple()" && error.reason.contains("128-bit integer")
        }
        #else
        let stub = try Stub<any WideAsyncTriple>()
        await stub.when { await $0.triple() }.then { (-1, WideSamples.big, 9) }
        let (first, amount, last) = await stub().triple()
        #expect(first == -1 && amount == WideSamples.big && last == 9)
        #endif
    }

    @Test func aSpyForwardsAsyncPairsOnX86_64AndFailsClosedOnArm64() async throws {
        #if arch(arm64)
        #expect {
            _ = try Spy<any WideAsyncBalance>(forwardingTo: LiveWideAsyncBalance())
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.reason.contains("-Onone") && error.fix.contains("Stub")
        }
        #else
        let spy = try Spy<any WideAsyncBalance>(forwardingTo: LiveWideAsyncBalance())
        let sut = spy()
        #expect(await sut.balance() == WideSamples.negative)
        let (tag, amount) = try await sut.tagged(11)
        #expect(tag == 11 && amount == WideSamples.unsignedBig)
        #expect(await sut.reserve == WideSamples.big)
        #endif
    }
}
