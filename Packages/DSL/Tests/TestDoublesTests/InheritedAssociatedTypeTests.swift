import TestDoubles
import Testing

/// An account whose inherited `Identifiable.ID` the protocol fixes with a same-type requirement.
protocol LedgerAccount: Identifiable, Sendable where ID == String {
    var balance: Int { get }
    func renamed(_ id: ID, suffix: Int) -> ID
    func lookup(_ ids: [ID]) throws -> ID?
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveLedgerAccount: LedgerAccount {
    var id: String { "" }
    var balance: Int { 0 }
    func renamed(_ id: String, suffix: Int) -> String { id }
    func lookup(_ ids: [String]) throws -> String? { nil }
}

/// A protocol that inherits `Identifiable` and leaves its `ID` open.
protocol OpenIdentity: Identifiable {
    var label: String { get }
}

/// The linked conformer of `OpenIdentity`; never called.
struct LiveOpenIdentity: OpenIdentity {
    var id: Int { 0 }
    var label: String { "" }
}

/// A base whose associated type a refinement fixes to a tuple, which the stub does not bind.
protocol ItemContainer {
    associatedtype Item
    func first() -> Item
}

/// The refinement of `ItemContainer` that fixes `Item` to a tuple.
protocol PairContainer: ItemContainer where Item == (Int, Int) {}

/// The linked conformer of `PairContainer`; never called.
struct LivePairContainer: PairContainer {
    func first() -> (Int, Int) { (0, 0) }
}

/// Associated types of an inherited protocol: fixed by the stubbed protocol's
/// same-type requirements, or bound by the caller.
@Suite struct InheritedAssociatedTypeTests {
    @Test func aSameTypeRequirementBindsTheInheritedAssociatedType() throws {
        let stub = try Stub<any LedgerAccount>()
        stub.when { $0.id }.thenReturn("acc-7")
        stub.when { $0.balance }.thenReturn(120)
        let renames = stub.when { $0.renamed(Match.any(), suffix: Match.any()) }
        renames.then { (id: String, suffix: Int) in "\(id)-\(suffix)" }
        stub.when { try $0.lookup(Match.any()) }.then { (ids: [String]) in ids.last }
        let account = stub()
        #expect(account.id == "acc-7")
        #expect(account.balance == 120)
        #expect(account.renamed("acc", suffix: 3) == "acc-3")
        #expect(try account.lookup(["a", "b"]) == "b")
        #expect(try account.lookup([]) == nil)
        let recorded: [(String, Int)] = renames.arguments()
        #expect(recorded.map(\.0) == ["acc"])
        stub.verify { $0.renamed(Match.equal("acc"), suffix: Match.equal(3)) }
    }

    @Test func aSpyForwardsThroughTheFixedAssociatedType() throws {
        let spy = try Spy<any LedgerAccount>(forwardingTo: LiveLedgerAccount())
        #expect(spy().renamed("kept", suffix: 1) == "kept")
        spy.verify { $0.renamed(Match.equal("kept"), suffix: Match.any()) }
    }

    @Test func theCallerBindsAnInheritedAssociatedTypeTheProtocolLeavesOpen() throws {
        let stub = try Stub<any OpenIdentity>(
            associatedTypes: [.binding(declaredBy: (any Identifiable).self, named: "ID", to: Int.self)])
        stub.when { $0.id }.thenReturn(41)
        stub.when { $0.label }.thenReturn("forty-one")
        let identity = stub()
        #expect(AnyHashable(Self.identifier(of: identity)) == AnyHashable(41))
        #expect(identity.label == "forty-one")
    }

    /// The `id` of a value whose `ID` the caller knows only as `Hashable`.
    private static func identifier<Value: OpenIdentity>(of value: Value) -> Value.ID { value.id }

    @Test func anInheritedAssociatedTypeLeftOpenNamesTheBinding() throws {
        let error = try #require(constructionError { try Stub<any OpenIdentity>() })
        #expect(error.description.contains("Identifiable has associated types (ID)"))
        #expect(error.description.contains(".binding(declaredBy: (any Identifiable).self, named: \"ID\""))
    }

    @Test func aBindingThatContradictsTheSameTypeRequirementFailsClosed() throws {
        let error = try #require(
            constructionError {
                try Stub<any LedgerAccount>(
                    associatedTypes: [.binding(declaredBy: (any Identifiable).self, named: "ID", to: Int.self)])
            })
        #expect(error.description.contains("contradicts"))
        #expect(error.description.contains("Swift.String"))
    }

    @Test func aTupleFixedByTheRefinementFailsClosed() throws {
        let error = try #require(constructionError { try Stub<any PairContainer>() })
        #expect(error.description.contains("ItemContainer has associated types (Item)"))
    }
}
