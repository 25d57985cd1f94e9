import Dispatch
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

@testable import TestDoublesManual

/// A protocol whose conformer calls its controller from fixed sites, with
/// scalar arguments and answers, and with names given at run time.
protocol CallSiteProbe {
    func echo(_ value: Int) -> Int
    func pair(_ small: Int8, _ large: UInt64) -> Float
    func mixed(_ flag: Bool, _ real: Double) -> Double
    func label(_ text: String) -> String
    func named(_ name: String, _ value: Int) -> Int
    func widths(_ short: Int16, _ long: Int32) -> UInt8
    func trailing(_ real: Double, _ byte: UInt8) -> Int16
    func flagged(_ single: Float, _ flag: Bool) -> Bool
}

struct CallSiteProbeStubConformer: CallSiteProbe, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func echo(_ value: Int) -> Int { stub.call(value) }
    func pair(_ small: Int8, _ large: UInt64) -> Float { stub.call(small, large) }
    func mixed(_ flag: Bool, _ real: Double) -> Double { stub.call(flag, real) }
    func label(_ text: String) -> String { stub.call(text) }
    func named(_ name: String, _ value: Int) -> Int { stub.call(value, function: name) }
    func widths(_ short: Int16, _ long: Int32) -> UInt8 { stub.call(short, long) }
    func trailing(_ real: Double, _ byte: UInt8) -> Int16 { stub.call(real, byte) }
    func flagged(_ single: Float, _ flag: Bool) -> Bool { stub.call(single, flag) }
}
typealias CallSiteProbeStub = ManualStub<CallSiteProbeStubConformer>

