import Foundation
import SwiftMocking
import Testing

@Suite struct StubbingTests {
    @Test func everyEffectAnswersWithItsStubbedValue() async throws {
        let mock = MockPricingService()
        when(mock.price(.any)).thenReturn(7)
        when(mock.discount(for: .any, percent: .any)).thenReturn(0.5)
        when(mock.load()).thenReturn(["a", "b"])
        when(mock.refresh(id: .any)).thenReturn(true)
        let service: PricingService = mock
        #expect(try service.price("x") == 7)
        #expect(service.discount(for: "x", percent: 10) == 0.5)
        #expect(await service.load() == ["a", "b"])
        #expect(try await service.refresh(id: 1) == true)
    }

    @Test func handlersComputeTheAnswerFromTheArguments() async throws {
        let mock = MockPricingService()
        when(mock.price(.any)).thenReturn { item in item.count }
        when(mock.discount(for: .any, percent: .any)).thenReturn { _, percent in percent / 100 }
        when(mock.load()).thenReturn { _ in
            await Task.yield()
            return ["async"]
        }
        when(mock.refresh(id: .any)).thenReturn { id in
            if id < 0 { throw PriceError(code: id) }
            return id > 10
        }
        let service: PricingService = mock
        #expect(try service.price("apple") == 5)
        #expect(service.discount(for: "x", percent: 25) == 0.25)
        #expect(await service.load() == ["async"])
        #expect(try await service.refresh(id: 11))
        await #expect(throws: PriceError(code: -1)) { try await service.refresh(id: -1) }
    }

    @Test func thenThrowMakesThrowingMembersThrow() async {
        let mock = MockPricingService()
        when(mock.price(.equal("bad"))).thenThrow(PriceError(code: 1))
        when(mock.refresh(id: 3)).thenThrow(PriceError(code: 3))
        let service: PricingService = mock
        #expect(throws: PriceError(code: 1)) { try service.price("bad") }
        await #expect(throws: PriceError(code: 3)) { try await service.refresh(id: 3) }
    }

    @Test func theMostSpecificStubWinsWhateverTheOrder() throws {
        let mock = MockPricingService()
        when(mock.price(.equal("apple"))).thenReturn(1)
        when(mock.price(.any)).thenReturn(2)
        when(mock.price(.startsWith("ap"))).thenReturn(3)
        let service: PricingService = mock
        #expect(try service.price("apple") == 1)
        #expect(try service.price("apricot") == 3)
        #expect(try service.price("pear") == 2)
    }

    @Test func amongEqualPrecedencesTheLatestStubWins() throws {
        let mock = MockPricingService()
        when(mock.price(.any)).thenReturn(1)
        when(mock.price(.any)).thenReturn(2)
        when(mock.price("a")).thenReturn(3)
        when(mock.price(.equal("a"))).thenReturn(4)
        let service: PricingService = mock
        #expect(try service.price("b") == 2)
        #expect(try service.price("a") == 4)
    }

    @Test func precedenceSumsAreClampedAt1000() {
        let mock = MockPricingService()
        // 500 + 999 and 500 + 500 both count as 1000: the later registration wins.
        when(mock.discount(for: .equal("a"), percent: ArgMatcher(precedence: .customExtreme) { _ in true }))
            .thenReturn(1)
        when(mock.discount(for: .equal("a"), percent: .equal(2))).thenReturn(2)
        let service: PricingService = mock
        #expect(service.discount(for: "a", percent: 2) == 2)
        #expect(MatcherPrecedence(value: 5000).value == 1000)
        #expect(mock.discount(for: .equal("a"), percent: .equal(1)).invocationMatcher.precedence == 1000)
    }

    @Test func onlyTheMostSpecificActionRunsBeforeTheAnswer() throws {
        let mock = MockPricingService()
        let log = Log()
        when(mock.price(.any)).do { _ in log.append("general") }
        when(mock.price("apple")).do { item in log.append("specific \(item)") }
        when(mock.price(.any)).thenReturn { _ in
            log.append("answer")
            return 1
        }
        let service: PricingService = mock
        _ = try service.price("apple")
        _ = try service.price("pear")
        // A throwing handler is deferred until after the action.
        #expect(log.entries == ["specific apple", "answer", "general", "answer"])
    }

    @Test func aThrowingActionsErrorReachesTheCaller() {
        let mock = MockPricingService()
        when(mock.price(.any)).thenReturn(1)
        when(mock.price(.any)).do { _ in throw PriceError(code: 9) }
        let service: PricingService = mock
        #expect(throws: PriceError(code: 9)) { try service.price("x") }
    }

    @Test func getterAndZeroArgumentMembersStubThroughTheirInteractionMembers() async {
        let mock = MockPricingService()
        when(mock.name).thenReturn("shop")
        when(mock.load()).thenReturn(["x"])
        let service: PricingService = mock
        #expect(service.name == "shop")
        #expect(await service.load() == ["x"])
        verify(mock.name).called(1)
        verify(mock.load()).called(1)
    }

    @Test func aVoidMemberRunsUnstubbedAndItsActionRuns() {
        let mock = MockPricingService()
        let log = Log()
        when(mock.reset()).do { _ in log.append("reset") }
        let service: PricingService = mock
        service.reset()
        #expect(log.entries == ["reset"])
        verify(mock.reset()).called(1)
    }

    @Test func variadicArgumentsAreMatchedElementByElement() {
        let mock = MockPricingService()
        let service: PricingService = mock
        service.log("a", "b")
        service.log("c")
        verify(mock.log("a", "b")).called(1)
        verify(mock.log(.any)).called(1)
        verify(mock.log(.any, .any)).called(1)
        verify(mock.log()).neverCalled()
    }

    @Test func eachSpecializationOfAGenericMemberHasItsOwnSpy() {
        let mock = MockPricingService()
        when(mock.encode(.any(Int.self))).thenReturn("int")
        when(mock.encode(.any(String.self))).thenReturn("string")
        let service: PricingService = mock
        #expect(service.encode(1) == "int")
        #expect(service.encode("x") == "string")
        verify(mock.encode(.any(Int.self))).called(1)
        verify(mock.encode(.equal("x"))).called(1)
    }

    @Test func clearRemovesStubsAndCalls() throws {
        let mock = MockPricingService()
        when(mock.price(.any)).thenReturn(5)
        let service: PricingService = mock
        _ = try service.price("x")
        mock.clear()
        verify(mock.price(.any)).neverCalled()
        #expect(try service.price("x") == 0)  // the Int default again
    }
}

/// A locked list of strings, for handlers.
final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    func append(_ entry: String) {
        lock.lock()
        storage.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
