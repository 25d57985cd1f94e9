import TestDoubles
import Testing

// `Int128` and `UInt128` (Swift 6.0's standard library) in every position (issue 17). A 128-bit
// integer travels as one register pair: two consecutive general-purpose registers, the pair starting
// at an even register on arm64; when the pair does not fit it goes whole to the stack at a 16-byte
// boundary (x86_64 with Swift 6.1 and later, arm64), or, with Swift 6.0 on x86_64, word by word.
// Before 2026-12-03 construction failed closed ("builtin field type Bi128_").

struct LedgerOverflow: Error, Equatable {
    let excess: Int128
}

struct LedgerEntry: Equatable, Sendable {
    var tag: Int8
    var amount: Int128
}

protocol WideLedger {
    func total(_ amount: Int128) -> Int128
    func unsigned(_ amount: UInt128) -> UInt128
    func afterOne(_ a0: Int, _ amount: Int128, _ tail: Int) -> Int128
    func fiveFirst(_ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ amount: Int128, _ tail: Int) -> Int128
    func sevenFirst(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ amount: Int128, _ tail: Int
    ) -> Int128
    func nineFirst(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int, _ a8: Int,
        _ amount: Int128, _ tail: Int
    ) -> Int128
    func entry(_ entry: LedgerEntry) -> LedgerEntry
    func maybe(_ amount: Int128?) -> Int128?
    func checked(_ amount: Int128) throws -> Int128
    func limited(_ amount: Int128) throws(LedgerOverflow) -> Int128
    func adjust(_ amount: inout Int128)
    func apply(_ amount: Int128, _ transform: (Int128) -> Int128) -> Int128
    func maker(_ seed: Int) -> (Int128) -> UInt128
    var balance: Int128 { get set }
    subscript(slot: Int128) -> UInt128 { get }
}

struct LiveWideLedger: WideLedger {
    var balance: Int128 = 0
    func total(_ amount: Int128) -> Int128 { amount &* 3 }
    func unsigned(_ amount: UInt128) -> UInt128 { ~amount }
    func afterOne(_ a0: Int, _ amount: Int128, _ tail: Int) -> Int128 { amount &+ Int128(a0) &* Int128(tail) }
    func fiveFirst(_ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ amount: Int128, _ tail: Int) -> Int128 {
        amount &- Int128(a4 &* tail)
    }
    func sevenFirst(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ amount: Int128, _ tail: Int
    ) -> Int128 { amount &+ Int128(a6) &- Int128(tail) }
    func nineFirst(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int, _ a8: Int,
        _ amount: Int128, _ tail: Int
    ) -> Int128 { amount ^ Int128(a8 &+ tail) }
    func entry(_ entry: LedgerEntry) -> LedgerEntry { LedgerEntry(tag: entry.tag &+ 1, amount: -entry.amount) }
    func maybe(_ amount: Int128?) -> Int128? { amount.map { $0 << 1 } }
    func checked(_ amount: Int128) throws -> Int128 { amount }
    func limited(_ amount: Int128) throws(LedgerOverflow) -> Int128 {
        if amount > Int128(Int64.max) { throw LedgerOverflow(excess: amount - Int128(Int64.max)) }
        return amount
    }
    func adjust(_ amount: inout Int128) { amount = amount &* -2 }
    func apply(_ amount: Int128, _ transform: (Int128) -> Int128) -> Int128 { transform(amount) }
    func maker(_ seed: Int) -> (Int128) -> UInt128 { { UInt128(bitPattern: $0) &+ UInt128(seed) } }
    subscript(slot: Int128) -> UInt128 { UInt128(bitPattern: slot) << 1 }
}

/// Values whose two halves differ and whose high half is not a sign extension of the low one, so a
/// half read from the wrong register or stack word shows.
enum WideSamples {
    static let big: Int128 = (Int128(0x0123_4567_89AB_CDEF) << 64) | Int128(0x7EDC_BA98_7654_3210)
    static let negative: Int128 = -(Int128(0x1111_2222_3333) << 70) - 0x55
    static let unsignedBig: UInt128 = (UInt128(0xFEDC_BA98_7654_3210) << 64) | 0x0F0F_0F0F_0F0F_0F0F
}