/// The call-site index a conformer's calls find their requirement in, and
/// the scalar lane their arguments and answers take: the same requirement,
/// values and matches as before, bit for bit.
@Suite struct ManualStubCallSiteTests {
    @Test func aCallSiteIsIndexedOnceAndFoundAgain() {
        let probe = CallSiteProbeStub()
        probe.when { $0.echo(Match.any()) }.thenReturn(7)
        let service: any CallSiteProbe = probe()
        #expect(probe.requirementTable.sites.published.load(ordering: .relaxed) == 1)
        for value in 0..<3 { #expect(service.echo(value) == 7) }
        #expect(probe.requirementTable.sites.published.load(ordering: .relaxed) == 1)
        probe.when { $0.label(Match.any()) }.thenReturn("x")
        #expect(service.label("a") == "x")
        #expect(probe.requirementTable.sites.published.load(ordering: .relaxed) == 2)
        probe.verify(3...3) { $0.echo(Match.any()) }
        let echoed: [Int] = probe.when { $0.echo(Match.any()) }.arguments()
        #expect(echoed == [0, 1, 2])
    }

    @Test func moreCallSitesThanTheIndexHoldsKeepTheirOwnAnswers() {
        let probe = CallSiteProbeStub()
        let count = RequirementSiteIndex.capacity + 8
        for index in 0..<count {
            probe.when { $0.named("op\(index)(_:)", Match.any()) }.thenReturn(index * 10)
        }
        let service: any CallSiteProbe = probe()
        for round in 0..<2 {
            for index in 0..<count { #expect(service.named("op\(index)(_:)", round) == index * 10) }
        }
        #expect(probe.requirementTable.sites.published.load(ordering: .relaxed) == RequirementSiteIndex.capacity)
        for index in 0..<count {
            probe.verify(2...2) { $0.named("op\(index)(_:)", Match.any()) }
        }
        // A site the index has no room for is read from one slot of the table's own, call after call.
        let table = probe.requirementTable
        for index in 0..<count {
            let slots = (0..<2).map { _ in
                table.requirement("op\(index)(_:)", .call, effects: [], arguments: Int.self, result: Int.self)
            }
            #expect(slots[0] == slots[1])
            #expect(table.sites.keeps(slots[0]) == (index < RequirementSiteIndex.capacity))
            #expect(slots[0].pointee.name == "op\(index)(_:)")
        }
    }

    @Test func aProtocolWithManyRequirementsFindsEachCallSiteInTheIndex() {
        // Each name's storage is kept, so every call passes the same words, as a `#function` literal does.
        let names = (0..<40).map { "requirement\($0)(_:)" }
        let probe = CallSiteProbeStub()
        for (index, name) in names.enumerated() {
            probe.when { $0.named(name, Match.any()) }.thenReturn(index * 10)
        }
        let service: any CallSiteProbe = probe()
        for round in 0..<3 {
            for (index, name) in names.enumerated().reversed() { #expect(service.named(name, round) == index * 10) }
        }
        #expect(probe.requirementTable.sites.published.load(ordering: .relaxed) == names.count)
        let table = probe.requirementTable
        for (index, name) in names.enumerated() {
            let words = RequirementSiteIndex.words(of: name)
            let shape = RequirementSiteIndex.shape([], .call, count: 1)
            let found = table.sites.requirement(
                words, shape: shape, result: ObjectIdentifier(Int.self), error: nil, arguments: Int.self)
            #expect(found == UnsafePointer(table.sites.requirement(at: index)))
            #expect(found?.pointee.name == name)
            // The same name with another argument type is another site, not indexed yet.
            #expect(
                table.sites.requirement(
                    words, shape: shape, result: ObjectIdentifier(Int.self), error: nil, arguments: Int8.self) == nil)
        }
        for name in names { probe.verify(3...3) { $0.named(name, Match.any()) } }
    }

    @Test func sitesAddedFromManyThreadsAreEachFoundOnce() {
        let names = (0..<(RequirementSiteIndex.capacity + 20)).map { "concurrent\($0)(_:)" }
        let table = CallSiteProbeStub().requirementTable
        let found = Locked([String: Set<UnsafePointer<Requirement>>]())
        // Each thread asks for every name in an order of its own, twice: sites are added, and the
        // table of buckets replaced as it grows, while the others look theirs up without the lock.
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<2 {
                for offset in 0..<names.count {
                    let name = names[(offset * 7 + thread * 31) % names.count]
                    let slot = table.requirement(name, .call, effects: [], arguments: Int.self, result: Int.self)
                    found.withLock { _ = $0[name, default: []].insert(slot) }
                }
            }
        }
        let slots = found.withLock { $0 }
        #expect(slots.count == names.count)
        for name in names {
            #expect(slots[name]?.count == 1)
            #expect(slots[name]?.first?.pointee.name == name)
        }
        #expect(table.sites.published.load(ordering: .relaxed) == RequirementSiteIndex.capacity)
    }

    @Test func aNameBuiltTwiceAtRunTimeIsOneRequirement() {
        // Longer than a small string: each build has storage of its own, so its words differ.
        func name() -> String { String(repeating: "operation", count: 3) + "(_:)" }
        let probe = CallSiteProbeStub()
        probe.when { $0.named(name(), Match.any()) }.thenReturn(5)
        let service: any CallSiteProbe = probe()
        #expect(service.named(name(), 1) == 5)
        #expect(service.named(name(), 2) == 5)
        probe.verify(2...2) { $0.named(name(), Match.any()) }
        #expect(probe.requirementTable.sites.published.load(ordering: .relaxed) == 1)
        // Every build of the name is read where its one site keeps the requirement.
        let table = probe.requirementTable
        for _ in 0..<2 {
            let slot = table.requirement(name(), .call, effects: [], arguments: Int.self, result: Int.self)
            #expect(slot == UnsafePointer(table.sites.requirement(at: 0)))
        }
    }

    @Test func scalarArgumentsAreRecordedAndMatchedBitForBit() {
        let probe = CallSiteProbeStub()
        let quietNaN = Float(bitPattern: 0x7FC0_0123)
        probe.when { $0.pair(Match.equal(Int8.min), Match.any()) }.thenReturn(quietNaN)
        probe.when { $0.pair(Match.any(), Match.any()) }.thenReturn(1.5)
        let service: any CallSiteProbe = probe()
        #expect(service.pair(Int8.min, UInt64.max).bitPattern == quietNaN.bitPattern)
        #expect(service.pair(-1, 0x8000_0000_0000_0001) == 1.5)
        let pairs: [(Int8, UInt64)] = probe.when { $0.pair(Match.any(), Match.any()) }.arguments()
        #expect(pairs.map(\.0) == [Int8.min, -1])
        #expect(pairs.map(\.1) == [UInt64.max, 0x8000_0000_0000_0001])
        probe.verify(1...1) { $0.pair(Match.equal(-1), Match.equal(0x8000_0000_0000_0001)) }
    }

    @Test func scalarArgumentsReachAHandlerUnchanged() {
        let probe = CallSiteProbeStub()
        probe.when { $0.mixed(Match.any(), Match.any()) }.then { (flag: Bool, real: Double) in flag ? real : -real }
        let service: any CallSiteProbe = probe()
        let negativeZero = -0.0
        #expect(service.mixed(true, negativeZero).bitPattern == negativeZero.bitPattern)
        #expect(service.mixed(false, 2.5) == -2.5)
        let calls: [(Bool, Double)] = probe.when { $0.mixed(Match.any(), Match.any()) }.arguments()
        #expect(calls.map(\.0) == [true, false])
        #expect(calls.map(\.1.bitPattern) == [negativeZero.bitPattern, 2.5.bitPattern])
    }

    @Test func twoScalarsOfDifferentWidthsAreReadFromTheirOwnBytes() {
        let probe = CallSiteProbeStub()
        probe.when { $0.widths(Match.any(), Match.any()) }.thenReturn(UInt8.max)
        probe.when { $0.trailing(Match.any(), Match.equal(0x80)) }.thenReturn(Int16.min)
        probe.when { $0.trailing(Match.any(), Match.any()) }.thenReturn(1)
        probe.when { $0.flagged(Match.any(), Match.equal(false)) }.thenReturn(true)
        let service: any CallSiteProbe = probe()
        #expect(service.widths(Int16.min, Int32.min) == UInt8.max)
        #expect(service.widths(-1, 0x7FFF_FFFF) == UInt8.max)
        #expect(service.trailing(-0.0, 0x80) == Int16.min)
        #expect(service.trailing(.infinity, 0x7F) == 1)
        let signalingNaN = Float(bitPattern: 0x7FA0_0001)
        #expect(service.flagged(signalingNaN, false))

        let widths: [(Int16, Int32)] = probe.when { $0.widths(Match.any(), Match.any()) }.arguments()
        #expect(widths.map(\.0) == [Int16.min, -1])
        #expect(widths.map(\.1) == [Int32.min, 0x7FFF_FFFF])
        let trailing: [(Double, UInt8)] = probe.when { $0.trailing(Match.any(), Match.any()) }.arguments()
        #expect(trailing.map(\.0.bitPattern) == [(-0.0).bitPattern, Double.infinity.bitPattern])
        #expect(trailing.map(\.1) == [0x80, 0x7F])
        let flagged: [(Float, Bool)] = probe.when { $0.flagged(Match.any(), Match.any()) }.arguments()
        #expect(flagged.map(\.0.bitPattern) == [signalingNaN.bitPattern])
        #expect(flagged.map(\.1) == [false])
        probe.verify(1...1) { $0.widths(Match.equal(-1), Match.equal(0x7FFF_FFFF)) }
        probe.verify(1...1) { $0.trailing(Match.equal(.infinity), Match.equal(0x7F)) }
    }
}
