import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

@Suite struct ManualStubContractTests {
    @Test func theContractExampleWorksAsWritten() throws {
        let prices = PriceServiceStub()
        prices.when { try $0.price(Match.equal("apple")) }.thenReturn(42)
        let service: any PriceService = prices()
        #expect(try service.price("apple") == 42)
        prices.verify { try $0.price(Match.any()) }
    }

    @Test func aThrowingRequirementThrowsTheConfiguredError() {
        let prices = PriceServiceStub()
        prices.when { try $0.price(Match.any()) }.thenThrow(LoadError.offline)
        let service: any PriceService = prices()
        #expect(throws: LoadError.offline) { try service.price("pear") }
    }

    @Test func anUnmatchedCallReportsAnIssueAndAnswersWithAPlaceholder() throws {
        let prices = PriceServiceStub()
        let service: any PriceService = prices()
        var answer: Int?
        let issues = TestDoubleIssueReporting.capture { answer = try? service.price("plum") }
        #expect(issues.map(\.kind) == [.unmatchedCall])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("price(\"plum\")"))
        // The engine answers with a synthesized value where the result type has one.
        #expect(answer == 0)
    }

    @Test func propertiesHaveIndependentGetterAndSetter() {
        let prices = PriceServiceStub()
        prices.when { $0.currency }.thenReturn("EUR")
        let assignments = prices.when { $0.currency = Match.any() }.thenDoNothing()
        var service: any PriceService = prices()
        #expect(service.currency == "EUR")
        service.currency = "USD"
        service.currency = "CHF"
        prices.verify(2...2) { $0.currency = Match.any() }
        prices.verify { $0.currency = Match.equal("USD") }
        prices.verify(1...1) { $0.currency }
        let assigned: [String] = assignments.arguments()
        #expect(assigned == ["USD", "CHF"])
    }

    @Test func aSetterCanRunAHandler() {
        let prices = PriceServiceStub()
        let seen = Locked<[String]>([])
        prices.when { $0.currency = Match.hasPrefix("E") }.then { (value: String) in seen.withLock { $0.append(value) }
        }
        prices.when { $0.currency = Match.any() }.thenDoNothing()
        var service: any PriceService = prices()
        service.currency = "EUR"
        service.currency = "USD"
        #expect(seen.withLock { $0 } == ["EUR"])
    }

    @Test func subscriptsForwardTheirIndices() {
        let prices = PriceServiceStub()
        prices.when { $0[Match.equal(0)] }.thenReturn("zero")
        prices.when { $0[Match.any()] }.then { (index: Int) in "#\(index)" }
        let service: any PriceService = prices()
        #expect(service[0] == "zero")
        #expect(service[7] == "#7")
        let indices: [Int] = prices.when { $0[Match.any()] }.arguments()
        #expect(indices == [0, 7])
    }

    @Test func typedThrowingAsyncRequirementsThrowTheirErrorType() async throws {
        // Recording `load(id:)` returns an `Item` without throwing: it needs a placeholder.
        Item.registerPlaceholder()
        let prices = PriceServiceStub()
        await prices.when { try await $0.load(id: Match.equal(1)) }.thenReturn(Item(id: 1, name: "one"))
        await prices.when { try await $0.load(id: Match.any()) }.thenThrow(LoadError.missing(2))
        let service: any PriceService = prices()
        #expect(try await service.load(id: 1) == Item(id: 1, name: "one"))
        do {
            _ = try await service.load(id: 2)
            Issue.record("expected a LoadError")
        } catch {
            // `error` is statically a LoadError: the requirement throws(LoadError).
            #expect(error == .missing(2))
        }
    }

    @Test func aTypedThrowingRequirementReportsAnErrorOfTheWrongType() async throws {
        Item.registerPlaceholder()
        let prices = PriceServiceStub()
        await prices.when { try await $0.load(id: Match.any()) }.thenThrow(CancellationError())
        let service: any PriceService = prices()
        var loaded: Item?
        let issues = await TestDoubleIssueReporting.capture {
            loaded = try? await service.load(id: 3)
        }
        #expect(issues.map(\.kind) == [.invalidBehavior])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("throws only LoadError"))
        #expect(loaded == Item(id: -1, name: "placeholder"))
    }

    @Test func staticRequirementsUseTheSharedController() {
        SharedManualStubs.isolated {
            let statics = PriceServiceStub.shared
            statics.when { _ in PriceServiceStubConformer.make() }.thenReturn(5)
            #expect(PriceServiceStubConformer.make() == 5)
            statics.verify { _ in PriceServiceStubConformer.make() }
            // An instance controller is a different double.
            #expect(PriceServiceStub().history.callCount == 0)
        }
    }

    @Test func isolatedSharedControllersDoNotLeak() {
        let outer = SharedManualStubs.isolated { PriceServiceStub.shared }
        let other = SharedManualStubs.isolated { PriceServiceStub.shared }
        #expect(outer !== other)
        SharedManualStubs.isolated {
            #expect(PriceServiceStub.shared === PriceServiceStub.shared)
        }
    }
}
