import Foundation
import TestDoubles
import Testing

// A UserDefaults-like store as SDK wrappers declare it: a failable
// initializer by suite name, a static shared instance of `Self`, labeled
// subscripts, a mutating bulk operation, and requirements with default
// implementations in an extension beside helpers that are not requirements.

protocol SDKKeyValueStore {
    init?(suiteName: String?)
    static var standard: Self { get }
    static func migrate(from version: Int, to target: Int) throws -> Int
    subscript(key key: String) -> String? { get set }
    subscript(_ index: Int, default fallback: Data) -> Data { get }
    mutating func removeAll(keepingCapacity: Bool) -> Int
    func synchronize() -> Bool
    func keys(matching prefix: String) -> [String]
}

extension SDKKeyValueStore {
    /// A default implementation of a requirement.
    func synchronize() -> Bool { false }
    /// A default implementation of a requirement that calls another one.
    func keys(matching prefix: String) -> [String] { self[key: "index"]?.split(separator: ",").map(String.init) ?? [] }
    /// Not a requirement: always this code, which calls requirements.
    func bool(forKey key: String) -> Bool { self[key: key] == "true" }
}

struct SDKMemoryStore: SDKKeyValueStore {
    var values: [String: String]
    init?(suiteName: String?) {
        guard suiteName != "" else { return nil }
        values = ["suite": suiteName ?? "standard"]
    }
    static var standard: SDKMemoryStore { SDKMemoryStore(suiteName: nil)! }
    static func migrate(from version: Int, to target: Int) throws -> Int { target - version }
    subscript(key key: String) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }
    subscript(_ index: Int, default fallback: Data) -> Data {
        index < values.count ? Data(values.keys.sorted()[index].utf8) : fallback
    }
    mutating func removeAll(keepingCapacity: Bool) -> Int {
        defer { values.removeAll(keepingCapacity: keepingCapacity) }
        return values.count
    }
}

enum SDKMigrationError: Error, Equatable { case downgrade(Int, Int) }

/// `#expect` cannot call a mutating member itself.
private func sdkRemoveAll(_ store: inout any SDKKeyValueStore, keepingCapacity: Bool) -> Int {
    store.removeAll(keepingCapacity: keepingCapacity)
}

@Suite struct RealCodeKeyValueStoreTests {
    @Test func labeledSubscriptsAreReadWrittenAndRecordedByLabel() throws {
        let store = try Stub<any SDKKeyValueStore>()
        store.when { $0[key: "theme"] }.thenReturn("dark")
        store.when { $0[key: Match.any()] }.thenReturn(nil)
        let writes = store.when { $0[key: Match.any()] = Match.any() }
        writes.thenDoNothing()
        store.when { $0[Match.any(), default: Match.any()] }.then { (index: Int, fallback: Data) in
            index == 0 ? Data("first".utf8) : fallback
        }

        var defaults = store()
        #expect(defaults[key: "theme"] == "dark")
        #expect(defaults[key: "missing"] == nil)
        defaults[key: "theme"] = "light"
        defaults[key: "token"] = nil
        #expect(defaults[0, default: Data()] == Data("first".utf8))
        #expect(defaults[3, default: Data([7])] == Data([7]))

        let written: [(String, String?)] = writes.arguments()
        #expect(written.map(\.0) == ["theme", "token"])
        #expect(written.map(\.1) == ["light", nil])
        #expect(store.when { $0[key: Match.any()] }.arguments() == ["theme", "missing"])
        store.verify { $0[key: "token"] = nil }
        store.verify { $0[3, default: Data([7])] }
    }

    @Test func aFailableInitializerAndAStaticSelfAnswerNewValuesOfTheStub() throws {
        let store = try Stub<any SDKKeyValueStore>()
        store.when { $0[key: Match.any()] }.thenReturn("from stub")
        store.when(initializer: { type(of: $0).init(suiteName: Match.equal("")) }).thenReturnNil()
        let suites = store.when(initializer: { type(of: $0).init(suiteName: Match.any()) }).thenInitialize()
        let shared = store.when { type(of: $0).standard }
        shared.thenReturn(store())

        let kind = type(of: store())
        #expect(kind.init(suiteName: "") == nil)
        let madeGroup = kind.init(suiteName: "group.com.example")
        let group = try #require(madeGroup)
        #expect(group[key: "x"] == "from stub")
        #expect(kind.init(suiteName: nil) != nil)
        #expect(kind.standard[key: "y"] == "from stub")
        #expect(suites.arguments() == ["", "group.com.example", nil])
        store.verify(.exactly(3)) { type(of: $0).init(suiteName: Match.any()) }
        store.verify { type(of: $0).standard }
        store.verify(.exactly(2)) { $0[key: Match.any()] }
    }

