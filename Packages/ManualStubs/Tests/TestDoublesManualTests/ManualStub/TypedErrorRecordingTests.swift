import TestDoublesManual
import Testing

/// An error no placeholder source can make (ManualStubs alone synthesizes none).
struct LocksmithFault: Error, Equatable {
    var reason: String
}

protocol Locksmith {
    func seal(_ code: Int) throws(LocksmithFault) -> VaultTicket
    func reopen(_ code: Int) async throws(LocksmithFault) -> VaultSession
}

struct LocksmithStubConformer: Locksmith, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func seal(_ code: Int) throws(LocksmithFault) -> VaultTicket {
        try stub.throwingCall(code, throwing: LocksmithFault.self)
    }

    func reopen(_ code: Int) async throws(LocksmithFault) -> VaultSession {
        try await stub.asyncThrowingCall(code, throwing: LocksmithFault.self)
    }
}

/// Recording a requirement with a typed error, where neither its result nor
/// its error has a placeholder: the pass cannot end by throwing, so it parks
/// on its own thread once the call is recorded, and the test goes on.
@Suite struct TypedErrorRecordingTests {
    @Test func aSyncRequirementIsRecordedWithNoPlaceholderOfItsResultOrError() throws {
        let locksmith = ManualStub<LocksmithStubConformer>()
        let issues = TestDoubleIssueReporting.capture {
            locksmith.when { try $0.seal(Match.greaterThan(0)) }.thenReturn(VaultTicket(code: 4))
            locksmith.when { try $0.seal(Match.equal(0)) }.thenThrow(LocksmithFault(reason: "zero"))
        }
        #expect(issues.isEmpty)
        let sut: any Locksmith = locksmith()
        #expect(try sut.seal(8) == VaultTicket(code: 4))
        #expect(throws: LocksmithFault(reason: "zero")) { try sut.seal(0) }
        #expect(TestDoubleIssueReporting.capture { locksmith.verify(.exactly(2)) { try $0.seal(Match.any()) } }.isEmpty)
    }

    @MainActor @Test func anAsyncRequirementIsRecordedFromTheMainActor() async throws {
        let locksmith = ManualStub<LocksmithStubConformer>()
        let session = VaultSession(id: 7)
        await locksmith.when { try await $0.reopen(Match.any()) }.thenReturn(session)
        let sut: any Locksmith = locksmith()
        #expect(try await sut.reopen(3) === session)
        await locksmith.verify { try await $0.reopen(Match.equal(3)) }
    }
}
