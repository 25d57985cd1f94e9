import TestDoubles
import Testing

// Key paths as arguments (issue 17), written as a user would: `Match.any()` and an equal key path,
// a generic result chosen by the key path's value type, a writable key path, and a sort key.

struct KeyPathState: Equatable {
    var count: Int
    var name: String
}

struct KeyPathSettings: Equatable {
    var enabled: Bool
    var muted: Bool
}

struct KeyPathItem: Equatable, Sendable {
    var title: String
    var owner: String
}

protocol KeyPathStore {
    func value<T>(at keyPath: KeyPath<KeyPathState, T>) -> T
    func set(_ keyPath: WritableKeyPath<KeyPathSettings, Bool>, to value: Bool)
    func sort(by keyPath: KeyPath<KeyPathItem, String>) -> [KeyPathItem]
}

struct LiveKeyPathStore: KeyPathStore {
    var state = KeyPathState(count: 3, name: "live")
    func value<T>(at keyPath: KeyPath<KeyPathState, T>) -> T { state[keyPath: keyPath] }
    func set(_ keyPath: WritableKeyPath<KeyPathSettings, Bool>, to value: Bool) {}
    func sort(by keyPath: KeyPath<KeyPathItem, String>) -> [KeyPathItem] { [] }
}

/// Type-erased key paths, as sort and column APIs take them.
protocol ErasedKeyPathStore {
    func sortKey(for keyPath: PartialKeyPath<KeyPathItem>) -> String
    func column(for keyPath: AnyKeyPath) -> Int
}

struct LiveErasedKeyPathStore: ErasedKeyPathStore {
    func sortKey(for keyPath: PartialKeyPath<KeyPathItem>) -> String { "\(keyPath)" }
    func column(for keyPath: AnyKeyPath) -> Int { keyPath == \KeyPathItem.owner ? 1 : 0 }
}

private let keyPathItems = [
    KeyPathItem(title: "b", owner: "z"), KeyPathItem(title: "c", owner: "x"), KeyPathItem(title: "a", owner: "y"),
]

@Suite struct KeyPathArgumentTests {
    @Test func anyKeyPathReachesTheHandler() throws {
        let stub = try Stub<any KeyPathStore>()
        let sorts = stub.when { $0.sort(by: Match.any()) }
        sorts.then { (keyPath: KeyPath<KeyPathItem, String>) in
            keyPathItems.sorted { $0[keyPath: keyPath] < $1[keyPath: keyPath] }
        }
        #expect(stub().sort(by: \.title).map(\.title) == ["a", "b", "c"])
        #expect(stub().sort(by: \.owner).map(\.owner) == ["x", "y", "z"])
        #expect(sorts.arguments() == [\KeyPathItem.title, \KeyPathItem.owner])
        stub.verify(.exactly(2)) { _ = $0.sort(by: Match.any()) }
    }

    @Test func anEqualKeyPathSelectsTheAnswer() throws {
        let stub = try Stub<any KeyPathStore>()
        // The first matching registration wins: the specific key path before the fallback.
        stub.when { $0.sort(by: Match.equal(\KeyPathItem.title)) }.then { keyPathItems }
        stub.when { $0.sort(by: Match.any()) }.then { [] }
        #expect(stub().sort(by: \.title) == keyPathItems)
        #expect(stub().sort(by: \.owner).isEmpty)
        stub.verify(.once) { _ = $0.sort(by: Match.equal(\KeyPathItem.owner)) }
        stub.verify(.once) { _ = $0.sort(by: Match.equal(\KeyPathItem.title)) }
    }

    @Test func aWritableKeyPathAndItsValueAreRecorded() throws {
        let stub = try Stub<any KeyPathStore>()
        let sets = stub.when { $0.set(Match.any(), to: Match.any()) }
        sets.thenDoNothing()
        var settings = KeyPathSettings(enabled: false, muted: false)
        stub().set(\.enabled, to: true)
        stub().set(\.muted, to: false)
        let recorded: [(WritableKeyPath<KeyPathSettings, Bool>, Bool)] = sets.arguments()
        for (keyPath, value) in recorded { settings[keyPath: keyPath] = value }
        #expect(settings == KeyPathSettings(enabled: true, muted: false))
        #expect(recorded.map(\.0) == [\KeyPathSettings.enabled, \KeyPathSettings.muted])
        let enabled: WritableKeyPath<KeyPathSettings, Bool> = \.enabled
        stub.verify(.once) { $0.set(Match.equal(enabled), to: Match.equal(true)) }
        stub.verify(.never) { $0.set(Match.equal(enabled), to: Match.equal(false)) }
    }

    @Test func aGenericResultFollowsTheKeyPathsValueType() throws {
        let stub = try Stub<any KeyPathStore>()
        let state = KeyPathState(count: 42, name: "stubbed")
        // A generic parameter's `Match.any()` matches a call of any `T`; a typed predicate picks `Int`.
        let counts = stub.when {
            $0.value(
                at: Match.matching(description: "a key path to an Int") { (_: KeyPath<KeyPathState, Int>) in true })
        }
        counts.then { (keyPath: KeyPath<KeyPathState, Int>) in state[keyPath: keyPath] }
        let names = stub.when { $0.value(at: Match.equal(\KeyPathState.name)) }
        names.then { (keyPath: KeyPath<KeyPathState, String>) in state[keyPath: keyPath].uppercased() }
        #expect(stub().value(at: \.count) == 42)
        #expect(stub().value(at: \KeyPathState.name) == "STUBBED")
        #expect(counts.arguments() == [\KeyPathState.count])
        stub.verify(.once) { _ = $0.value(at: Match.equal(\KeyPathState.name)) }
    }

    @Test func partialAndAnyKeyPathsGetPlaceholders() throws {
        // `AnyKeyPath.rootType` traps on `PartialKeyPath` and `AnyKeyPath` themselves:
        // `Match.any()` on such a parameter crashed the test process.
        let stub = try Stub<any ErasedKeyPathStore>()
        let keys = stub.when { $0.sortKey(for: Match.any()) }
        keys.then { (keyPath: PartialKeyPath<KeyPathItem>) in keyPath == \KeyPathItem.title ? "title" : "other" }
        let columns = stub.when { $0.column(for: Match.any()) }
        columns.then { (keyPath: AnyKeyPath) in keyPath == \KeyPathItem.owner ? 1 : 0 }
        #expect(stub().sortKey(for: \KeyPathItem.title) == "title")
        #expect(stub().sortKey(for: \KeyPathItem.owner) == "other")
        #expect(stub().column(for: \KeyPathItem.owner) == 1)
        #expect(stub().column(for: \KeyPathState.count) == 0)
        #expect(keys.arguments() == [\KeyPathItem.title, \KeyPathItem.owner])
        #expect(columns.arguments() == [\KeyPathItem.owner, \KeyPathState.count])
    }
}
