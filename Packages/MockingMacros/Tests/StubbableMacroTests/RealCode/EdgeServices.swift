import TestDoublesMacros
import Testing

// Shapes at the edge of what app code writes: access levels, nesting,
// mutating requirements, protocols that inherit the standard library's.

/// A private protocol, as a feature file keeps its own seam.
@Stubbable
private protocol DraftStore {
    func load() -> String
}

/// A private protocol at file scope.
@Stubbable
private protocol Haptics {
    func tap(_ strength: Double)
}

/// A protocol nested in a namespace enum.
enum Payments {
    @Stubbable
    protocol Gateway: Sendable {
        func charge(cents: Int) async throws -> String
    }
}

/// A mutating requirement: a value-type conformer would mutate.
@Stubbable
protocol Counter {
    mutating func increment() -> Int
    var count: Int { get }
}

/// Inheriting standard protocols.
@Stubbable
protocol Account: Identifiable, CustomStringConvertible, Sendable where ID == String {
    var balance: Int { get }
}

/// Escaping, optional and autoclosure callbacks.
@Stubbable
protocol Downloader: Sendable {
    func download(
        _ path: String, progress: (@Sendable (Double) -> Void)?,
        completion: @escaping @Sendable (Result<Int, NetworkError>) -> Void)
    func retry(_ times: Int, _ operation: @Sendable () async throws -> Void) async rethrows
    func check(_ condition: @autoclosure () -> Bool, _ message: String)
}

/// Generic methods with constraints and `where` clauses, `any`/`some` parameters.
@Stubbable
protocol Cache: Sendable {
    func set<Key: Hashable & Sendable, Value: Sendable>(_ value: Value, for key: Key)
    func get<Value>(_ key: String, as type: Value.Type) -> Value? where Value: Sendable
    func merge(_ other: any Cache)
    func keys(matching filter: some StringProtocol) -> [String]
}

/// Region-based isolation: `sending` values, an `isolated` actor parameter.
@Stubbable
protocol Relay: Sendable {
    func handOff(_ value: sending [Int]) -> sending [Int]
    func drain(on actor: isolated (any Actor)) async -> Int
}

/// Ownership modifiers on parameters, as performance-minded code writes them.
@Stubbable
protocol ImageEncoder: Sendable {
    func encode(_ pixels: borrowing [UInt8], quality: Int) -> Int
    func consume(_ buffer: consuming [UInt8]) -> Bool
}

/// A view model's dependency on the main actor, with a borrowed argument
/// and a requirement that opts out of the isolation.
@MainActor
@Stubbable
protocol DraftEditor {
    nonisolated func identifier() -> String
    func apply(_ text: borrowing String) -> Int
}

/// The file-private protocols' stubs, used where they are visible: in their file.
@Suite struct FilePrivateStubTests {
    @Test func aPrivateFeatureSeamIsStubbed() {
        let stub = DraftStoreStub()
        stub.when { $0.load() }.thenReturn("draft")
        let store: any DraftStore = stub()
        #expect(store.load() == "draft")
    }

    @Test func aPrivateProtocolIsStubbed() {
        let stub = HapticsStub()
        stub.when { $0.tap(Match.any()) }.thenDoNothing()
        let haptics: any Haptics = stub()
        haptics.tap(0.5)
        stub.verify(1...1) { $0.tap(Match.equal(0.5)) }
    }
}
