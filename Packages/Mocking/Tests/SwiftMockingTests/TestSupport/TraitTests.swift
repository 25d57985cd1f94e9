#if compiler(>=6.1)
import SwiftMocking
import Testing

struct TraitUser: Equatable, Sendable {
    var name: String
}

protocol Accounts {
    func current() -> TraitUser
    func count() -> Int
}

final class MockAccounts: Mock, @unchecked Sendable, Accounts {
    func current() -> TraitUser { adapt(super.current, ()) }
    func count() -> Int { adapt(super.count, ()) }
}

@Suite(.withDefaults(TraitUser(name: "suite")))
struct TraitTests {
    @Test func aSuiteTraitsDefaultsReachItsTests() {
        let accounts: Accounts = MockAccounts()
        #expect(accounts.current() == TraitUser(name: "suite"))
    }

    @Test(.withDefaults(TraitUser(name: "test"), 7))
    func aTestTraitReplacesTheSuites() {
        let accounts: Accounts = MockAccounts()
        #expect(accounts.current() == TraitUser(name: "test"))
        #expect(accounts.count() == 7)
    }

    @Test(.mocking) func mockingGivesAFreshStorageAndRecorder() {
        #expect(MockScope.invocationRecorder !== InvocationRecorder.shared)
        #expect(MockScope.invocationRecorder.count == 0)
        #expect(MockScope.currentStorage.storage.isEmpty)
        when(MockPricingService.shared()).thenReturn("scoped")
        #expect(MockPricingService.shared() as String == "scoped")
        #expect(MockScope.invocationRecorder.count == 1)
    }
}
#endif
