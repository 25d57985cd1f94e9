import TestDoublesManual
import Testing

/// A class no placeholder source can make: the test hands instances over.
final class VaultSession: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// A struct with no registered placeholder (ManualStubs alone synthesizes none).
struct VaultTicket: Equatable, Sendable {
    var code: Int
}

protocol Vault {
    func open(_ code: Int) -> VaultSession
    func ticket() -> VaultTicket
    func close(_ session: VaultSession) -> Bool
    func restore() async -> VaultSession
    func resume(_ session: VaultSession) async -> Bool
}

struct VaultStubConformer: Vault, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func open(_ code: Int) -> VaultSession { stub.call(code) }
    func ticket() -> VaultTicket { stub.call() }
    func close(_ session: VaultSession) -> Bool { stub.call(session) }
    func restore() async -> VaultSession { await stub.asyncCall() }
    func resume(_ session: VaultSession) async -> Bool { await stub.asyncCall(session) }
}

/// A client of closures whose result and argument are types no placeholder source can make.
struct VaultClient {
    var open: @Sendable (Int) -> VaultSession
    var close: @Sendable (VaultSession) -> Bool
}

private enum VaultContext {
    @TaskLocal static var tenant = "none"
}

/// The recording pass of a front that declares no types (ManualStub, a
/// closure double, ClientStub) meets a result or an argument no placeholder
/// source can make: it runs on a thread of its own, so the process survives.
/// A result is recorded and the pattern works; a `Match.any()` argument is
/// an issue at the `when` line. The double stays usable either way.
@Suite struct UnmakeableRecordingTests {
    @Test func aManualStubRecordsARequirementReturningAClass() {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 1)
        let issues = TestDoubleIssueReporting.capture {
            vault.when { $0.open(Match.greaterThan(0)) }.thenReturn(session)
            vault.when { $0.ticket() }.thenReturn(VaultTicket(code: 9))
        }
        #expect(issues.isEmpty)
        let sut: any Vault = vault()
        #expect(sut.open(5) === session)
        #expect(sut.ticket() == VaultTicket(code: 9))
        #expect(
            TestDoubleIssueReporting.capture {
                vault.verify { $0.open(Match.equal(5)) }
                vault.verify { $0.ticket() }
            }.isEmpty)
    }

    @Test func matchAnyOfAClassArgumentIsAnIssueAtTheWhenLineAndTheStubStaysUsable() throws {
        let vault = ManualStub<VaultStubConformer>()
        var line = 0
        let issues = TestDoubleIssueReporting.capture {
            line = #line + 1
            vault.when { $0.close(Match.any()) }.thenReturn(true)
        }
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .invalidRecording)
        #expect(issues.first?.location?.line == line)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("VaultSession"))
        // The pass stopped at the matcher: no follow-on complaints about the call it never made.
        #expect(issues.first?.message.contains("called no requirement") == false)

        let session = VaultSession(id: 2)
        vault.when { $0.close(Match.any(using: session)) }.thenReturn(true)
        #expect(vault().close(session))
        #expect(vault().close(VaultSession(id: 3)))
    }

    @Test func aClosureDoubleRecordsAClassResultAndReportsAClassArgument() {
        let open = ClosureDouble<Int, VaultSession>()
        let session = VaultSession(id: 4)
        #expect(TestDoubleIssueReporting.capture { open.when { $0(Match.any()) }.thenReturn(session) }.isEmpty)
        #expect(open.function(1) === session)

        let close = ClosureDouble<VaultSession, Bool>()
        var line = 0
        let issues = TestDoubleIssueReporting.capture {
            line = #line + 1
            close.when { $0(Match.any()) }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        close.whenAny().thenReturn(true)
        #expect(close.function(session))
    }

    @Test func aClientStubRecordsAClassResultAndReportsAClassArgument() {
        let client = ClientStub<VaultClient> { endpoints in
            VaultClient(open: endpoints.function("open"), close: endpoints.function("close"))
        }
        let session = VaultSession(id: 5)
        var line = 0
        let issues = TestDoubleIssueReporting.capture {
            client.when { $0.open(Match.any()) }.thenReturn(session)
            line = #line + 1
            client.when { $0.close(Match.any()) }.thenReturn(true)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(client().open(7) === session)
        client.when { $0.close(Match.any(using: session)) }.thenReturn(false)
        #expect(client().close(session) == false)
        #expect(TestDoubleIssueReporting.capture { client.verify { $0.open(Match.equal(7)) } }.isEmpty)
    }

    @Test func theRecordingClosureSeesTheCallersTaskLocalValues() {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 6)
        var seen = ""
        VaultContext.$tenant.withValue("acme") {
            vault.when { stub in
                seen = VaultContext.tenant
                return stub.open(Match.any())
            }.thenReturn(session)
        }
        #expect(seen == "acme")
        #expect(vault().open(1) === session)
    }

    @Test func sharedStubsOfAnIsolatedScopeAreSeenByTheRecordingPass() {
        SharedManualStubs.isolated {
            let session = VaultSession(id: 7)
            ManualStub<VaultStubConformer>.shared.when { $0.open(Match.any()) }.thenReturn(session)
            #expect(ManualStub<VaultStubConformer>.shared().open(3) === session)
        }
        // The process-wide controller never saw that registration.
        #expect(
            TestDoubleIssueReporting.capture {
                ManualStub<VaultStubConformer>.shared.verify(.never) { $0.open(Match.any()) }
            }.isEmpty)
    }

    @MainActor
    @Test func fromTheMainActorSyncAndAsyncPassesSurviveAndReport() async {
        let vault = ManualStub<VaultStubConformer>()
        let session = VaultSession(id: 8)
        var recordedOnMain = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            vault.when { stub in
                recordedOnMain += 1
                return stub.open(Match.any())
            }.thenReturn(session)
            await vault.when { await $0.restore() }.thenReturn(session)
            vault.when { $0.close(Match.any()) }.thenReturn(true)
        }
        #expect(recordedOnMain == 1)
        #expect(issues.map(\.kind) == [.invalidRecording])
        let sut: any Vault = vault()
        #expect(sut.open(2) === session)
        #expect(await sut.restore() === session)
        await vault.verify { await $0.restore() }
    }
}
