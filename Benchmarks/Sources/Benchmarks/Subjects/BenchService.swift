import BenchmarkHarness

/// A five-word struct, returned indirectly.
public struct FiveWords: Equatable, Sendable {
    var a, b, c, d, e: Int
}

/// A class argument: passed and returned by reference.
public final class Token: Sendable {}

/// The protocol every invoke, matching, async and verify workload calls
/// through `any BenchService`.
///
/// Public, with the types of its requirements, so the release build (no
/// `-enable-testing`, where internal protocols' symbols are local) exports a
/// protocol descriptor with callable requirements: that is what shows the
/// runtime Stub that this module was built without library evolution, so it
/// may place `FiveWords` by its layout. With every protocol internal, a
/// Stub of it fails closed there.
public protocol BenchService: Sendable {
    func zero() -> Int
    func int(_ value: Int) -> Int
    func string(_ text: String) -> Int
    func mixed(_ a: Int, _ b: String, _ c: Double, _ d: Bool, _ e: Float, _ f: Int8) -> Int
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double
    func void(_ value: Int)
    func reference(_ token: Token) -> Token
    func closure(_ body: @escaping (Int) -> Int) -> Int
    func simd(_ vector: SIMD4<Float>) -> SIMD4<Float>
    func fiveWords(_ seed: Int) -> FiveWords
    func fetch(_ id: Int) async -> Int
    func load(_ name: String) async throws -> Int
    func fetchStacked(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int, _ i8: Int
    ) async -> Int
    // One argument of each kind, answering an `Int` (the `arg.*` workloads).
    func object(_ token: Token) -> Int
    func optional(_ value: Int?) -> Int
    func three(_ value: ThreeWords) -> Int
    func five(_ value: FiveWords) -> Int
    func array(_ values: [Int]) -> Int
    func payload(_ value: Payload) -> Int
    func shape(_ value: any BenchShape) -> Int
    // A throwing requirement with one `String` (the `invoke.throwing` workload).
    func parse(_ text: String) throws -> Int
}

/// The control: a real conformer whose witnesses do minimal work.
struct LiveService: BenchService, Sendable {
    var offset = 1
    func zero() -> Int { offset }
    func int(_ value: Int) -> Int { value &+ offset }
    func string(_ text: String) -> Int { text.utf8.count &+ offset }
    func mixed(_ a: Int, _ b: String, _ c: Double, _ d: Bool, _ e: Float, _ f: Int8) -> Int { a &+ Int(f) }
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double { Double(i7) + d9 }
    func void(_ value: Int) {}
    func reference(_ token: Token) -> Token { token }
    func closure(_ body: @escaping (Int) -> Int) -> Int { body(offset) }
    func simd(_ vector: SIMD4<Float>) -> SIMD4<Float> { vector }
    func fiveWords(_ seed: Int) -> FiveWords { FiveWords(a: seed, b: offset, c: 0, d: 0, e: 0) }
    func fetch(_ id: Int) async -> Int { id &+ offset }
    func load(_ name: String) async throws -> Int { name.utf8.count &+ offset }
    func fetchStacked(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int, _ i8: Int
    ) async -> Int { i8 &+ offset }
    func object(_ token: Token) -> Int { offset }
    func optional(_ value: Int?) -> Int { (value ?? 0) &+ offset }
    func three(_ value: ThreeWords) -> Int { value.c &+ offset }
    func five(_ value: FiveWords) -> Int { value.e &+ offset }
    func array(_ values: [Int]) -> Int { values.count &+ offset }
    func payload(_ value: Payload) -> Int { value == .empty ? 0 : offset }
    func shape(_ value: any BenchShape) -> Int { value.sides &+ offset }
    func parse(_ text: String) throws -> Int { text.utf8.count &+ offset }
}

/// A second conformer, so the dynamic type behind the control's `any
/// BenchService` is decided at run time and the call cannot be devirtualized.
struct AlternateService: BenchService, Sendable {
    func zero() -> Int { 2 }
    func int(_ value: Int) -> Int { value &* 2 }
    func string(_ text: String) -> Int { 2 }
    func mixed(_ a: Int, _ b: String, _ c: Double, _ d: Bool, _ e: Float, _ f: Int8) -> Int { 2 }
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double { 2 }
    func void(_ value: Int) {}
    func reference(_ token: Token) -> Token { Token() }
    func closure(_ body: @escaping (Int) -> Int) -> Int { 2 }
    func simd(_ vector: SIMD4<Float>) -> SIMD4<Float> { vector * 2 }
    func fiveWords(_ seed: Int) -> FiveWords { FiveWords(a: 2, b: 2, c: 2, d: 2, e: 2) }
    func fetch(_ id: Int) async -> Int { 2 }
    func load(_ name: String) async throws -> Int { 2 }
    func fetchStacked(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int, _ i8: Int
    ) async -> Int { 2 }
    func object(_ token: Token) -> Int { 2 }
    func optional(_ value: Int?) -> Int { 2 }
    func three(_ value: ThreeWords) -> Int { 2 }
    func five(_ value: FiveWords) -> Int { 2 }
    func array(_ values: [Int]) -> Int { 2 }
    func payload(_ value: Payload) -> Int { 2 }
    func shape(_ value: any BenchShape) -> Int { 2 }
    func parse(_ text: String) throws -> Int { 2 }
}

/// The control value: `LiveService` in every real run, chosen through an
/// opaque boundary the optimizer cannot see through.
func makeControl() -> any BenchService {
    let services: [any BenchService] = [LiveService(), AlternateService()]
    return services[opaque(CommandLine.arguments.count > 10_000 ? 1 : 0)]
}
