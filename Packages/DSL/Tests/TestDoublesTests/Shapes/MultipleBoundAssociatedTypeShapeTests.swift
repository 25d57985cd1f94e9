import TestDoubles
import Testing

protocol KeyValueCache<Key, Value> {
    associatedtype Key: Hashable
    associatedtype Value
    func value(for key: Key) -> Value?
    func store(_ value: Value, for key: Key)
    var entries: [Key: Value] { get }
    var name: String { get }
}

/// The linked conformer discovery reads signatures from; its bindings differ from the tests' ones.
struct DoubleKeyValueCache: KeyValueCache {
    func value(for key: Double) -> Float? { nil }
    func store(_ value: Float, for key: Double) {}
    var entries: [Double: Float] { [:] }
    var name: String { "doubles" }
}

protocol Conversion<Input, Output, Failure> {
    associatedtype Input
    associatedtype Output
    associatedtype Failure: Error
    func convert(_ input: Input) async throws -> Result<Output, Failure>
    static func fallback(for input: Input) -> Output
}

struct DoubleConversion: Conversion {
    func convert(_ input: Double) async throws -> Result<Float, ConversionFailure> { .success(0) }
    static func fallback(for input: Double) -> Float { 0 }
}

struct ConversionFailure: Error, Equatable {
    let code: Int
}

/// Primary associated types listed in another order than they are declared.
protocol ReversedPair<Second, First> {
    associatedtype First
    associatedtype Second
    func swap(_ first: First) -> Second
}

struct DoubleReversedPair: ReversedPair {
    func swap(_ first: Double) -> Float { 0 }
}

/// A stand-in for `Clock`, whose primary associated type `Duration` this toolchain's
/// standard library for Linux does not declare: `Instant` has no primary type to bind it.
protocol StandInClock<Duration>: Sendable {
    associatedtype Duration: Comparable
    associatedtype Instant
    var now: Instant { get }
    func sleep(for duration: Duration) async throws
}

struct DoubleStandInClock: StandInClock {
    var now: Float { 0 }
    func sleep(for duration: Double) async throws {}
}

@Suite struct MultipleBoundAssociatedTypeShapeTests {
    @Test func twoPrimaryAssociatedTypes() throws {
        func read(_ cache: any KeyValueCache<String, Int>, _ key: String) -> Int? { cache.value(for: key) }
        let stub = try Stub<any KeyValueCache<String, Int>>()
        stub.when { $0.value(for: Match.equal("present key, longer than sixteen bytes")) }.thenReturn(42)
        stub.when { $0.value(for: Match.any()) }.thenReturn(nil)
        let stores = stub.when { $0.store(Match.any(), for: Match.any()) }.thenDoNothing()
        stub.when { $0.entries }.thenReturn(["a": 1, "b": 2])
        stub.when { $0.name }.thenReturn("cache")

        let cache: any KeyValueCache<String, Int> = stub()
        #expect(read(cache, "present key, longer than sixteen bytes") == 42)
        #expect(read(cache, "absent") == nil)
        cache.store(7, for: "seven")
        #expect(cache.entries == ["a": 1, "b": 2])
        #expect(cache.name == "cache")

        let stored: [(Int, String)] = stores.arguments()
        #expect(stored.map(\.0) == [7])
        #expect(stored.map(\.1) == ["seven"])
        stub.verify { $0.store(7, for: "seven") }
        stub.verify(.never) { $0.store(7, for: "other") }
    }

    @Test func witnessTableHoldsEachBindingAndItsConformance() throws {
        func types<C: KeyValueCache>(of cache: C) -> (Any.Type, Any.Type) { (C.Key.self, C.Value.self) }
        /// Hashes through the `Key: Hashable` conformance the stub's witness table holds.
        func distinctKeys<C: KeyValueCache>(_ cache: C, _ keys: [C.Key]) -> Int { Set(keys).count }
        func distinct(_ cache: some KeyValueCache<String, Int>) -> Int { distinctKeys(cache, ["x", "y", "x"]) }
        func open(_ cache: any KeyValueCache<String, Int>) -> (Any.Type, Any.Type, Int) {
            let (key, value) = types(of: cache)
            return (key, value, distinct(cache))
        }
        let (key, value, distinct) = open(try Stub<any KeyValueCache<String, Int>>()())
        #expect(ObjectIdentifier(key) == ObjectIdentifier(String.self))
        #expect(ObjectIdentifier(value) == ObjectIdentifier(Int.self))
        #expect(distinct == 2)
    }

    @Test func threePrimaryAssociatedTypesAsyncThrowingAndStatic() async throws {
        let stub = try Stub<any Conversion<String, [Int], ConversionFailure>>()
        await stub.when { try await $0.convert(Match.equal("bad")) }.thenReturn(.failure(ConversionFailure(code: 4)))
        await stub.when { try await $0.convert(Match.any()) }.thenReturn(.success([1, 2, 3]))
        stub.when { type(of: $0).fallback(for: Match.any()) }.thenReturn([9])

        let conversion: any Conversion<String, [Int], ConversionFailure> = stub()
        #expect(try await conversion.convert("good") == .success([1, 2, 3]))
        #expect(try await conversion.convert("bad") == .failure(ConversionFailure(code: 4)))
        #expect(type(of: conversion).fallback(for: "x") == [9])
        await stub.verify(1...1) { try await $0.convert("good") }
        await stub.verify(1...1) { try await $0.convert("bad") }
    }

    @Test func primaryOrderDiffersFromDeclarationOrder() throws {
        func types<P: ReversedPair>(of pair: P) -> (Any.Type, Any.Type) { (P.First.self, P.Second.self) }
        func open(_ pair: any ReversedPair<Int, String>) -> (Any.Type, Any.Type) { types(of: pair) }
        // `any ReversedPair<Int, String>` binds Second to Int and First to String.
        let stub = try Stub<any ReversedPair<Int, String>>()
        let swaps = stub.when { $0.swap(Match.any()) }.thenReturn(5)
        let pair: any ReversedPair<Int, String> = stub()
        #expect(pair.swap("a string longer than the inline fifteen bytes") == 5)
        #expect(swaps.arguments() == ["a string longer than the inline fifteen bytes"])
        let (first, second) = open(pair)
        #expect(ObjectIdentifier(first) == ObjectIdentifier(String.self))
        #expect(ObjectIdentifier(second) == ObjectIdentifier(Int.self))
    }

    @Test func clockOfDurationFailsClosedNamingInstant() {
        #expect {
            _ = try Stub<any StandInClock<Duration>>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.kind == .unsupportedProtocolShape && error.reason.contains("does not bind Instant")
                && error.fix.contains("ManualStub")
        }
    }
}
