import Foundation
import TestDoubles
import Testing

// A profile service forwarded by hand, in the seed's ManualStub style:
// `requirements` and `throwingRequirements` dynamic members, the `call`
// fallbacks for async getters and typed throws, and argument-type overloads.

struct RCProfileItem: Sendable, Equatable {
    var id: Int
    var title: String
}

enum RCProfileServiceError: Error, Equatable {
    case unavailable
    case notFound(Int)
}

protocol RCProfileCatalog: Sendable {
    func fetch(id: Int) -> RCProfileItem?
    func reset()
    var count: Int { get }
    var displayName: String { get set }
    func save(_ item: RCProfileItem) throws
    var token: String { get throws }
    var status: String { get async }
    func refresh(_ id: Int) async throws(RCProfileServiceError) -> RCProfileItem
    func render(_ value: Int) -> String
    func render(_ value: String) -> String
    func search(_ query: String, limit: Int) async -> [RCProfileItem]
}

struct RCProfileCatalogStubConformer: RCProfileCatalog, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }
    func fetch(id: Int) -> RCProfileItem? { stub.requirements.fetch(id: id) }
    func reset() { stub.requirements.reset() }
    var count: Int { stub.requirements.count }
    var displayName: String {
        get { stub.requirements.displayName }
        set { stub.requirements.displayName = newValue }
    }
    func save(_ item: RCProfileItem) throws { try stub.throwingRequirements.save(item) }
    var token: String {
        get throws { try stub.throwingRequirements.token }
    }
    var status: String {
        get async { await stub.call() }
    }
    func refresh(_ id: Int) async throws(RCProfileServiceError) -> RCProfileItem {
        try await stub.throwingCall(id, throwing: RCProfileServiceError.self)
    }
    func render(_ value: Int) -> String { stub.call(value) }
    func render(_ value: String) -> String { stub.call(value) }
    func search(_ query: String, limit: Int) async -> [RCProfileItem] {
        await stub.requirements.search(query, limit: limit)
    }
}

typealias RCProfileCatalogStub = ManualStub<RCProfileCatalogStubConformer>

@Suite struct RealCodeManualStubTests {
    static let item = RCProfileItem(id: 42, title: "Answer")

    @Test func dynamicMemberForwardingAnswersAndRecords() throws {
        let stub = RCProfileCatalogStub()
        stub.when { $0.fetch(id: Match.equal(42)) }.thenReturn(Self.item)
        stub.when { $0.fetch(id: Match.any()) }.thenReturn(nil)
        stub.when { $0.reset() }.thenDoNothing()
        stub.when { $0.count }.thenReturn(7)
        stub.when { $0.displayName }.thenReturn("Ada")
        stub.when { $0.displayName = Match.any() }.thenDoNothing()
        stub.when { try $0.save(Match.property(\.id, equalTo: 0)) }.thenThrow(RCProfileServiceError.unavailable)
        stub.when { try $0.save(Match.any()) }.thenDoNothing()
        stub.when { try $0.token }.thenThrow(RCProfileServiceError.unavailable).thenReturn("t-1")
        var catalog: any RCProfileCatalog = stub()
        #expect(catalog.fetch(id: 42) == Self.item)
        #expect(catalog.fetch(id: 1) == nil)
        catalog.reset()
        #expect(catalog.count == 7)
        #expect(catalog.displayName == "Ada")
        catalog.displayName = "Grace"
        try catalog.save(Self.item)
        #expect(throws: RCProfileServiceError.unavailable) { try catalog.save(RCProfileItem(id: 0, title: "")) }
        #expect(throws: RCProfileServiceError.unavailable) { _ = try catalog.token }
        #expect(try catalog.token == "t-1")
        stub.verify { $0.displayName = Match.equal("Grace") }
        stub.verify(2...2) { try $0.save(Match.any()) }
        let ids: [Int] = stub.when { $0.fetch(id: Match.any()) }.arguments()
        #expect(ids == [42, 1])
    }

    @Test func asyncGettersTypedThrowsAndOverloadsByArgumentType() async throws {
        let stub = RCProfileCatalogStub()
        await stub.when { await $0.status }.thenReturn("online")
        await stub.when { try await $0.refresh(Match.equal(1)) }.thenThrow(RCProfileServiceError.notFound(1))
        await stub.when { try await $0.refresh(Match.any()) }.then { (id: Int) in RCProfileItem(id: id, title: "fresh")
        }
        stub.when { $0.render(Match.any() as Int) }.then { (value: Int) in "int \(value)" }
        stub.when { $0.render(Match.any() as String) }.then { (value: String) in "string \(value)" }
        await stub.when { await $0.search(Match.hasPrefix("a"), limit: Match.atMost(2)) }.thenReturn([Self.item])
        await stub.when { await $0.search(Match.any(), limit: Match.any()) }.thenReturn([])
        let catalog = stub()
        #expect(await catalog.status == "online")
        do {
            _ = try await catalog.refresh(1)
            Issue.record("no error")
        } catch {
            #expect(error == .notFound(1))
        }
        #expect(try await catalog.refresh(5) == RCProfileItem(id: 5, title: "fresh"))
        #expect(catalog.render(3) == "int 3")
        #expect(catalog.render("x") == "string x")
        #expect(await catalog.search("ada", limit: 2) == [Self.item])
        #expect(await catalog.search("ada", limit: 10) == [])
        stub.verify { $0.render(Match.equal(3)) }
        stub.verify { $0.render(Match.equal("x")) }
        await stub.verify(2...2) { await $0.search(Match.any(), limit: Match.any()) }
    }

    #if compiler(>=6.2)
    /// Before: in a process that had made no `Stub`, `Spy` or `Dummy` yet (a test file of
    /// ManualStubs run by itself), `Match.any()` of a plain struct found no placeholder and the
    /// `when` was refused; in a whole run it passed or failed by test order.
    @Test func aManualStubAloneRecordsAStructArgumentWithAny() async {
        await #expect(processExitsWith: .success) {
            let stub = RCProfileCatalogStub()
            let issues = TestDoubleIssueReporting.capture {
                stub.when { try $0.save(Match.any()) }.thenThrow(RCProfileServiceError.unavailable)
            }
            guard issues.isEmpty else { exit(1) }
            do {
                try stub().save(RCProfileItem(id: 1, title: "x"))
                exit(2)
            } catch {}
        }
    }
    #endif

    @Test func anUnstubbedManualCallIsAnIssueNamingTheRequirement() throws {
        let stub = RCProfileCatalogStub()
        let catalog = stub()
        var count = -1
        let issues = TestDoubleIssueReporting.capture { count = catalog.count }
        #expect(count == 0)
        #expect(issues.count == 1)
        #expect(issues.first?.message.contains("count") == true)
    }
}