@Suite struct WideIntegerShapeTests {
    @Test func argumentsAndResultsInEveryRegisterPosition() throws {
        let stub = try Stub<any WideLedger>()
        stub.when { $0.total(Match.any()) }.then { (amount: Int128) in amount &* 5 }
        stub.when { $0.unsigned(Match.any()) }.then { (amount: UInt128) in amount >> 3 }
        stub.when { $0.afterOne(Match.any(), Match.any(), Match.any()) }.then { (a0: Int, amount: Int128, tail: Int) in
            amount &+ Int128(a0) &- Int128(tail)
        }
        stub.when {
            $0.fiveFirst(Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
        }.then { (_: Int, _: Int, _: Int, _: Int, a4: Int, amount: Int128, tail: Int) in
            amount ^ Int128(a4 << 8 | tail)
        }
        stub.when {
            $0.sevenFirst(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any())
        }.then { (_: Int, _: Int, _: Int, _: Int, _: Int, _: Int, a6: Int, amount: Int128, tail: Int) in
            amount &- Int128(a6 &* 1000 &+ tail)
        }
        let nine = stub.when {
            $0.nineFirst(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any())
        }
        nine.thenReturn(WideSamples.negative)
        let sut = stub()
        #expect(sut.total(WideSamples.big) == WideSamples.big &* 5)
        #expect(sut.total(WideSamples.negative) == WideSamples.negative &* 5)
        #expect(sut.unsigned(WideSamples.unsignedBig) == WideSamples.unsignedBig >> 3)
        #expect(sut.afterOne(7, WideSamples.big, 2) == WideSamples.big &+ 5)
        #expect(sut.fiveFirst(1, 2, 3, 4, 5, WideSamples.big, 6) == WideSamples.big ^ Int128(5 << 8 | 6))
        #expect(sut.sevenFirst(1, 2, 3, 4, 5, 6, 7, WideSamples.negative, 9) == WideSamples.negative &- 7009)
        #expect(sut.nineFirst(1, 2, 3, 4, 5, 6, 7, 8, 9, WideSamples.big, 11) == WideSamples.negative)
        let recorded: [(Int, Int, Int, Int, Int, Int, Int, Int, Int, Int128, Int)] = nine.arguments()
        #expect(recorded.count == 1)
        #expect(recorded.first?.8 == 9 && recorded.first?.9 == WideSamples.big && recorded.first?.10 == 11)
        stub.verify(.exactly(1)) { _ = $0.total(Match.equal(WideSamples.big)) }
    }

    @Test func insideAStructOptionalAndInout() throws {
        let stub = try Stub<any WideLedger>()
        stub.when { $0.entry(Match.any()) }.then { (entry: LedgerEntry) in
            LedgerEntry(tag: entry.tag &* 2, amount: entry.amount &+ 1)
        }
        stub.when { $0.maybe(Match.any()) }.then { (amount: Int128?) in amount.map { $0 &- 1 } ?? WideSamples.big }
        stub.when {
            var amount: Int128 = Match.any()
            $0.adjust(&amount)
        }.then { (amount: inout Int128) in amount = amount &* 3 }
        let sut = stub()
        #expect(
            sut.entry(LedgerEntry(tag: -3, amount: WideSamples.negative))
                == LedgerEntry(tag: -6, amount: WideSamples.negative &+ 1))
        #expect(sut.maybe(WideSamples.big) == WideSamples.big &- 1)
        #expect(sut.maybe(nil) == WideSamples.big)
        var amount = WideSamples.big
        sut.adjust(&amount)
        #expect(amount == WideSamples.big &* 3)
    }

