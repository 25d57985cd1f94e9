import TestDoublesManual
import Testing

protocol AccountService {
    func currentUser() -> String?
    func balance(of user: String) -> Int
    func refresh() async throws -> Bool
}

struct AccountServiceStubConformer: AccountService, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func currentUser() -> String? { stub.call() }
    func balance(of user: String) -> Int { stub.call(user) }
    func refresh() async throws -> Bool { try await stub.asyncThrowingCall() }
}
typealias AccountServiceStub = ManualStub<AccountServiceStubConformer>

@Suite struct StubScenarioTests {
    @Test func aScenarioForTheProtocolAppliesToAManualStub() {
        // Written as the README writes it for a runtime Stub.
        let signedOut: StubScenario<any AccountService> = .init {
            $0.when { $0.currentUser() }.thenReturn(nil)
        }

        let account = AccountServiceStub()
        signedOut.apply(to: account)
        let service: any AccountService = account()
        #expect(service.currentUser() == nil)
        account.verify { $0.currentUser() }
    }

    @Test func manualStubScenarioIsTypedByTheConformer() {
        let rich: ManualStubScenario<AccountServiceStubConformer> = .init {
            $0.when { $0.balance(of: Match.any()) }.thenReturn(1_000)
        }
        let account = AccountServiceStub()
        rich.apply(to: account)
        #expect(account().balance(of: "ada") == 1_000)
    }

    @Test func appendingKeepsFirstMatchOrder() {
        let ada: StubScenario<any AccountService> = .init {
            $0.when { $0.balance(of: Match.equal("ada")) }.thenReturn(5)
        }
        let everyone: StubScenario<any AccountService> = .init {
            $0.when { $0.balance(of: Match.any()) }.thenReturn(1)
        }

        let specificFirst = AccountServiceStub()
        ada.appending(everyone).apply(to: specificFirst)
        #expect(specificFirst().balance(of: "ada") == 5)
        #expect(specificFirst().balance(of: "bob") == 1)

        let broadFirst = AccountServiceStub()
        var broadAnswer: Int?
        let issues = TestDoubleIssueReporting.capture {
            everyone.appending(ada).apply(to: broadFirst)
            broadAnswer = broadFirst().balance(of: "ada")
        }
        // The catch-all registered first swallows the later, specific one, and the engine says so.
        #expect(broadAnswer == 1)
        #expect(issues.map(\.kind) == [.unreachableRegistration])
    }

    @Test func asyncScenariosRecordAsyncRequirements() async throws {
        let offline: AsyncStubScenario<any AccountService> = .init {
            await $0.when { try await $0.refresh() }.thenThrow(LoadError.offline)
        }
        let signedIn: StubScenario<any AccountService> = .init {
            $0.when { $0.currentUser() }.thenReturn("ada")
        }
        let account = AccountServiceStub()
        await signedIn.appending(offline).apply(to: account)
        let service: any AccountService = account()
        #expect(service.currentUser() == "ada")
        await #expect(throws: LoadError.offline) { try await service.refresh() }

        let again = AccountServiceStub()
        await offline.appending(signedIn).apply(to: again)
        #expect(again().currentUser() == "ada")
    }

    @Test func aScenarioServesClosureDoubles() {
        let twos: StubScenario<ClosureInvoker<Int, String, ClosureEffect.Sync>> = .init {
            $0.when { $0(Match.equal(2)) }.thenReturn("two")
        }
        let formatter = ClosureDouble<Int, String>()
        twos.apply(to: formatter)
        #expect(formatter.function(2) == "two")
    }

    @Test func aScenarioForAnotherSubjectIsReportedAndChangesNothing() {
        let wrongSubject: StubScenario<any Converter> = .init {
            $0.when { $0.convert(Match.any() as Int) as String }.thenReturn("x")
        }
        let account = AccountServiceStub()
        let issues = TestDoubleIssueReporting.capture { wrongSubject.apply(to: account) }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(account.describeInteractions() == "\(account.recorder.name): no calls")
    }
}
