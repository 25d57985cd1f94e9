import TestDoublesMetadata
import Testing

@testable import TestDoubles

// A failure that concerns a requirement whose signature gave no name names it
// by the declaration name a witness or method-descriptor symbol spells; when
// the process holds none (no linked conformer, no library evolution), by words
// that map to the declaration: its position among the protocol's members in
// declaration order and its kind. Never a bare descriptor index (issue 19).

/// No conformer is linked anywhere, and the module has no library evolution: nothing names its requirements.
protocol UnlinkedLedger {
    func balance() -> Int
    var owner: String { get set }
    static func open(named name: String) async throws -> Int
    init(seed: Int)
    subscript(entry: Int) -> Double { get }
    func close() async
}

/// The same members with a conformer linked: its witnesses' symbols name them.
protocol LinkedLedger {
    func balance() -> Int
    var owner: String { get set }
    static func open(named name: String) async throws -> Int
    init(seed: Int)
    subscript(entry: Int) -> Double { get }
    func close() async
}

struct LiveLinkedLedger: LinkedLedger {
    var owner = ""
    init(seed: Int) {}
    func balance() -> Int { 0 }
    static func open(named name: String) async throws -> Int { 0 }
    subscript(entry: Int) -> Double { 0 }
    func close() async {}
}

/// A private protocol's symbols carry a discriminator the name must not show.
private protocol HiddenLedger {
    func settle(with other: Int, on day: Int) -> Bool
    static func == (lhs: Self, rhs: Self) -> Bool
}

private struct LiveHiddenLedger: HiddenLedger {
    func settle(with other: Int, on day: Int) -> Bool { true }
    static func == (lhs: Self, rhs: Self) -> Bool { true }
}

/// Only an unlinked protocol's error: read here, where the compiler knows the private type.
private func hiddenLedgerLabels() throws -> [String] {
    RequirementLabel.texts(of: try ProtocolHierarchy(of: (any HiddenLedger).self))
}

@Suite struct RequirementLabelTests {
    @Test func aStubOfAnUnlinkedProtocolNamesTheMemberByPositionAndKind() throws {
        do {
            _ = try Stub<any UnlinkedLedger>()
            Issue.record("construction succeeded")
        } catch {
            #expect(error.kind == .signatureDiscoveryFailed)
            #expect(error.requirement == "UnlinkedLedger's 1st member in declaration order (a method)")
            #expect(error.reason.contains("members are counted in declaration order"))
            #expect(!error.description.contains("requirement 0"))
            #expect(!error.description.contains("requirement 1 "))
            #expect(error.fix.contains("link a conformer of UnlinkedLedger"))
        }
    }

    @Test func everyUnlinkedMemberIsNamedByPositionAndKind() throws {
        let labels = RequirementLabel.texts(of: try ProtocolHierarchy(of: (any UnlinkedLedger).self))
        let prefix = "UnlinkedLedger's "
        #expect(
            labels == [
                prefix + "1st member in declaration order (a method)",
                prefix + "2nd member in declaration order (the getter of a property or subscript)",
                prefix + "2nd member in declaration order (the setter of a property or subscript)",
                prefix + "2nd member in declaration order (the _modify accessor of a property or subscript)",
                prefix + "3rd member in declaration order (a static async method)",
                prefix + "4th member in declaration order (an initializer)",
                prefix + "5th member in declaration order (the getter of a property or subscript)",
                prefix + "6th member in declaration order (an async method)",
            ])
    }

    @Test func linkedMembersAreNamedByTheirDeclarationNames() throws {
        let labels = RequirementLabel.texts(of: try ProtocolHierarchy(of: (any LinkedLedger).self))
        #expect(
            labels == [
                "LinkedLedger.balance()", "LinkedLedger.owner", "LinkedLedger.owner (its setter)",
                "LinkedLedger.owner (its _modify accessor)", "LinkedLedger.open(named:)", "LinkedLedger.init(seed:)",
                "LinkedLedger.subscript(_:)", "LinkedLedger.close()",
            ])
    }

    @Test func privateProtocolsAndOperatorsAreNamedWithoutDiscriminators() throws {
        let labels = try hiddenLedgerLabels()
        #expect(labels.count == 2)
        #expect(try #require(labels.first).hasSuffix(".settle(with:on:)"))
        #expect(try #require(labels.last).hasSuffix(".==(_:_:)"))
        #expect(!labels.joined().contains(" in _"))
    }

    @Test func anExplicitListOfTheWrongKindNamesTheProtocolsMember() {
        do {
            _ = try Stub<any UnlinkedLedger>(
                .getter("balance", Int.self), .getter("owner", String.self), .setter("owner", String.self),
                .method(String.self, returning: Int.self, isThrowing: true, isAsync: true),
                .initializer(Int.self), .subscriptGetter(indexedBy: Int.self, returning: Double.self),
                .method(returning: Void.self, isAsync: true))
            Issue.record("construction succeeded")
        } catch {
            #expect(
                error
                    == .requirementMismatch(
                        protocolName: "UnlinkedLedger", requirementIndex: 0,
                        expected: "a method (UnlinkedLedger's 1st member in declaration order)", actual: "a getter"))
            #expect(error.reason.contains("explicit requirement 1 is a getter"))
            #expect(error.reason.contains("UnlinkedLedger's 1st member in declaration order"))
        }
    }

    #if compiler(>=6.2)
    @Test func callingADummyNamesTheRequirementItReached() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let ledger: any UnlinkedLedger = Dummy.make()
            await ledger.close()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("was called: UnlinkedLedger's 6th member in declaration order (an async method)"))
        #expect(!message.contains("requirement 5"))
    }
    #endif
}
