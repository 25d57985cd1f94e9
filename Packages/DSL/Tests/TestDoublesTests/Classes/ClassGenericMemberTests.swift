import Foundation
import TestDoubles
import Testing

/// Methods of a class with generic parameters of their own: each call's
/// hidden words (the parameters' metadata, then their witness tables) name
/// the types, as for a protocol requirement's own generic parameters.
@Suite struct ClassGenericMemberTests {
    @Test func aStubAnswersGenericMethodsPerTypeBesideEveryOtherEffect() async throws {
        let stub = try Stub<CDCatalog>(initializingWith: { CDCatalog(title: "shelf") })
        stub.when { $0.count() }.thenReturn(9)
        stub.when { try $0.item(at: Match.equal(-1)) }.thenThrow(CDError.offline)
        stub.when { $0.title }.thenReturn("stubbed")
        stub.when { $0[Match.equal(2)] }.thenReturn("two")
        stub.when { $0.convert(Match.equal(CDItem(id: 1, title: "a"))) }.thenReturn(CDItem(id: 2, title: "b"))
        stub.when { $0.convert(Match.equal(4)) }.then { (value: Int) in value * 10 }
        stub.when { $0.describe(Match.equal("x")) }.thenReturn("a string")
        stub.when { $0.pair(Match.equal("k"), Match.equal(0)) }.thenReturn(["k": 1, "l": 2])
        stub.when { try $0.decode(Match.equal(CDItem.self), from: Match.any()) }.thenReturn(
            CDItem(id: 7, title: "decoded"))
        stub.when { try $0.decode(Match.equal(Int.self), from: Match.any()) }.thenThrow(CDError.refused(3))
        await stub.when { await $0.load(Match.equal(String.self), id: Match.any()) }.thenReturn("loaded")
        await stub.when { try await $0.fetch(Match.equal(CDItem.self), id: Match.equal(4)) }.thenReturn(
            CDItem(id: 4, title: "f"))
        await stub.when { try await $0.fetch(Match.equal(CDItem.self), id: Match.equal(5)) }.thenThrow(CDError.offline)
        let catalog = stub()
        #expect(catalog.count() == 9)
        #expect(throws: CDError.offline) { try catalog.item(at: -1) }
        #expect(catalog.title == "stubbed")
        #expect(catalog[2] == "two")
        #expect(catalog.convert(CDItem(id: 1, title: "a")) == CDItem(id: 2, title: "b"))
        #expect(catalog.convert(4) == 40)
        #expect(catalog.describe("x") == "a string")
        #expect(catalog.pair("k", 0) == ["k": 1, "l": 2])
        #expect(try catalog.decode(CDItem.self, from: "{}") == CDItem(id: 7, title: "decoded"))
        #expect(throws: CDError.refused(3)) { try catalog.decode(Int.self, from: "1") }
        #expect(await catalog.load(String.self, id: 1) == "loaded")
        #expect(try await catalog.fetch(CDItem.self, id: 4) == CDItem(id: 4, title: "f"))
        await #expect(throws: CDError.offline) { try await catalog.fetch(CDItem.self, id: 5) }
        stub.verify(.once) { $0.convert(Match.equal(CDItem(id: 1, title: "a"))) }
        stub.verify(.once) { $0.convert(Match.equal(4)) }
        stub.verify(.never) { $0.convert(Match.equal("never")) }
        stub.verify(.once) { try $0.decode(Match.equal(CDItem.self), from: Match.equal("{}")) }
    }

    @Test func aSpyForwardsUnmatchedGenericCallsToTheClass() async throws {
        let spy = try Spy<CDCatalog>(initializingWith: { CDCatalog(title: "shelf") })
        spy.when { $0.convert(Match.equal(1)) }.thenReturn(-1)
        let catalog = spy()
        #expect(catalog.convert(1) == -1)
        #expect(catalog.convert(2) == 2)
        #expect(catalog.convert(CDItem(id: 3, title: "c")) == CDItem(id: 3, title: "c"))
        #expect(catalog.conversions == 2)
        #expect(catalog.describe(5) == "value 5")
        #expect(catalog.pair("a", [1]) == ["a": [1]])
        #expect(try catalog.decode(CDItem.self, from: #"{"id":6,"title":"t"}"#) == CDItem(id: 6, title: "t"))
        #expect(await catalog.load(Int.self, id: 1) == nil)
        await #expect(throws: CDError.refused(8)) { try await catalog.fetch(CDItem.self, id: 8) }
        spy.verify(.once) { $0.convert(Match.equal(2)) }
        spy.verify(.once) { $0.describe(Match.equal(5)) }
    }

    @Test func anAssociatedTypeConformanceIsRefusedByName() throws {
        do {
            _ = try Stub<CDIndexer>(initializingWith: { CDIndexer() })
            Issue.record("a generic member constraining an associated type was accepted")
        } catch {
            #expect(error.requirement == "firstKey(_:)")
            #expect(error.reason.contains("associated type"))
        }
    }
}
