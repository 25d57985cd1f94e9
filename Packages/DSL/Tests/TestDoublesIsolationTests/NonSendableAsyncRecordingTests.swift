import TestDoubles
import Testing

// Recording and verifying the nonisolated async requirements of a protocol
// that is not `Sendable`, from main-actor tests. The closure of an async
// `when`/`verify` is isolated to the main actor (it is formed there), and a
// call of a nonisolated async requirement sends its receiver off that actor:
// the entry points hand the closure its subject as `sending`, a value in a
// region of its own, so the call compiles. This file is the test: with a
// plain `(Subject)` parameter each `$0` call below fails to compile with
// "sending '$0' risks causing data races" (a SIL diagnostic, so the target
// must build, not only type-check). Swift 6.2 and later: the 6.0 and 6.1
// forms keep a plain parameter (6.0.3 crashes compiling a closure that takes
// a `sending` parameter and changes a captured variable).
#if compiler(>=6.2)

/// An upload service used where it was made: not `Sendable`, its async
/// requirements nonisolated.
protocol UploadService {
    func upload(_ bytes: [UInt8], to path: String) async throws -> Int
    func status() async -> String
    func cancel(id: Int) async throws
    func receipt(for id: Int) async throws -> UploadReceipt
    func lastPath() -> String
}

/// What an upload returns: a mutable class, not `Sendable`.
final class UploadReceipt {
    var id: Int
    init(id: Int) { self.id = id }
}

struct LiveUploadService: UploadService {
    func upload(_ bytes: [UInt8], to path: String) async throws -> Int { bytes.count }
    func status() async -> String { "idle" }
    func cancel(id: Int) async throws {}
    func receipt(for id: Int) async throws -> UploadReceipt { UploadReceipt(id: id) }
    func lastPath() -> String { "" }
}

/// A hand-written conformer of the same protocol.
final class UploadServiceFake: UploadService, ManualStubConformer {
    let stub: ManualStub<UploadServiceFake>
    init(stub: ManualStub<UploadServiceFake>) { self.stub = stub }

    func upload(_ bytes: [UInt8], to path: String) async throws -> Int { try await stub.asyncThrowingCall(bytes, path) }
    func status() async -> String { await stub.asyncCall() }
    func cancel(id: Int) async throws { try await stub.asyncThrowingCall(id) as Void }
    func receipt(for id: Int) async throws -> UploadReceipt { try await stub.asyncThrowingCall(id) }
    func lastPath() -> String { stub.call() }
}

