import TestDoublesManual
import TestDoublesRecorder
import Testing

// The ManualStubbing article's examples, rewritten against a fixture of our own:
// a conformer that forwards through `requirements` / `throwingRequirements`,
// an async getter through `call`, typed throws through one `throwingCall`
// for sync and async, and overloads told apart by argument type.

enum ShelfError: Error, Equatable {
    case unavailable
}

enum Availability: Equatable, Sendable {
    case open
    case closed
}

protocol Shelf {
    func title(id: Int) -> String
    func reset()
    func archive(_ item: Item) throws
    var size: Int { get }
    var owner: String { get set }
    var secret: String { get throws }
    var availability: Availability { get async }
    var session: String { get throws(ShelfError) }
    func reload(_ id: Int) async throws(ShelfError) -> Item
    func label(_ value: Int) -> String
    func label(_ value: String) -> String
    func fetch(_ id: Int) throws(ShelfError) -> Item
    func sync(_ id: Int) async -> Bool
    func purge() async throws
}

struct ShelfStubConformer: Shelf, ManualStubConformer {
    let stub: ManualStub<Self>

    func title(id: Int) -> String { stub.requirements.title(id: id) }
    func reset() { stub.requirements.reset() }
    func archive(_ item: Item) throws { try stub.throwingRequirements.archive(item) }
    var size: Int { stub.requirements.size }
    var owner: String {
        get { stub.requirements.owner }
        set { stub.requirements.owner = newValue }
    }
    var secret: String {
        get throws { try stub.throwingRequirements.secret }
    }
    var availability: Availability {
        get async { await stub.call() }
    }
    var session: String {
        get throws(ShelfError) { try stub.throwingCall(throwing: ShelfError.self) }
    }
    func reload(_ id: Int) async throws(ShelfError) -> Item {
        try await stub.throwingCall(id, throwing: ShelfError.self)
    }
    func label(_ value: Int) -> String { stub.call(value) }
    func label(_ value: String) -> String { stub.call(value) }
    func fetch(_ id: Int) throws(ShelfError) -> Item { try stub.throwingCall(id, throwing: ShelfError.self) }
    func sync(_ id: Int) async -> Bool { await stub.requirements.sync(id) }
    func purge() async throws { try await stub.throwing.purge() }
}

typealias ShelfStub = ManualStub<ShelfStubConformer>

@Suite struct ManualStubbingArticleTests {
    init() { Item.registerPlaceholder() }

    @Test func quickStart() throws {
        let stub = ShelfStub()
        stub.when { $0.title(id: Match.equal(42)) }.thenReturn("Alice")
        stub.when { $0.reset() }.thenDoNothing()
        stub.when { try $0.archive(Match.any()) }.thenThrow(ShelfError.unavailable)

        let shelf: any Shelf = stub()
        #expect(shelf.title(id: 42) == "Alice")
        shelf.reset()
        #expect(throws: ShelfError.unavailable) { try shelf.archive(Item(id: 1, name: "a")) }

        stub.verify { $0.title(id: Match.any()) }
        stub.verify { $0.reset() }
        #expect(stub.when { try $0.archive(Match.any()) }.arguments() == [Item(id: 1, name: "a")])
    }

    @Test func propertiesForwardThroughTheSameRoute() throws {
        let stub = ShelfStub()
        stub.when { $0.size }.thenReturn(3)
        stub.when { $0.owner }.thenReturn("ops")
        stub.whenSet { $0.owner = Match.any() }.thenDoNothing()
        stub.when { try $0.secret }.thenReturn("s3cr3t")

        var shelf = stub()
        #expect(shelf.size == 3)
        #expect(shelf.owner == "ops")
        shelf.owner = "dev"
        #expect(try shelf.secret == "s3cr3t")
        stub.verifySet(1...1) { $0.owner = Match.equal("dev") }
        // Getter and setter are separate requirements.
        stub.verify(1...1) { $0.owner }
    }

    @Test func asyncGetterAndTypedThrowsShareOneSpelling() async throws {
        let stub = ShelfStub()
        await stub.when(returning: Availability.open) { await $0.availability }.thenReturn(.closed)
        stub.when { try $0.session }.thenThrow(ShelfError.unavailable)
        await stub.when { try await $0.reload(Match.equal(7)) }.thenReturn(Item(id: 7, name: "seven"))
        stub.when { try $0.fetch(Match.any()) }.thenReturn(Item(id: 1, name: "one"))

        let shelf = stub()
        #expect(await shelf.availability == .closed)
        #expect(throws: ShelfError.unavailable) { try shelf.session }
        #expect(try await shelf.reload(7) == Item(id: 7, name: "seven"))
        #expect(try shelf.fetch(9) == Item(id: 1, name: "one"))
    }