    @Test func aStaticThrowingRequirement() throws {
        let store = try Stub<any SDKKeyValueStore>()
        store.when { try type(of: $0).migrate(from: Match.any(), to: Match.any()) }.then { (from: Int, to: Int) in
            guard to >= from else { throw SDKMigrationError.downgrade(from, to) }
            return to - from
        }
        let kind = type(of: store())
        #expect(try kind.migrate(from: 3, to: 7) == 4)
        #expect(throws: SDKMigrationError.downgrade(7, 3)) { try kind.migrate(from: 7, to: 3) }
        let asked: [(Int, Int)] = store.when { try type(of: $0).migrate(from: Match.any(), to: Match.any()) }
            .arguments()
        #expect(asked.map(\.0) == [3, 7])
        #expect(asked.map(\.1) == [7, 3])
    }

    @Test func aMutatingRequirementOfAStub() throws {
        let store = try Stub<any SDKKeyValueStore>()
        store.when { $0.removeAll(keepingCapacity: true) }.thenReturn(12)
        store.when { $0.removeAll(keepingCapacity: false) }.thenReturn(0)
        var defaults = store()
        #expect(sdkRemoveAll(&defaults, keepingCapacity: true) == 12)
        #expect(sdkRemoveAll(&defaults, keepingCapacity: false) == 0)
        #expect(store.when { $0.removeAll(keepingCapacity: Match.any()) }.arguments() == [true, false])
    }

    @Test func aRequirementWithADefaultImplementationIsTheStubsToAnswer() throws {
        let store = try Stub<any SDKKeyValueStore>()
        store.when { $0.synchronize() }.thenReturn(true)
        store.when { $0.keys(matching: Match.any()) }.thenReturn(["a.1", "a.2"])
        store.when { $0[key: "flag"] }.thenReturn("true")
        store.when { $0[key: Match.any()] }.thenReturn(nil)

        let defaults = store()
        // The stub's witness answers, not the extension's default.
        #expect(defaults.synchronize())
        #expect(defaults.keys(matching: "a.") == ["a.1", "a.2"])
        store.verify { $0.synchronize() }
        store.verify { $0.keys(matching: "a.") }
        store.verify(.never) { $0[key: "index"] }
        // A helper that is not a requirement runs its own code; its calls of requirements are recorded.
        #expect(defaults.bool(forKey: "flag"))
        #expect(!defaults.bool(forKey: "other"))
        #expect(store.when { $0[key: Match.any()] }.arguments() == ["flag", "other"])
    }

    @Test func aSpyForwardsToTheConformersDefaultsInitializersAndStatics() throws {
        let memory = try #require(SDKMemoryStore(suiteName: "tests"))
        let spy = try Spy<any SDKKeyValueStore>(forwardingTo: memory)
        var defaults = spy()
        defaults[key: "index"] = "x,y"
        #expect(defaults[key: "index"] == "x,y")
        // The conformer takes the extension's defaults: the spy forwards to them.
        #expect(!defaults.synchronize())
        #expect(defaults.keys(matching: "") == ["x", "y"])
        #expect(defaults[1, default: Data()] == Data("suite".utf8))
        #expect(defaults[9, default: Data([1])] == Data([1]))
        #expect(try type(of: defaults).migrate(from: 1, to: 4) == 3)
        #expect(sdkRemoveAll(&defaults, keepingCapacity: false) == 2)
        #expect(defaults[key: "index"] == nil)
        spy.verify { $0.synchronize() }
        spy.verify { $0.keys(matching: "") }
        // The default keys(matching:) read the conformer's own subscript, not the spy's.
        spy.verify(.exactly(2)) { $0[key: "index"] }
        spy.verify { $0[key: "index"] = "x,y" }
        spy.verify { try type(of: $0).migrate(from: 1, to: 4) }
    }
}