@MainActor @Suite struct NonSendableAsyncRecordingTests {
    @Test func stubRecordsAndVerifiesAsyncRequirements() async throws {
        let uploads = try Stub<any UploadService>()
        var seen: [String] = []  // main-actor state the handler changes
        await uploads.when { try await $0.upload([], to: "/none") }.thenThrow(UploadError.empty)
        let sent = await uploads.when { try await $0.upload(Match.any(), to: Match.any()) }
            .then { (bytes: [UInt8], path: String) async throws -> Int in
                MainActor.assertIsolated()
                seen.append(path)
                return bytes.count
            }
        await uploads.when(returning: "") { await $0.status() }.thenReturn("busy")
        await uploads.when { try await $0.cancel(id: Match.equal(7)) }.thenDoNothing()
        uploads.when { $0.lastPath() }.thenReturn("/last")

        let service = uploads()
        #expect(try await service.upload([1, 2, 3], to: "/a") == 3)
        // Not `#expect(throws:)`: its closure, formed here, is isolated to
        // the main actor, and would send `service` from there.
        do {
            _ = try await service.upload([], to: "/none")
            Issue.record("upload of nothing returned")
        } catch {
            #expect(error as? UploadError == .empty)
        }
        #expect(await service.status() == "busy")
        try await service.cancel(id: 7)
        #expect(service.lastPath() == "/last")
        #expect(seen == ["/a"])
        sent.verify(2...2)  // the pattern selects every call of its shape

        await uploads.verify { try await $0.upload(Match.equal([1, 2, 3]), to: Match.equal("/a")) }
        await uploads.verify(1...1) { try await $0.cancel(id: Match.any()) }
        await uploads.verify(returning: "") { await $0.status() }
        await uploads.verify(1..., returning: "") { await $0.status() }
        await uploads.verify(within: .seconds(60)) { try await $0.cancel(id: Match.equal(7)) }
        await uploads.verify(1..., within: .seconds(60)) { await $0.status() }
        await uploads.verify(1..., within: .seconds(60), using: StubClocks.continuous) { await $0.status() }
        uploads.verify(1...1) { $0.lastPath() }
        // A non-`Sendable` result of a nonisolated call cannot come back to
        // the main actor as the closure's result; discarded, it need not.
        await uploads.verify(.never) { _ = try await $0.receipt(for: Match.any()) }
        #expect(
            await uploads.verifyInOrder {
                _ = try await $0.upload(Match.any(), to: Match.equal("/a"))
                try await $0.cancel(id: Match.any())
            })
        #expect(
            await uploads.verifyExactlyInOrder {
                _ = try await $0.upload(Match.any(), to: Match.any())
                _ = try await $0.upload(Match.any(), to: Match.any())
                _ = await $0.status()
                try await $0.cancel(id: Match.any())
                _ = $0.lastPath()
            })
        await InvocationOrder()
            .verify(uploads) { try await $0.upload(Match.any(), to: Match.equal("/a")) }
            .verify(uploads) { try await $0.cancel(id: Match.equal(7)) }
    }

    @Test func spyOverridesForwardsAndVerifiesAsyncRequirements() async throws {
        let spy: Spy<any UploadService> = Spy.make(forwardingTo: LiveUploadService())
        await spy.when { await $0.status() }.thenReturn("stubbed")

        let service = spy()
        #expect(try await service.upload([1], to: "/c") == 1)
        #expect(await service.status() == "stubbed")
        await spy.verify(1...1) { try await $0.upload(Match.any(), to: Match.equal("/c")) }
        await spy.verify(within: .seconds(60)) { await $0.status() }
        #expect(await spy.verifyOnlyForwarded { _ = try await $0.upload(Match.any(), to: Match.any()) })
    }

    @Test func manualStubRecordsAndVerifiesAsyncRequirements() async throws {
        let uploads = ManualStub<UploadServiceFake>()
        await uploads.when { try await $0.upload(Match.any(), to: Match.equal("/d")) }.thenReturn(9)
        await uploads.when(returning: "") { await $0.status() }.thenReturn("manual")
        await uploads.when { try await $0.cancel(id: Match.any()) }.thenThrow(UploadError.empty)

        let service: any UploadService = uploads()
        #expect(try await service.upload([1, 2], to: "/d") == 9)
        #expect(await service.status() == "manual")
        do {
            try await service.cancel(id: 1)
            Issue.record("cancel returned")
        } catch {
            #expect(error as? UploadError == .empty)
        }
        await uploads.verify(1...1) { try await $0.upload(Match.any(), to: Match.any()) }
        await uploads.verify(returning: "") { await $0.status() }
        await uploads.verify(within: .seconds(60)) { try await $0.cancel(id: Match.equal(1)) }
        #expect(
            await uploads.verifyInOrder {
                _ = try await $0.upload(Match.any(), to: Match.any())
                try await $0.cancel(id: Match.any())
            })
        await InvocationOrder().verify(uploads) { _ = await $0.status() }
    }

    /// The synchronous forms never leave the main actor: they compiled before.
    @Test func synchronousFormsOfANonSendableProtocol() throws {
        let uploads = try Stub<any UploadService>()
        uploads.when { $0.lastPath() }.thenReturn("/sync")
        #expect(uploads().lastPath() == "/sync")
        uploads.verify(1...1) { $0.lastPath() }
        #expect(uploads.verifyInOrder { _ = $0.lastPath() })
        let manual = ManualStub<UploadServiceFake>()
        manual.when { $0.lastPath() }.thenReturn("/manual")
        #expect(manual().lastPath() == "/manual")
        manual.verify { $0.lastPath() }
    }
}

/// Closures of other isolations still compile with the `sending` subject:
/// a nonisolated caller and an actor.
struct NonSendableAsyncRecordingOffMainTests {
    @Test func nonisolatedCaller() async throws {
        let uploads = try Stub<any UploadService>()
        await uploads.when { try await $0.upload(Match.any(), to: Match.any()) }.thenReturn(4)
        #expect(try await uploads().upload([], to: "/e") == 4)
        await uploads.verify { try await $0.upload(Match.any(), to: Match.equal("/e")) }
    }

    @Test func actorCaller() async throws {
        let recorder = UploadActor()
        #expect(try await recorder.run() == 5)
    }

    @Test func mainActorClosureFromANonisolatedCaller() async throws {
        let uploads = try Stub<any UploadService>()
        await uploads.when { @MainActor in await $0.status() }.thenReturn("main")
        #expect(await uploads().status() == "main")
        await uploads.verify { @MainActor in await $0.status() }
    }
}

actor UploadActor {
    private var calls = 0  // actor state the handler changes

    func run() async throws -> Int {
        let uploads = try Stub<any UploadService>()
        await uploads.when { try await $0.upload(Match.any(), to: Match.any()) }
            .then { (_: [UInt8], _: String) async throws -> Int in
                self.assertIsolated()
                self.calls += 1
                return 5
            }
        let result = try await uploads().upload([9], to: "/f")
        await uploads.verify(1...1) { try await $0.upload(Match.any(), to: Match.any()) }
        return calls == 1 ? result : -1
    }
}

enum UploadError: Error { case empty }
#endif