    @Test func aTypedRequirementRejectsAnotherErrorType() throws {
        struct Other: Error {}
        let stub = ShelfStub()
        stub.when { try $0.session }.thenThrow(Other())
        var session: String?
        var thrown: ShelfError?
        let issues = TestDoubleIssueReporting.capture {
            do throws(ShelfError) { session = try stub().session } catch { thrown = error }
        }
        // Never the wrong error across the typed boundary: reported, placeholder answer.
        #expect(thrown == nil)
        #expect(session == "")
        #expect(issues.map(\.kind) == [.invalidBehavior])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("ShelfError"))
    }

    @Test func overloadsDifferingOnlyByArgumentTypeStayApart() {
        let stub = ShelfStub()
        stub.when { $0.label(Match.any() as Int) }.thenReturn("number")
        stub.when { $0.label(Match.any() as String) }.thenReturn("text")
        let shelf = stub()
        #expect(shelf.label(1) == "number")
        #expect(shelf.label("x") == "text")
        stub.verify { $0.label(Match.equal(1)) }
        stub.verify { $0.label(Match.equal("x")) }
    }

    @Test func asyncRoutesPickTheAsyncForms() async throws {
        let stub = ShelfStub()
        await stub.when { await $0.sync(Match.any()) }.thenReturn(true)
        await stub.when { try await $0.purge() }.thenThrow(ShelfError.unavailable)
        let shelf = stub()
        #expect(await shelf.sync(3))
        await #expect(throws: ShelfError.unavailable) { try await shelf.purge() }
        let syncs: [Int] = await stub.when { await $0.sync(Match.any()) }.arguments()
        #expect(syncs == [3])
    }

    @Test func aMisspelledRouteIsAnUnstubbedRequirement() throws {
        let stub = ShelfStub()
        stub.when { $0.title(id: Match.any()) }.thenReturn("x")
        var answer: String?
        let issues = TestDoubleIssueReporting.capture {
            let title: String = stub.requirements.titel(id: 1)
            answer = title
        }
        #expect(answer == "")
        #expect(issues.map(\.kind) == [.unmatchedCall])
        let issue = try #require(issues.first)
        #expect(issue.message.contains("titel(id:)"))
    }
}

// Requirements called on the controller itself, and explicit routes.
struct LedgerStubConformer: ManualStubConformer {
    let stub: ManualStub<Self>
    func balance(of account: String) -> Int { stub.balance(of: account) }
    var currency: String { stub.currency }
    func post(_ amount: Int) -> Bool { stub.call(amount, route: ManualRouteID(argumentTypes: Int.self)) }
    func post(_ amount: Double) -> Bool { stub.call(amount, route: ManualRouteID(argumentTypes: Double.self)) }
    func close() throws -> Int { try stub.throwingCall(route: ManualRouteID()) }
}

@Suite struct ManualStubRouteTests {
    @Test func requirementsCalledOnTheController() {
        let stub = ManualStub<LedgerStubConformer>()
        stub.when { $0.balance(of: Match.equal("a")) }.thenReturn(10)
        stub.when { $0.currency }.thenReturn("EUR")
        let ledger = stub()
        #expect(ledger.balance(of: "a") == 10)
        #expect(ledger.currency == "EUR")
    }

    @Test func explicitRoutesSeparateOverloads() throws {
        let stub = ManualStub<LedgerStubConformer>()
        stub.when { $0.post(Match.any() as Int) }.thenReturn(true)
        stub.when { $0.post(Match.any() as Double) }.thenReturn(false)
        stub.when { try $0.close() }.thenReturn(3)
        let ledger = stub()
        #expect(ledger.post(1))
        #expect(!ledger.post(1.5))
        #expect(try ledger.close() == 3)
        #expect(
            ManualRouteID("post(_:)", argumentTypes: Int.self) == ManualRouteID("post(_:)", argumentTypes: Int.self))
        #expect(
            ManualRouteID("post(_:)", argumentTypes: Int.self) != ManualRouteID("post(_:)", argumentTypes: Double.self))
    }
}
