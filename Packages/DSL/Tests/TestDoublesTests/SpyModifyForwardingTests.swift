import TestDoubles
import Testing

/// A class no placeholder can be made of: a modify access of it used to stop the process.
final class ModifyOwner: @unchecked Sendable {
    var name: String
    init(name: String) { self.name = name }
}

/// A struct larger than the result registers, so its getter returns it indirectly.
struct ModifyTally: Equatable, Sendable {
    var a: Int
    var b: Int
    var c: Int
    var d: Int
    var e: Int
}

protocol ModifyRegistry {
    var count: Int { get set }
    var owner: ModifyOwner { get set }
    var tally: ModifyTally { get set }
    var label: String? { get set }
    var transform: (Int) -> Int { get set }
    subscript(key: String) -> Int { get set }
    subscript(row: Int, column: Int) -> ModifyTally { get set }
}

final class LiveModifyRegistry: ModifyRegistry, @unchecked Sendable {
    var count = 7
    var owner = ModifyOwner(name: "first")
    var tally = ModifyTally(a: 1, b: 2, c: 3, d: 4, e: 5)
    var label: String? = "tag"
    var transform: (Int) -> Int = { $0 + 1 }
    var entries: [String: Int] = ["a": 10]
    var cells: [Int: ModifyTally] = [:]
    subscript(key: String) -> Int {
        get { entries[key, default: -1] }
        set { entries[key] = newValue }
    }
    subscript(row: Int, column: Int) -> ModifyTally {
        get { cells[row * 100 + column] ?? ModifyTally(a: row, b: column, c: 0, d: 0, e: 0) }
        set { cells[row * 100 + column] = newValue }
    }
}

struct ValueModifyRegistry: ModifyRegistry {
    var count = 3
    var owner = ModifyOwner(name: "value")
    var tally = ModifyTally(a: 0, b: 0, c: 0, d: 0, e: 0)
    var label: String?
    var transform: (Int) -> Int = { $0 }
    var entries: [String: Int] = [:]
    subscript(key: String) -> Int {
        get { entries[key, default: 0] }
        set { entries[key] = newValue }
    }
    subscript(row: Int, column: Int) -> ModifyTally {
        get { ModifyTally(a: row, b: column, c: 0, d: 0, e: 0) }
        set {}
    }
}

private func replace<Value>(_ value: inout Value, with new: Value) -> Value {
    let old = value
    value = new
    return old
}

/// A Spy's `_modify` access (`+=`, `inout`, a mutating call) of a property
/// or subscript it would forward: the real getter and setter are called.
@Suite struct SpyModifyForwardingTests {
    @Test func plusEqualsReadsAndWritesTheRealProperty() throws {
        let real = LiveModifyRegistry()
        let spy = try Spy<any ModifyRegistry>(forwardingTo: real)
        var registry = spy()
        let issues = TestDoubleIssueReporting.capture { registry.count += 5 }
        #expect(issues.isEmpty)
        #expect(real.count == 12)
        spy.verify(.once) { $0.count }
        spy.verify(.once) { $0.count = Match.equal(12) }
        #expect(registry.count == 12)
    }

    @Test func aClassWithNoPlaceholderCrossesBothWays() throws {
        let real = LiveModifyRegistry()
        let first = real.owner
        let second = ModifyOwner(name: "second")
        let spy = try Spy<any ModifyRegistry>(forwardingTo: real)
        var registry = spy()
        let issues = TestDoubleIssueReporting.capture {
            let old = replace(&registry.owner, with: second)
            #expect(old === first)
        }
        #expect(issues.isEmpty)
        #expect(real.owner === second)
        registry.owner.name = "renamed"
        #expect(second.name == "renamed")
    }

    @Test func aLargeStructGetterReturnsIndirectly() throws {
        let real = LiveModifyRegistry()
        let spy = try Spy<any ModifyRegistry>(forwardingTo: real)
        var registry = spy()
        registry.tally.c += 30
        #expect(real.tally == ModifyTally(a: 1, b: 2, c: 33, d: 4, e: 5))
        spy.verify(.once) { $0.tally = Match.equal(ModifyTally(a: 1, b: 2, c: 33, d: 4, e: 5)) }
    }

    @Test func anOptionalStringIsMutatedInPlace() throws {
        let real = LiveModifyRegistry()
        let spy = try Spy<any ModifyRegistry>(forwardingTo: real)
        var registry = spy()
        registry.label? += "-ged"
        #expect(real.label == "tag-ged")
        registry.label = nil
        registry.label? += "x"
        #expect(real.label == nil)
    }

    @Test func subscriptIndicesReachTheRealGetterAndSetter() throws {
        let real = LiveModifyRegistry()
        let spy = try Spy<any ModifyRegistry>(forwardingTo: real)
        var registry = spy()
        registry["a"] += 2
        registry["fresh"] += 1
        #expect(real.entries == ["a": 12, "fresh": 0])
        registry[3, 4].e = 9
        #expect(real.cells[304] == ModifyTally(a: 3, b: 4, c: 0, d: 0, e: 9))
        spy.verify(.once) { $0[Match.equal("fresh")] = Match.equal(0) }
    }

    @Test func aConfiguredGetterFeedsTheRealSetter() throws {
        let real = LiveModifyRegistry()
        let spy = try Spy<any ModifyRegistry>(forwardingTo: real)
        spy.when { $0.count }.thenReturn(100)
        var registry = spy()
        let issues = TestDoubleIssueReporting.capture { registry.count += 1 }
        #expect(issues.isEmpty)
        #expect(real.count == 101)
    }

    @Test func aConfiguredSetterKeepsTheRealValue() throws {
        let real = LiveModifyRegistry()
        let spy = try Spy<any ModifyRegistry>(forwardingTo: real)
        spy.whenSet { $0.count = Match.any() }.thenDoNothing()
        var registry = spy()
        registry.count += 1
        #expect(real.count == 7)
        spy.verify(.once) { $0.count = Match.equal(8) }
    }

    @Test func aValueTargetChangesTheSpysOwnCopy() throws {
        let spy = try Spy<any ModifyRegistry>(forwardingTo: ValueModifyRegistry())
        var registry = spy()
        registry.count *= 4
        registry["k"] += 6
        #expect(registry.count == 12)
        #expect(registry["k"] == 6)
    }

    @Test func aClosurePropertyStartsFromAPlaceholderWithOneIssue() throws {
        let real = LiveModifyRegistry()
        let line = #line + 1
        let spy = try Spy<any ModifyRegistry>(forwardingTo: real)
        var registry = spy()
        let issues = TestDoubleIssueReporting.capture { _ = replace(&registry.transform, with: { $0 * 3 }) }
        // The getter's closure cannot be read back from a call built without its frame: one issue, no stop.
        #expect(issues.map(\.location?.line) == [line])
        let message = try #require(issues.first?.message)
        #expect(message.contains("transform was to be forwarded inside a modify access"))
        #expect(message.contains("a closure crosses it"))
        #expect(real.transform(2) == 3)
    }

    @Test func aRecordingSpyRecordsTheForwardedGetAndSet() throws {
        let session = RecordingSession()
        let spy = try Spy<any ModifyRegistry>(forwardingTo: LiveModifyRegistry(), recordingInto: session)
        var registry = spy()
        registry["a"] += 5
        let fixture = session.snapshot()
        #expect(fixture.interactions.map(\.arguments) == [[.string("a")], [.string("a"), .integer(15)]])
        #expect(fixture.interactions.first?.outcome == .returned(.integer(10)))
    }
}
