import Testing

@testable import TestDoublesTrampolines

/// Used only by this suite, so no other test shares its retired tables.
protocol CastTarget {
    func answer() -> Int
}

/// Refines `CastTarget`; used only by this suite.
protocol RefinedCastTarget: CastTarget {
    func extra() -> Int
}

/// Never fabricated: casts to it must fail.
protocol NeverFabricated {
    func answer() -> Int
}

/// A conformer, so the protocols are not dead-stripped as types.
struct ConstantCastTarget: RefinedCastTarget, NeverFabricated {
    func answer() -> Int { 0 }
    func extra() -> Int { 0 }
}

/// Serialized: the reuse test needs the table its conformance retired to come
/// back to its next conformance of the same layout, and the other tests make
/// conformances of that layout; run beside it, one of them may take the table
/// first (seen under qemu on arm64).
@Suite(.serialized) struct DynamicCastTests {
    let convention = TrampolineConvention.host

    /// A handler that answers `value` for slot 0 and `value + 1000` for any other.
    func answering(_ value: Int) throws -> @Sendable (CallFrame) -> Void {
        let result = try convention.placeResult(.word)
        return { frame in frame.setResult(frame.slot == 0 ? value : value + 1000, at: result) }
    }

    func refined(answering value: Int) throws -> (value: any RefinedCastTarget, conformance: FabricatedConformance) {
        let base = try ProtocolProbe.protocolDescriptor(of: (any CastTarget).self)
        let refined = try ProtocolProbe.protocolDescriptor(of: (any RefinedCastTarget).self)
        let baseLayout = WitnessTableLayout(protocolDescriptor: base, slots: [.requirement(dispatchIndex: 0)])
        let layout = WitnessTableLayout(
            protocolDescriptor: refined, slots: [.baseProtocol(baseLayout), .requirement(dispatchIndex: 1)])
        let conformance = try FabricatedConformance(
            [layout], module: "Probe", typeName: "Refined\(value)", handler: try answering(value))
        return (try conformance.materialize(as: (any RefinedCastTarget).self), conformance)
    }

    @Test func aValueCastsToItsProtocolAndItsBaseAndAnswersFromItsOwnHandler() throws {
        let (value, conformance) = try refined(answering: 7)
        let boxed: Any = value
        let asRefined = try #require(boxed as? any RefinedCastTarget)
        let asBase = try #require(boxed as? any CastTarget)
        #expect(asRefined.extra() == 1007)
        #expect(asBase.answer() == 7)
        #expect((value as AnyObject) is any CastTarget)
        #expect(!(boxed is any NeverFabricated))
        withExtendedLifetime(conformance) {}
    }

    @Test func twoConformancesOfOneLayoutKeepTheirOwnTables() throws {
        let (first, firstConformance) = try refined(answering: 1)
        let (second, secondConformance) = try refined(answering: 2)
        let values: [Any] = [first, second]
        #expect(values.compactMap { ($0 as? any CastTarget)?.answer() } == [1, 2])
        #expect(ObjectIdentifier(firstConformance.payloadType) != ObjectIdentifier(secondConformance.payloadType))
    }

    @Test func aBaseProtocolsValueIsNotTheRefinedOne() throws {
        let base = try ProtocolProbe.protocolDescriptor(of: (any CastTarget).self)
        let conformance = try FabricatedConformance(
            [WitnessTableLayout(protocolDescriptor: base, slots: [.requirement(dispatchIndex: 0)])],
            handler: try answering(3))
        let boxed: Any = try conformance.materialize(as: (any CastTarget).self)
        #expect((boxed as? any CastTarget)?.answer() == 3)
        #expect(!(boxed is any RefinedCastTarget))
        #expect(!(boxed is any NeverFabricated))
    }

    @Test func reusedTablesAnswerCastsForTheirNewConformanceOnly() throws {
        var oldTables: [UInt] = []
        var oldType: ObjectIdentifier?
        do {
            let (value, conformance) = try refined(answering: 10)
            #expect((value as Any as? any CastTarget)?.answer() == 10)
            oldTables = conformance.witnessTables.map { UInt(bitPattern: $0) }
            oldType = ObjectIdentifier(conformance.payloadType)
        }
        let (value, conformance) = try refined(answering: 20)
        // The retired allocation (already registered) came back for the same layout.
        #expect(conformance.witnessTables.map { UInt(bitPattern: $0) } == oldTables)
        #expect(ObjectIdentifier(conformance.payloadType) != oldType)
        let boxed: Any = value
        #expect((boxed as? any CastTarget)?.answer() == 20)
        #expect((boxed as? any RefinedCastTarget)?.extra() == 1020)
    }

    @Test func theValuesTypeIsASubclassOfThePayloadNamedAsAsked() throws {
        let (value, conformance) = try refined(answering: 5)
        #expect(String(reflecting: type(of: value)) == "Probe.Refined5")
        #expect(String(reflecting: value) == "Probe.Refined5")
        #expect(ObjectIdentifier(type(of: value)) == ObjectIdentifier(conformance.payloadType))
        #expect(FabricatedConformance.isPayload(value as AnyObject))
        #expect(!FabricatedConformance.isPayload(conformance))
        #expect((value as AnyObject) is FabricatedPayload)
        #expect(conformance.owns(value as AnyObject))
        // What the class costs the process, for good: a few hundred bytes.
        #expect(PayloadClass.byteCount(nameLength: 7) < 512)
    }
}
