import Foundation
import TestDoubles
import Testing

// Protocols that refine the standard library's: a model that is Identifiable
// by UUID and CustomStringConvertible, a Sendable session, a Hashable tag.
// The inherited requirements are called by generic code the app did not write
// (string interpolation, `ForEach`-style identity, sets).

protocol SDKAccountModel: Identifiable, CustomStringConvertible, Sendable where ID == UUID {
    var displayName: String { get }
    var balance: Decimal { get }
}

protocol SDKSession: Sendable, CustomDebugStringConvertible {
    var token: String { get }
    func refreshed(at date: Date) async throws -> String
}

struct SDKLiveAccount: SDKAccountModel {
    var id: UUID
    var displayName: String
    var balance: Decimal
    var description: String { "\(displayName) (\(balance))" }
}

struct SDKKeychainSession: SDKSession {
    var token: String
    var debugDescription: String { "Session(\(token.count) chars)" }
    func refreshed(at date: Date) async throws -> String { token + "+" }
}

/// Generic code of the app that only knows the standard protocols.
func sdkLabel<Item: Identifiable & CustomStringConvertible>(_ item: Item) -> [AnyHashable: String] {
    [AnyHashable(item.id): item.description]
}

@Suite struct RealCodeRefinedProtocolTests {
    static let ada = UUID(uuidString: "ADA00000-0000-4000-8000-000000000001")!

    @Test func inheritedIdentityAndDescriptionAreAnsweredAndRecorded() throws {
        let account = try Stub<any SDKAccountModel>()
        account.when { $0.id }.thenReturn(Self.ada)
        account.when { $0.description }.thenReturn("Ada — €12.50")
        account.when { $0.displayName }.thenReturn("Ada")
        account.when { $0.balance }.thenReturn(Decimal(string: "12.50")!)

        let model = account()
        #expect(model.id == Self.ada)
        #expect("\(model)" == "Ada — €12.50")
        #expect(String(describing: model) == "Ada — €12.50")
        #expect(model.balance == Decimal(1250) / 100)
        #expect(sdkLabel(model) == [AnyHashable(Self.ada): "Ada — €12.50"])
        account.verify(.exactly(3)) { $0.description }
        account.verify(.exactly(2)) { $0.id }
        account.verify(.never) { $0.displayName }
    }

    @Test func openingTheExistentialKeepsTheBoundIdentifierType() throws {
        let account = try Stub<any SDKAccountModel>()
        account.when { $0.id }.thenReturn(Self.ada)
        func identifier(of model: some Identifiable) -> AnyHashable { AnyHashable(model.id) }
        let id = identifier(of: account())
        #expect(id == AnyHashable(Self.ada))
        #expect(id.base is UUID)
    }

    @Test func aSpyForwardsTheInheritedRequirementsToTheModel() throws {
        let live = SDKLiveAccount(id: Self.ada, displayName: "Ada", balance: 3)
        let spy = try Spy<any SDKAccountModel>(forwardingTo: live)
        #expect("\(spy())" == "Ada (3)")
        #expect(spy().id == Self.ada)
        #expect(sdkLabel(spy()) == [AnyHashable(Self.ada): "Ada (3)"])
        spy.verify(.exactly(2)) { $0.description }
    }

    @MainActor @Test func aSendableSessionWithADebugDescription() async throws {
        let session = try Stub<any SDKSession>()
        session.when { $0.debugDescription }.thenReturn("Session<redacted>")
        session.when { $0.token }.thenReturn("t-1")
        await session.when { try await $0.refreshed(at: Match.any()) }.then { (date: Date) in
            "t-\(Int(date.timeIntervalSince1970))"
        }
        let live: any SDKSession = session()
        #expect(live.debugDescription == "Session<redacted>")
        #expect(live.token == "t-1")
        let refreshed = try await Task.detached { try await live.refreshed(at: Date(timeIntervalSince1970: 60)) }.value
        #expect(refreshed == "t-60")
        await session.verify { try await $0.refreshed(at: Date(timeIntervalSince1970: 60)) }
        session.verify { $0.debugDescription }
    }

    @Test func dynamicCastsOfAStubValueFindItsProtocols() throws {
        let session = try Stub<any SDKSession>()
        session.when { $0.debugDescription }.thenReturn("Session<redacted>")
        let value: Any = session()
        #expect(value is any SDKSession)
        #expect(value is any CustomDebugStringConvertible)
        #expect(!(value is any CustomStringConvertible))
        // String(reflecting:) casts dynamically to CustomDebugStringConvertible: the stub answers.
        #expect(String(reflecting: session()) == "Session<redacted>")
        // Calls through the existential, and generic code given it, use its witness table.
        func debugText(_ value: some CustomDebugStringConvertible) -> String { value.debugDescription }
        #expect(debugText(session()) == "Session<redacted>")
        session.verify(.exactly(2)) { $0.debugDescription }
    }
}
