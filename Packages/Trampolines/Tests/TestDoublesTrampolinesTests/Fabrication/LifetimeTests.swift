import Testing

@testable import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#endif

/// Used only by `retiredTablesAreReused`, so no other test shares its pool.
protocol Recycled {
    func ping()
}

@Suite struct LifetimeTests {
    let convention = TrampolineConvention.host

    func adderHandler() throws -> @Sendable (CallFrame) -> Void {
        let arguments = try convention.placeArguments([.word, .word])
        let result = try convention.placeResult(.word)
        return { frame in
            frame.setResult(
                frame.argument(Int.self, at: arguments[0]) + frame.argument(Int.self, at: arguments[1]), at: result)
        }
    }

    /// Returns only the value: the conformance is not referenced by the caller.
    func makeDetachedAdder() throws -> any Adder {
        try fabricate((any Adder).self, handler: try adderHandler()).value
    }

    @Test func valuesOutliveTheirConformanceReference() throws {
        let adder = try makeDetachedAdder()
        #expect(adder.add(40, 2) == 42)
        let copy = adder
        #expect(copy.add(1, 2) == 3)
    }

    @Test func theLastValueReleasesTheConformance() throws {
        weak var weakConformance: FabricatedConformance?
        var values: [any Adder] = []
        do {
            let (value, conformance) = try fabricate((any Adder).self, handler: try adderHandler())
            weakConformance = conformance
            values = [value, try conformance.materialize(as: (any Adder).self)]
        }
        #expect(weakConformance != nil)
        #expect(values.map { $0.add(2, 3) } == [5, 5])
        values.removeFirst()
        #expect(weakConformance != nil)
        values.removeAll()
        #expect(weakConformance == nil)
    }

    @Test func retiredTablesAreReusedOnlyForTheSameShape() throws {
        let adder = try ProtocolProbe.protocolDescriptor(of: (any Adder).self)
        let first = WitnessTableLayout(protocolDescriptor: adder, slots: [.requirement(dispatchIndex: 0)])
        let other = WitnessTableLayout(protocolDescriptor: adder, slots: [.word(7)])
        #expect(
            first.reuseKey
                == WitnessTableLayout(protocolDescriptor: adder, slots: [.requirement(dispatchIndex: 3)]).reuseKey)
        #expect(first.reuseKey != other.reuseKey)
        // The pool finds a key's tables by its hash, then compares the words: equal keys must hash alike.
        #expect(
            first.reuseKey.hash
                == WitnessTableLayout(protocolDescriptor: adder, slots: [.requirement(dispatchIndex: 5)]).reuseKey.hash)
        #expect(
            first.reuseKey != WitnessTableLayout(protocolDescriptor: adder, slots: [.associatedType(Int.self)]).reuseKey
        )
        #expect(
            WitnessTableLayout(protocolDescriptor: adder, slots: [.associatedType(Int.self)]).reuseKey
                != WitnessTableLayout(protocolDescriptor: adder, slots: [.associatedType(String.self)]).reuseKey)
    }

    @Test func aDeadConformancesTableIsReusedForTheSameShape() throws {
        func tableOfAFreshConformance() throws -> UnsafeRawPointer {
            let (value, conformance) = try fabricate((any Recycled).self) { _ in }
            value.ping()
            return conformance.witnessTables[0]
        }
        let first = try tableOfAFreshConformance()
        let second = try tableOfAFreshConformance()
        #expect(first == second)
    }

    /// Bytes of anonymous executable mappings: the published veneer pages
    /// (other tests' heap allocations never show up here).
    static func anonymousExecutableBytes() -> Int {
        guard let maps = readTextFile("/proc/self/maps") else { return -1 }
        var total = 0
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 5, fields[1].hasPrefix("r-x"), fields[4] == "0" else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
            if bounds.count == 2 { total += Int(bounds[1] - bounds[0]) }
        }
        return total
    }

    @Test func tenThousandFabricateAndDestroyCyclesKeepMemoryFlat() throws {
        let handler = try adderHandler()
        var released = 0
        func cycle(_ index: Int) throws {
            weak var weakConformance: FabricatedConformance?
            do {
                let (value, conformance) = try fabricate((any Adder).self, handler: handler)
                weakConformance = conformance
                #expect(value.add(index, 1) == index + 1)
            }
            if weakConformance == nil { released += 1 }
        }
        for index in 0..<1000 { try cycle(index) }  // warm up pools and caches
        let before = Self.anonymousExecutableBytes()
        released = 0
        for index in 0..<10_000 { try cycle(index) }
        let after = Self.anonymousExecutableBytes()
        #expect(before >= 0)
        // Every conformance (and with it its tables, veneers and handler) is
        // freed when its last value dies: counted exactly, so the test does
        // not depend on resident memory, which other tests running in
        // parallel in this process move by tens of megabytes. The resident
        // set of a process doing nothing else is checked by ci/memory.
        #expect(released == 10_000, "\(10_000 - released) of 10,000 conformances outlived their values")
        // A leaked veneer page per cycle would be 40 MB of anonymous
        // executable mappings; only other tests' fabricated conformances,
        // alive for a moment, share that measure.
        let executableGrowth = after - before
        #expect(executableGrowth < 4 << 20, "veneer mappings grew by \(executableGrowth) bytes over 10,000 cycles")
    }
}
