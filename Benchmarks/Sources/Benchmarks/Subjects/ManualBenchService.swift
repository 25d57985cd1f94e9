import TestDoubles

/// The `ManualStub` conformer of `BenchService`, written as the
/// ManualStubs documentation shows.
struct ManualBenchService: BenchService, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func zero() -> Int { stub.call() }
    func int(_ value: Int) -> Int { stub.call(value) }
    func string(_ text: String) -> Int { stub.call(text) }
    func mixed(_ a: Int, _ b: String, _ c: Double, _ d: Bool, _ e: Float, _ f: Int8) -> Int {
        stub.call(a, b, c, d, e, f)
    }
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double {
        stub.call(i0, i1, i2, i3, i4, i5, i6, i7, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9)
    }
    func void(_ value: Int) { stub.call(value) as Void }
    func reference(_ token: Token) -> Token { stub.call(token) }
    func closure(_ body: @escaping (Int) -> Int) -> Int { stub.call(body) }
    func simd(_ vector: SIMD4<Float>) -> SIMD4<Float> { stub.call(vector) }
    func fiveWords(_ seed: Int) -> FiveWords { stub.call(seed) }
    func fetch(_ id: Int) async -> Int { await stub.asyncCall(id) }
    func load(_ name: String) async throws -> Int { try await stub.asyncThrowingCall(name) }
    func fetchStacked(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int, _ i8: Int
    ) async -> Int { await stub.asyncCall(i0, i1, i2, i3, i4, i5, i6, i7, i8) }
    func object(_ token: Token) -> Int { stub.call(token) }
    func optional(_ value: Int?) -> Int { stub.call(value) }
    func three(_ value: ThreeWords) -> Int { stub.call(value) }
    func five(_ value: FiveWords) -> Int { stub.call(value) }
    func array(_ values: [Int]) -> Int { stub.call(values) }
    func payload(_ value: Payload) -> Int { stub.call(value) }
    func shape(_ value: any BenchShape) -> Int { stub.call(value) }
    func parse(_ text: String) throws -> Int { try stub.throwingCall(text) }
}
