import SwiftMocking
import Testing

@testable import DoublesGenCorpus

@Suite struct TypedThrowsRoundTripTests {
    @Test func typedThrowsCarryTheirErrorType() async throws {
        let service = MockPriceService()
        when(service.load(id: 1)).thenReturn(Item(id: 1))
        when(service.load(id: 2)).thenThrow(LoadError(code: 2))
        when(service.price(.any)).thenReturn(5)
        let prices: PriceService = service
        #expect(try await prices.load(id: 1) == Item(id: 1))
        do {
            _ = try await prices.load(id: 2)
            Issue.record("expected a LoadError")
        } catch {
            #expect(error == LoadError(code: 2))  // typed: error is a LoadError
        }
        #expect(try prices.price("x") == 5)
        verify(service.load(id: .any)).called(2)

        let typed = MockTypedThrows()
        when(typed.save(.any)).thenThrow(LoadError(code: 7))
        #expect(throws: LoadError(code: 7)) { try (typed as TypedThrows).save(Item(id: 1)) }
    }

    @Test func anErrorOfAnotherTypeIsReportedAndAnsweredWithAZeroValue() async throws {
        let service = MockAsyncService()
        when(service.upload(.any)).thenThrow(LoadError(code: 1))  // not a NetworkError
        var answer = true
        await withKnownIssue {
            answer = try await (service as AsyncService).upload([1])
        }
        #expect(answer == false)
        verify(service.upload(.any)).called(1)
    }

    @Test func genericTypedThrowsUseTheCallersErrorType() throws {
        let queue = MockQueue<Int>()
        when(queue.drain(throwing: .any(LoadError.Type.self))).thenThrow(LoadError(code: 3))
        #expect(throws: LoadError(code: 3)) { try (queue as any Queue<Int>).drain(throwing: LoadError.self) }
    }
}
