import Synchronization

/// What users write by hand for a spy: a class that records each call's
/// arguments under a lock and calls the real conformer. Only `int(_:)`, the
/// `spy.forwarded` workload, records; the rest forward.
final class ForwardingSpyService: BenchService, Sendable {
    let real: any BenchService
    let intCalls = Mutex<[Int]>([])

    init(_ real: any BenchService) {
        self.real = real
    }

    func int(_ value: Int) -> Int {
        intCalls.withLock { $0.append(value) }
        return real.int(value)
    }

    func zero() -> Int { real.zero() }
    func string(_ text: String) -> Int { real.string(text) }
    func mixed(_ a: Int, _ b: String, _ c: Double, _ d: Bool, _ e: Float, _ f: Int8) -> Int {
        real.mixed(a, b, c, d, e, f)
    }
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double {
        real.wide(i0, i1, i2, i3, i4, i5, i6, i7, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9)
    }
    func void(_ value: Int) { real.void(value) }
    func reference(_ token: Token) -> Token { real.reference(token) }
    func closure(_ body: @escaping (Int) -> Int) -> Int { real.closure(body) }
    func simd(_ vector: SIMD4<Float>) -> SIMD4<Float> { real.simd(vector) }
    func fiveWords(_ seed: Int) -> FiveWords { real.fiveWords(seed) }
    func fetch(_ id: Int) async -> Int { await real.fetch(id) }
    func load(_ name: String) async throws -> Int { try await real.load(name) }
    func fetchStacked(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int, _ i8: Int
    ) async -> Int { await real.fetchStacked(i0, i1, i2, i3, i4, i5, i6, i7, i8) }
    func object(_ token: Token) -> Int { real.object(token) }
    func optional(_ value: Int?) -> Int { real.optional(value) }
    func three(_ value: ThreeWords) -> Int { real.three(value) }
    func five(_ value: FiveWords) -> Int { real.five(value) }
    func array(_ values: [Int]) -> Int { real.array(values) }
    func payload(_ value: Payload) -> Int { real.payload(value) }
    func shape(_ value: any BenchShape) -> Int { real.shape(value) }
    func parse(_ text: String) throws -> Int { try real.parse(text) }
}