    @Test func throwingAndTypedThrowing() throws {
        let stub = try Stub<any WideLedger>()
        stub.when { try $0.checked(Match.equal(WideSamples.big)) }.thenReturn(WideSamples.negative)
        stub.when { try $0.checked(Match.equal(0)) }.thenThrow(LedgerOverflow(excess: 1))
        stub.when { try $0.limited(Match.equal(WideSamples.big)) }.thenThrow(LedgerOverflow(excess: WideSamples.big))
        stub.when { try $0.limited(Match.equal(-1)) }.thenReturn(WideSamples.negative)
        let sut = stub()
        #expect(try sut.checked(WideSamples.big) == WideSamples.negative)
        #expect(throws: LedgerOverflow(excess: 1)) { try sut.checked(0) }
        #expect(throws: LedgerOverflow(excess: WideSamples.big)) { try sut.limited(WideSamples.big) }
        #expect(try sut.limited(-1) == WideSamples.negative)
    }

    @Test func closuresPropertyAndSubscript() throws {
        let stub = try Stub<any WideLedger>()
        stub.when { $0.apply(Match.any(), Match.any(using: { (value: Int128) in value })) }.then {
            (amount: Int128, transform: @escaping (Int128) -> Int128) in transform(amount) &+ 1
        }
        stub.when { $0.maker(Match.any()) }.then { (seed: Int) in
            { (value: Int128) -> UInt128 in UInt128(bitPattern: value) &* UInt128(seed) }
        }
        stub.when { $0.balance }.thenReturn(WideSamples.negative)
        let assigned = stub.whenSet { $0.balance = Match.any() }
        assigned.thenDoNothing()
        stub.when { $0[Match.any()] }.then { (slot: Int128) in UInt128(bitPattern: slot) | 1 }
        var sut = stub()
        #expect(sut.apply(WideSamples.big) { $0 >> 4 } == (WideSamples.big >> 4) &+ 1)
        #expect(sut.maker(3)(WideSamples.big) == UInt128(bitPattern: WideSamples.big) &* 3)
        #expect(sut.balance == WideSamples.negative)
        sut.balance = WideSamples.big
        #expect(assigned.arguments() == [WideSamples.big])
        #expect(sut[WideSamples.negative] == UInt128(bitPattern: WideSamples.negative) | 1)
    }

    @Test func aSpyForwardsWideIntegers() async throws {
        let spy = try Spy<any WideLedger>(forwardingTo: LiveWideLedger())
        var sut = spy()
        let big = WideSamples.big
        #expect(sut.total(big) == big &* 3)
        #expect(sut.unsigned(WideSamples.unsignedBig) == ~WideSamples.unsignedBig)
        #expect(sut.afterOne(2, big, 3) == big &+ 6)
        #expect(sut.fiveFirst(1, 2, 3, 4, 5, big, 6) == big &- 30)
        #expect(sut.sevenFirst(1, 2, 3, 4, 5, 6, 7, big, 9) == big &- 2)
        #expect(sut.nineFirst(1, 2, 3, 4, 5, 6, 7, 8, 9, big, 11) == big ^ 20)
        #expect(sut.entry(LedgerEntry(tag: 4, amount: big)) == LedgerEntry(tag: 5, amount: -big))
        #expect(sut.maybe(big >> 2) == (big >> 2) << 1)
        #expect(throws: LedgerOverflow(excess: big - Int128(Int64.max))) { try sut.limited(big) }
        var amount = WideSamples.negative
        sut.adjust(&amount)
        #expect(amount == WideSamples.negative &* -2)
        #expect(sut.apply(big) { $0 &+ 1 } == big &+ 1)
        sut.balance = WideSamples.negative
        #expect(sut.balance == WideSamples.negative)
        #expect(sut[big] == UInt128(bitPattern: big) << 1)
    }
}

/// Async requirements with a 128-bit integer: served on x86_64; on arm64 construction fails closed
/// (the arm64 lab answered wrong values for every such call, 2026-12-03: the async convention of a
/// 128-bit integer there is not measured yet).
protocol WideAsyncLedger {
    func fetched(_ a0: Int, _ amount: Int128) async throws -> UInt128
}

struct LiveWideAsyncLedger: WideAsyncLedger {
    func fetched(_ a0: Int, _ amount: Int128) async throws -> UInt128 { UInt128(bitPattern: amount) &+ UInt128(a0) }
}

/// An async requirement whose `Int128` goes to the stack, in an odd number of stack words.
protocol WideSpillingLedger {
    func spilled(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int, _ a8: Int,
        _ amount: Int128, _ tail: Int
    ) async throws -> Int128
}

