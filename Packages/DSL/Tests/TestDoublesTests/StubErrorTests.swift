import Testing

@testable import TestDoubles

@Suite struct StubErrorTests {
    @Test func descriptionNamesTypeRequirementReasonAndFix() {
        let error = StubError(
            .unsupportedProtocolShape,
            type: "any Store",
            requirement: "items(of:)",
            reason: "the associated type Item is not bound",
            fix: "bind it with any Store<Int>, or use ManualStub"
        )
        #expect(
            error.description
                == "Cannot build a test double for any Store, requirement items(of:): "
                + "the associated type Item is not bound. Fix: bind it with any Store<Int>, or use ManualStub"
        )
    }
}

@Suite struct StubErrorCaseTests {
    @Test func anUnsupportedShapeIsThePatternMatchableCase() {
        do {
            _ = try Stub<any Pairing>()
            Issue.record("a tuple parameter was accepted")
        } catch StubError.unsupportedProtocolShape(let protocolName, let reason) {
            #expect(protocolName == "TestDoublesTests.Pairing")
            #expect(reason.hasPrefix("requirement sum(_:): "))
            #expect(reason.contains("tuple"))
        } catch {
            Issue.record("unexpected case \(error)")
        }
    }

    @Test func theTextPayloadReadsBackAsRequirementReasonAndFix() {
        let error = StubError.unsupportedProtocolShape(
            protocolName: "any Store", reason: "requirement items(of:): Item is not bound Fix: bind it")
        #expect(error.requirement == "items(of:)")
        #expect(error.reason == "Item is not bound")
        #expect(error.fix == "bind it")
        #expect(error.kind == .unsupportedProtocolShape)
    }

    @Test func aConcreteTypeIsTypeIsNotProtocol() {
        do {
            _ = try Stub<Int>()
            Issue.record("Int was accepted")
        } catch let error as StubError {
            guard case .typeIsNotProtocol(let description) = error else {
                Issue.record("unexpected case \(error)")
                return
            }
            #expect(description == "Swift.Int")
            #expect(error.description.contains("Stub<any P>"))
        } catch {
            Issue.record("not a StubError: \(error)")
        }
    }

    @Test func structuredCasesDescribeThemselves() {
        let error = StubError.requirementCountMismatch(protocolName: "any Clock", expected: 2, actual: 1)
        #expect(error.description.contains("1 explicit requirements were given, but any Clock has 2"))
        #expect(error.kind == .signatureDiscoveryFailed)
        #expect(error.requirement == nil)
    }
}
