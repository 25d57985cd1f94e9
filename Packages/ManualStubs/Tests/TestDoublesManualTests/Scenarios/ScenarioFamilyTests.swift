import TestDoublesManual
import Testing

/// Named, parameterized and double-typed scenarios, and async manual-stub
/// scenarios configuring a `ClientStub`.
@Suite struct ScenarioFamilyTests {
    @Test func namedScenariosKeepTheirName() {
        let signedOut = StubScenario<any AccountService>(named: "signed out") {
            $0.when { $0.currentUser() }.thenReturn(nil)
        }
        let fallback = StubScenario<any AccountService> {
            $0.when { $0.balance(of: Match.any()) }.thenReturn(0)
        }
        #expect(signedOut.name == "signed out")
        #expect(fallback.name == nil)
        let both = signedOut.appending(fallback)
        #expect(both.name == "signed out")
        let account = AccountServiceStub()
        both.apply(to: account)
        #expect(account().currentUser() == nil)
        #expect(account().balance(of: "x") == 0)
    }

    @Test func parameterizedScenariosBindTheirValue() {
        let balance = ParameterizedManualStubScenario<AccountServiceStubConformer, Int>(named: "balance") {
            double, amount in
            double.when { $0.balance(of: Match.any()) }.thenReturn(amount)
        }
        let rich = AccountServiceStub()
        balance.apply(1_000, to: rich)
        #expect(rich().balance(of: "ada") == 1_000)

        let poor = AccountServiceStub()
        let poorScenario = balance.scenario(for: 3)
        #expect(poorScenario.name == "balance")
        poorScenario.apply(to: poor)
        #expect(poor().balance(of: "ada") == 3)
    }

    @Test func asyncParameterizedScenarios() async throws {
        let refreshing = AsyncParameterizedStubScenario<any AccountService, Bool> { double, result in
            await double.when { try await $0.refresh() }.thenReturn(result)
        }
        let account = AccountServiceStub()
        await refreshing.apply(true, to: account)
        #expect(try await account().refresh())
        let other = AccountServiceStub()
        await refreshing.scenario(for: false).apply(to: other)
        #expect(try await other().refresh() == false)
    }

    @Test func scenariosOverTheDoubleItself() async throws {
        let named = TestDoubleScenario<AccountServiceStub>(named: "ada") {
            $0.when { $0.currentUser() }.thenReturn("ada")
        }
        let fallback = TestDoubleScenario<AccountServiceStub> {
            $0.when { $0.balance(of: Match.any()) }.thenReturn(1)
        }
        let account = AccountServiceStub()
        named.appending(fallback).apply(to: account)
        #expect(account().currentUser() == "ada")
        #expect(account().balance(of: "x") == 1)

        let refreshes = AsyncTestDoubleScenario<AccountServiceStub> {
            await $0.when { try await $0.refresh() }.thenReturn(true)
        }
        await refreshes.apply(to: account)
        #expect(try await account().refresh())

        let amounts = ParameterizedTestDoubleScenario<AccountServiceStub, Int> { double, amount in
            double.when { $0.balance(of: Match.equal("bob")) }.thenReturn(amount)
        }
        let bob = AccountServiceStub()
        amounts.scenario(for: 9).apply(to: bob)
        #expect(bob().balance(of: "bob") == 9)
    }

    @Test func asyncParameterizedScenariosOverTheDoubleItself() async throws {
        let refreshing = AsyncParameterizedTestDoubleScenario<AccountServiceStub, Bool>(named: "refresh") {
            double, result in
            await double.when { try await $0.refresh() }.thenReturn(result)
        }
        #expect(refreshing.name == "refresh")
        #expect(AsyncParameterizedTestDoubleScenario<AccountServiceStub, Bool> { _, _ in }.name == nil)
        let succeeding = AccountServiceStub()
        await refreshing.apply(true, to: succeeding)
        #expect(try await succeeding().refresh())

        let failing = refreshing.scenario(for: false)
        #expect(failing.name == "refresh")
        let other = AccountServiceStub()
        await failing.apply(to: other)
        #expect(try await other().refresh() == false)
        #expect(try await succeeding().refresh())
    }

    struct UserClient: Sendable {
        var fetchUser: @Sendable (Int) async throws -> String
    }

    @Test func asyncManualStubScenarioConfiguresAClientStub() async throws {
        // The article's "Reuse client configurations" example.
        let authenticated = AsyncManualStubScenario<UserClient> { stub in
            await stub.when { try await $0.fetchUser(Match.any()) }.thenReturn("ada")
        }
        let api = ClientStub<UserClient> { endpoints in
            UserClient(fetchUser: endpoints.asyncThrowingFunction("fetchUser"))
        }
        await authenticated.apply(to: api)
        #expect(try await api().fetchUser(1) == "ada")
    }
}