struct LiveWideSpillingLedger: WideSpillingLedger {
    func spilled(
        _ a0: Int, _ a1: Int, _ a2: Int, _ a3: Int, _ a4: Int, _ a5: Int, _ a6: Int, _ a7: Int, _ a8: Int,
        _ amount: Int128, _ tail: Int
    ) async throws -> Int128 { amount &- Int128(a8 &* tail) }
}

@Suite struct WideIntegerAsyncTests {
    @Test func asyncRequirementsAreServedOnX86_64AndFailClosedOnArm64() async throws {
        #if arch(arm64)
        #expect {
            _ = try Stub<any WideAsyncLedger>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.requirement == "fetched(_:_:)" && error.reason.contains("128-bit integer")
                && error.fix.contains("ManualStub")
        }
        #else
        let stub = try Stub<any WideAsyncLedger>()
        await stub.when { try await $0.fetched(Match.any(), Match.any()) }.then { (a0: Int, amount: Int128) in
            UInt128(bitPattern: amount) ^ UInt128(a0)
        }
        #expect(try await stub().fetched(3, WideSamples.negative) == UInt128(bitPattern: WideSamples.negative) ^ 3)
        let spy = try Spy<any WideAsyncLedger>(forwardingTo: LiveWideAsyncLedger())
        #expect(try await spy().fetched(5, WideSamples.negative) == UInt128(bitPattern: WideSamples.negative) &+ 5)
        #endif
    }

    #if !arch(arm64)
    @Test func anAsyncStubReadsAnInt128FromTheStack() async throws {
        let stub = try Stub<any WideSpillingLedger>()
        let calls = await stub.when {
            try await $0.spilled(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any())
        }
        calls.then {
            (_: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, a8: Int, amount: Int128, tail: Int) in
            amount ^ Int128(a8 << 16 | tail)
        }
        let sut = stub()
        for round in 0..<3 {
            let answer = try await sut.spilled(1, 2, 3, 4, 5, 6, 7, 8, 9 + round, WideSamples.big, 10)
            #expect(answer == WideSamples.big ^ Int128((9 + round) << 16 | 10))
        }
    }

    @Test func aSpyForwardsItOrFailsClosedWhereCallerAndWitnessDisagree() async throws {
        #if arch(x86_64) && compiler(>=6.1)
        // The compiler's x86_64 callers reserve 16 bytes more than its witnesses pop here.
        #expect {
            _ = try Spy<any WideSpillingLedger>(forwardingTo: LiveWideSpillingLedger())
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.kind == .unsupportedProtocolShape && error.requirement?.hasPrefix("spilled(") == true
                && error.reason.contains("16-byte-aligned value on the stack")
        }
        #else
        let spy = try Spy<any WideSpillingLedger>(forwardingTo: LiveWideSpillingLedger())
        let answer = try await spy().spilled(1, 2, 3, 4, 5, 6, 7, 8, 9, WideSamples.big, 10)
        #expect(answer == WideSamples.big &- 90)
        #endif
    }
    #endif
}

/// No linked conformer: only explicit requirements describe it.
protocol ExplicitWideLedger {
    func total(_ a0: Int, _ amount: Int128) -> UInt128
    func pair(_ pair: (Int, Int128)) -> Int128
}

@Suite struct ExplicitWideIntegerTests {
    @Test func explicitRequirementsDescribeWideIntegers() throws {
        let stub = try Stub<any ExplicitWideLedger>(
            .method("total(_:_:)", signatureOf: { $0.total }), .method((Int, Int128).self, returning: Int128.self))
        stub.when { $0.total(Match.any(), Match.any()) }.then { (a0: Int, amount: Int128) in
            UInt128(bitPattern: amount) &+ UInt128(a0)
        }
        stub.when { $0.pair(Match.any()) }.then { (pair: (Int, Int128)) in pair.1 &- Int128(pair.0) }
        #expect(stub().total(4, WideSamples.big) == UInt128(bitPattern: WideSamples.big) &+ 4)
        #expect(stub().pair((9, WideSamples.negative)) == WideSamples.negative &- 9)
    }
}
