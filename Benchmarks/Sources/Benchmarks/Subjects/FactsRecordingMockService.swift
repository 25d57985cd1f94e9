import Synchronization

/// The hand-written mock (``RecordingMockService``) that also keeps, for
/// every call, what a `Stub`'s ledger keeps of it (``LedgerCallFacts``):
/// the bench's `facts-mock` rows.
///
/// It forwards every call to a plain mock, keeping the facts first in a
/// lock hold of its own: one uncontended lock hold more per call than a mock
/// that kept both under one lock, so the row overstates the facts' cost by
/// about that much. The plain mock's code stays exactly the `mock` rows'.
final class FactsRecordingMockService: BenchService, Sendable {
    let mock: RecordingMockService
    let facts = Mutex(LedgerCallFacts())

    init(configure: (inout RecordingMockService.State) -> Void = { _ in }) {
        mock = RecordingMockService(configure: configure)
    }

    private func note<each Argument>(_ requirement: Int, _ arguments: repeat each Argument) {
        facts.withLock { $0.note(requirement, repeat each arguments) }
    }

    func zero() -> Int {
        note(0)
        return mock.zero()
    }

    func int(_ value: Int) -> Int {
        note(1, value)
        return mock.int(value)
    }

    func string(_ text: String) -> Int {
        note(2, text)
        return mock.string(text)
    }

    func mixed(_ a: Int, _ b: String, _ c: Double, _ d: Bool, _ e: Float, _ f: Int8) -> Int {
        note(3, a, b, c, d, e, f)
        return mock.mixed(a, b, c, d, e, f)
    }

    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double {
        note(4, i0, i1, i2, i3, i4, i5, i6, i7, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9)
        return mock.wide(i0, i1, i2, i3, i4, i5, i6, i7, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9)
    }

    func void(_ value: Int) {
        note(5, value)
        mock.void(value)
    }

    func reference(_ token: Token) -> Token {
        note(6, token)
        return mock.reference(token)
    }

    func closure(_ body: @escaping (Int) -> Int) -> Int {
        note(7, body)
        return mock.closure(body)
    }

    func simd(_ vector: SIMD4<Float>) -> SIMD4<Float> {
        note(8, vector)
        return mock.simd(vector)
    }

    func fiveWords(_ seed: Int) -> FiveWords {
        note(9, seed)
        return mock.fiveWords(seed)
    }

    func fetch(_ id: Int) async -> Int {
        note(10, id)
        return await mock.fetch(id)
    }

    func load(_ name: String) async throws -> Int {
        note(11, name)
        return try await mock.load(name)
    }

    func fetchStacked(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int, _ i8: Int
    ) async -> Int {
        note(12, i0, i1, i2, i3, i4, i5, i6, i7, i8)
        return await mock.fetchStacked(i0, i1, i2, i3, i4, i5, i6, i7, i8)
    }

    func object(_ token: Token) -> Int {
        note(13, token)
        return mock.object(token)
    }

    func optional(_ value: Int?) -> Int {
        note(14, value)
        return mock.optional(value)
    }

    func three(_ value: ThreeWords) -> Int {
        note(15, value)
        return mock.three(value)
    }

    func five(_ value: FiveWords) -> Int {
        note(16, value)
        return mock.five(value)
    }

    func array(_ values: [Int]) -> Int {
        note(17, values)
        return mock.array(values)
    }

    func payload(_ value: Payload) -> Int {
        note(18, value)
        return mock.payload(value)
    }

    func shape(_ value: any BenchShape) -> Int {
        note(19, value)
        return mock.shape(value)
    }

    func parse(_ text: String) throws -> Int {
        note(20, text)
        return try mock.parse(text)
    }
}
