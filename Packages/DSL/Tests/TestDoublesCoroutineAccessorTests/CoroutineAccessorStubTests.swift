import TestDoubles
import Testing

// Callee-allocated coroutine accessors (`read` / `modify` of the
// CoroutineAccessors feature, which this target enables: every `{ get set }`
// requirement here also has a `modify2` witness) served by a runtime Stub
// with the getter vocabulary: a `read` yields what the getter's
// configuration answers, a `modify` starts from that answer and records the
// final value as a set. (swift-format parses `read` beside `set` only on
// lines of their own.)
#if compiler(>=6.1) && hasFeature(CoroutineAccessors)
struct CAPoint: Equatable {
    var x: Double
    var y: Double
    var label: String
}

struct CAWide: Equatable {
    var a: Int
    var b: Int
    var c: Int
    var d: Int
}

protocol CAExistentialValue {}

struct CAMarker: CAExistentialValue, Equatable {
    var id: Int
}

protocol CAStore {
    var name: String { read }
    var count: Int { get set }
    var title: String {
        read
        set
    }
    var point: CAPoint { read }
    var wide: CAWide {
        read
        set
    }
    var ratio: Double { read }
    var optional: Int? { read }
    var marker: any CAExistentialValue { read }
    subscript(key: String) -> Int {
        read
        set
    }
    subscript(row row: Int, column column: Double) -> String { get set }
}

// Linked so signature discovery reads every requirement's witness symbol.
struct CALiveStore: CAStore {
    var name: String { "live" }
    var count = 0
    var title = ""
    var point: CAPoint { CAPoint(x: 0, y: 0, label: "") }
    var wide = CAWide(a: 0, b: 0, c: 0, d: 0)
    var ratio: Double { 1 }
    var optional: Int? { nil }
    var marker: any CAExistentialValue { CAMarker(id: 0) }
    subscript(key: String) -> Int {
        get { 0 }
        set {}
    }
    subscript(row row: Int, column column: Double) -> String {
        get { "" }
        set {}
    }
}

enum CAFailure: Error { case stop }

func caIncrementAndThrow(_ value: inout Int, throwing: Bool) throws {
    value += 1
    if throwing { throw CAFailure.stop }
}

func caAppend(_ value: inout String, _ suffix: String) {
    value += suffix
}

@Suite struct CoroutineAccessorStubTests {
    #if arch(x86_64)
    @Test func readYieldsTheConfiguredAnswers() throws {
        let stub = try Stub<any CAStore>()
        stub.when { $0.name }.thenReturn("first", "second")
        stub.when { $0.point }.thenReturn(CAPoint(x: 1.5, y: -2, label: "p"))
        stub.when { $0.ratio }.thenReturn(0.25)
        stub.when { $0.optional }.thenReturn(nil, 42)
        let store: any CAStore = stub()

        #expect(store.name == "first")
        #expect(store.name == "second")
        #expect(store.point == CAPoint(x: 1.5, y: -2, label: "p"))
        #expect(store.ratio == 0.25)
        #expect(store.optional == nil)
        #expect(store.optional == 42)
        stub.verify(.exactly(2)) { $0.name }
        stub.verify(.exactly(2)) { $0.optional }
    }

    @Test func readOfFourPartsAndOfAnExistential() throws {
        // Four register parts: two beside the continuation, two in memory;
        // an existential is yielded by address.
        let stub = try Stub<any CAStore>()
        stub.when { $0.wide }.thenReturn(CAWide(a: 1, b: 2, c: 3, d: 4))
        stub.when { $0.marker }.thenReturn(CAMarker(id: 9))
        let store: any CAStore = stub()

        #expect(store.wide == CAWide(a: 1, b: 2, c: 3, d: 4))
        #expect((store.marker as? CAMarker) == CAMarker(id: 9))
        stub.verify(.once) { $0.marker }
    }

