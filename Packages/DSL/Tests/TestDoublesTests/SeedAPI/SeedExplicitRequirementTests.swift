import TestDoubles
import Testing

// Explicit requirements as the seed's Construction Guide spells them, for
// protocols with no conformer linked into the test process.

protocol HeatController {
    func setTarget(_ celsius: Double, zone: Int) -> Bool
    func reading() throws -> Double
    func calibrate() async throws(CalibrationError) -> Int
    var mode: String { get set }
    subscript(zone: Int) -> Double { get set }
}

struct CalibrationError: Error, Equatable {
    let code: Int
}

protocol TapLabeled {
    var label: String { get }
}

protocol TapCounter: TapLabeled {
    func increment(by step: Int) -> Int
}

@Suite struct SeedExplicitRequirementTests {
    private func thermostat() throws -> Stub<any HeatController> {
        try Stub<any HeatController>(
            .method(Double.self, Int.self, returning: Bool.self),
            .method(returning: Double.self, isThrowing: true),
            .method(returning: Int.self, throwing: CalibrationError.self, isAsync: true),
            .getter(String.self), .setter(String.self),
            .subscriptGetter(indexedBy: Int.self, returning: Double.self),
            .subscriptSetter(indexedBy: Int.self, assigning: Double.self))
    }

    @Test func typeFactoriesDescribeMethodsAccessorsAndSubscripts() async throws {
        let stub = try thermostat()
        stub.when { $0.setTarget(Match.greaterThan(30), zone: Match.any()) }.thenReturn(false)
        stub.when { $0.setTarget(Match.any(), zone: Match.any()) }.thenReturn(true)
        stub.when { try $0.reading() }.thenReturn(21.5)
        await stub.when { try await $0.calibrate() }.thenThrow(CalibrationError(code: 7))
        stub.when { $0.mode }.thenReturn("eco")
        stub.whenSet { $0.mode = Match.any() }.thenDoNothing()
        stub.when { $0[Match.any()] }.thenReturn(19)
        stub.whenSet { $0[Match.any()] = Match.any() }.thenDoNothing()

        var device = stub()
        #expect(device.setTarget(35, zone: 1) == false)
        #expect(device.setTarget(20, zone: 2) == true)
        #expect(try device.reading() == 21.5)
        await #expect(throws: CalibrationError(code: 7)) { try await device.calibrate() }
        #expect(device.mode == "eco")
        device.mode = "boost"
        #expect(device[3] == 19)
        device[3] = 22
        device.mode += "!"  // _modify, built from the getter and the setter

        stub.verifySet(1...1) { $0.mode = Match.equal("boost") }
        stub.verifySet(1...1) { $0.mode = Match.equal("eco!") }
        stub.verifySet(1...1) { $0[Match.equal(3)] = Match.equal(22) }
    }

    @Test func keyPathAndClosureSignatures() throws {
        let stub = try Stub<any HeatController>(
            .method(signatureOf: { $0.setTarget }),
            .method(signatureOf: { $0.reading }),
            .method(signatureOf: { $0.calibrate }),
            .getter(signatureOf: \.mode), .setter(signatureOf: \.mode),
            .subscriptGetter(indexedBy: Int.self, returning: Double.self),
            .subscriptSetter(indexedBy: Int.self, assigning: Double.self))
        stub.when { $0.mode }.thenReturn("auto")
        #expect(stub().mode == "auto")
    }

    @Test func valueDescriptionsOfConcreteTypes() throws {
        let stub = try Stub<any TapCounter>(
            .getter(.concrete(String.self)),
            .method(.concrete(Int.self), returning: .concrete(Int.self)))
        stub.when { $0.increment(by: Match.any()) }.then { (step: Int) in step * 10 }
        stub.when { $0.label }.thenReturn("clicks")
        #expect(stub().increment(by: 4) == 40)
        #expect(stub().label == "clicks")
    }

    @Test func requirementsGroupedByProtocol() throws {
        let stub = try Stub<any TapCounter>(
            requirementsByProtocol: .requirements(
                declaredBy: (any TapCounter).self, .method(Int.self, returning: Int.self)),
            .requirements(declaredBy: (any TapLabeled).self, .getter(signatureOf: { $0.label })))
        stub.when { $0.increment(by: Match.any()) }.thenReturn(1)
        #expect(stub().increment(by: 1) == 1)
    }

    @Test func groupsThatDoNotFitFailClosedWithTheDocumentedCases() {
        #expect(throws: StubError.missingProtocolRequirementGroup(protocolName: "TapLabeled")) {
            try Stub<any TapCounter>(
                requirementsByProtocol: .requirements(
                    declaredBy: (any TapCounter).self, .method(Int.self, returning: Int.self)))
        }
        #expect(
            throws: StubError.foreignProtocolRequirementGroup(
                protocolName: "HeatController", typeDescription: "TestDoublesTests.TapCounter")
        ) {
            try Stub<any TapCounter>(
                requirementsByProtocol: .requirements(declaredBy: (any HeatController).self, .getter(String.self)))
        }
    }

    @Test func aRequirementOfTheWrongKindOrCountFailsClosed() {
        #expect(
            throws: StubError.requirementMismatch(
                protocolName: "TapLabeled", requirementIndex: 0,
                expected: "a getter (TapLabeled's 1st member in declaration order)", actual: "a method")
        ) {
            try Stub<any TapCounter>(.method(returning: String.self), .method(Int.self, returning: Int.self))
        }
        #expect(
            throws: StubError.requirementCountMismatch(
                protocolName: "TestDoublesTests.TapCounter", expected: 2, actual: 1)
        ) {
            try Stub<any TapCounter>(.getter(String.self))
        }
    }

    @Test func valuesWithoutMetadataFailClosedNamingTheValue() {
        do {
            _ = try Stub<any TapCounter>(
                .getter(.associatedType(named: "Label")), .method(Int.self, returning: Int.self))
            Issue.record("an associated type without metadata was accepted")
        } catch {
            #expect(error.kind == .unsupportedProtocolShape)
            #expect(error.reason.contains("Self.Label"))
            // The entry by its place in the list, the protocol's requirement in words (no conformer names it).
            #expect(
                error.requirement
                    == "explicit requirement 1 (getter(0)) for TapLabeled's 1st member in declaration order (the "
                    + "getter of a property or subscript)")
        }
    }

    @Test func bindingAnUnboundAssociatedTypeFailsClosed() {
        #expect(throws: StubError.self) {
            try Stub<any TapCounter>(
                associatedTypes: [.binding(declaredBy: (any TapCounter).self, named: "Element", to: Int.self)])
        }
    }
}
