import TestDoublesManual
import Testing

/// Requirements whose answers a catch-all `thenReturn` gives in one hold,
/// with their arguments boxed on the caller's stack.
protocol Meter {
    func read(_ channel: Int8, _ scale: Double) -> Float
    func flag(_ name: String) -> Bool
    func total(_ values: [Int]) -> UInt64
    func widen(_ value: Int) -> Int?
    func reset(_ code: Int)
    func sum(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) -> Int
}

struct MeterStub: Meter, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func read(_ channel: Int8, _ scale: Double) -> Float { stub.call(channel, scale) }
    func flag(_ name: String) -> Bool { stub.call(name) }
    func total(_ values: [Int]) -> UInt64 { stub.call(values) }
    func widen(_ value: Int) -> Int? { stub.call(value) }
    func reset(_ code: Int) { stub.call(code) }
    func sum(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) -> Int { stub.call(a, b, c, d, e) }
}

@Suite struct ManualStubOneHoldAnswerTests {
    @Test func configuredScalarsComeBackExactAndArgumentsAreKept() {
        let meter = ManualStub<MeterStub>()
        let reads = meter.when { $0.read(Match.any(), Match.any()) }
        reads.thenReturn(Float(-0.5))
        meter.when { $0.flag(Match.any()) }.thenReturn(true)
        let totals = meter.when { $0.total(Match.any()) }
        totals.thenReturn(UInt64.max)
        meter.when { $0.reset(Match.any()) }.thenDoNothing()
        meter.when { $0.sum(Match.any(), Match.any(), Match.any(), Match.any(), Match.any()) }.thenReturn(Int.min)
        #expect(meter().read(-3, 2.5) == -0.5)
        #expect(meter().flag("on"))
        #expect(meter().total([1, 2, 3]) == UInt64.max)
        meter().reset(9)
        #expect(meter().sum(1, 2, 3, 4, 5) == Int.min)
        let readArguments: [(Int8, Double)] = reads.arguments()
        #expect(readArguments.map(\.0) == [-3])
        #expect(readArguments.map(\.1) == [2.5])
        let totalArguments: [[Int]] = totals.arguments()
        #expect(totalArguments == [[1, 2, 3]])
        meter.verify { $0.flag(Match.equal("on")) }
        meter.verify { $0.reset(Match.equal(9)) }
        meter.verify { $0.sum(Match.equal(1), Match.any(), Match.any(), Match.any(), Match.equal(5)) }
    }

    @Test func aHandlerOrAMatcherTakesTheGeneralPathWithTheSameArguments() {
        let meter = ManualStub<MeterStub>()
        meter.when { $0.flag(Match.equal("off")) }.thenReturn(false)
        let flags = meter.when { $0.flag(Match.any()) }
        flags.then { (name: String) in name.count > 2 }
        meter.when { $0.sum(Match.any(), Match.any(), Match.any(), Match.any(), Match.any()) }
            .then { (a: Int, b: Int, c: Int, d: Int, e: Int) in a + b + c + d + e }
        meter.when { $0.widen(Match.any()) }.thenReturn(7)
        #expect(meter().flag("off") == false)
        #expect(meter().flag("long"))
        #expect(meter().flag("no") == false)
        #expect(meter().sum(1, 2, 3, 4, 5) == 15)
        #expect(meter().widen(1) == 7)
        let names: [String] = flags.arguments()
        #expect(names == ["off", "long", "no"])
    }
}
