import TestDoublesManual
import Testing

/// A result type no test registers a placeholder for.
struct Receipt: Equatable, Sendable {
    var number: Int
}

protocol Till {
    func receipt(for order: Int) async throws(LoadError) -> Receipt
    func lastReceipt() -> Receipt
}

struct TillStubConformer: Till, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func receipt(for order: Int) async throws(LoadError) -> Receipt {
        try await stub.asyncThrowingCall(order, throwing: LoadError.self)
    }
    func lastReceipt() -> Receipt { stub.call() }
}

@Suite struct ManualStubPlaceholderTests {
    @Test func whenReturningSuppliesTheRecordingResultOfATypedThrowingRequirement() async throws {
        let till = ManualStub<TillStubConformer>()
        let receipts = await till.when(returning: Receipt(number: 0)) {
            try await $0.receipt(for: Match.any())
        }.then { (order: Int) in Receipt(number: order * 10) }
        let sut: any Till = till()
        #expect(try await sut.receipt(for: 4) == Receipt(number: 40))
        receipts.verify(1...1)
        let orders: [Int] = receipts.arguments()
        #expect(orders == [4])
    }

    @Test func whenReturningSuppliesTheRecordingResultOfANonThrowingRequirement() {
        let till = ManualStub<TillStubConformer>()
        till.when(returning: Receipt(number: 0)) { $0.lastReceipt() }.thenReturn(Receipt(number: 7))
        #expect(till().lastReceipt() == Receipt(number: 7))
    }
}