    @Test func readSubscriptReceivesItsIndex() throws {
        let stub = try Stub<any CAStore>()
        stub.when { $0[Match.equal("a")] }.thenReturn(1)
        stub.when { $0[Match.any()] }.thenReturn(0)
        stub.when { $0[row: Match.any(), column: Match.any()] }.then { row, column in "\(row):\(column)" }
        let store: any CAStore = stub()

        #expect(store["a"] == 1)
        #expect(store["b"] == 0)
        #expect(store[row: 2, column: 0.5] == "2:0.5")
        stub.verify { $0[Match.equal("b")] }
    }

    @Test func modifyStartsFromTheGetterAndRecordsTheFinalValue() throws {
        let stub = try Stub<any CAStore>()
        stub.when { $0.count }.thenReturn(10)
        stub.when { $0.count = Match.any() }.thenDoNothing()
        stub.when { $0.title }.thenReturn("T")
        stub.when { $0.title = Match.any() }.thenDoNothing()
        var store: any CAStore = stub()

        store.count += 5
        caAppend(&store.title, "!")
        #expect(store.title == "T")

        stub.verify(.once) { $0.count }
        stub.verify(.once) { $0.count = Match.equal(15) }
        stub.verify(.exactly(2)) { $0.title }
        stub.verify(.once) { $0.title = Match.equal("T!") }
        stub.verifyNoMoreInteractions()
    }

    @Test func modifyOfFourPartsAndSubscripts() throws {
        let stub = try Stub<any CAStore>()
        stub.when { $0.wide }.thenReturn(CAWide(a: 1, b: 2, c: 3, d: 4))
        stub.when { $0.wide = Match.any() }.thenDoNothing()
        stub.when { $0[Match.any()] }.thenReturn(7)
        stub.when { $0[Match.any()] = Match.any() }.thenDoNothing()
        stub.when { $0[row: Match.any(), column: Match.any()] }.thenReturn("cell")
        stub.when { $0[row: Match.any(), column: Match.any()] = Match.any() }.thenDoNothing()
        var store: any CAStore = stub()

        store.wide.d += 40
        store["k"] *= 3
        store[row: 1, column: 2.5] += "+"

        stub.verify(.once) { $0.wide = Match.equal(CAWide(a: 1, b: 2, c: 3, d: 44)) }
        stub.verify(.once) { $0[Match.equal("k")] = Match.equal(21) }
        stub.verify(.once) { $0[row: Match.equal(1), column: Match.equal(2.5)] = Match.equal("cell+") }
    }

    @Test func aThrowingBodyInsideModifyEndsTheAccessWithItsLastValue() throws {
        // The yield_once_2 continuation cannot tell an abort from a normal
        // end: the final value is recorded as a set either way, as Swift's
        // non-transactional write-back does.
        let stub = try Stub<any CAStore>()
        stub.when { $0.count }.thenReturn(1)
        stub.when { $0.count = Match.any() }.thenDoNothing()
        var store: any CAStore = stub()

        #expect(throws: CAFailure.stop) { try caIncrementAndThrow(&store.count, throwing: true) }
        try caIncrementAndThrow(&store.count, throwing: false)

        stub.verify(.exactly(2)) { $0.count }
        stub.verify(.exactly(2)) { $0.count = Match.equal(2) }
        stub.verifyNoMoreInteractions()
    }

    @Test func aSpyFailsClosedOnACoroutineAccessor() {
        #expect {
            _ = try Spy<any CASnapshotForSpy>(forwardingTo: CARealSnapshot())
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.requirement == "value" && error.reason.contains("Spy cannot forward")
        }
    }
    #else
    @Test func coroutineAccessorsFailClosedOffX86() {
        #expect {
            _ = try Stub<any CAStore>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.requirement?.contains("name") == true && error.reason.contains("x86_64 only")
        }
    }
    #endif
}

protocol CASnapshotForSpy {
    var value: String { read }
}

struct CARealSnapshot: CASnapshotForSpy {
    var value: String { "real" }
}
#endif
