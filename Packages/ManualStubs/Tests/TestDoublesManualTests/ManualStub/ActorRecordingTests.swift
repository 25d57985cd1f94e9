import Foundation
import TestDoublesManual
import Testing

/// An actor whose methods record on a vault; the closures touch its state,
/// so they are isolated to it.
protocol VaultRecording: Actor {
    func noteRecording()
}

extension VaultRecording {
    /// A bare `Match.any()` of a class in a `when`: the issues, and the `when` line.
    func recordBareAny(on vault: ManualStub<VaultStubConformer>) async -> ([TestDoubleIssue], Int) {
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.when { stub in
                self.noteRecording()
                self.assertIsolated()
                return await stub.resume(Match.any())
            }.thenReturn(true)
        }
        return (issues, line)
    }

    /// The same in a `verify`.
    func verifyBareAny(on vault: ManualStub<VaultStubConformer>) async -> ([TestDoubleIssue], Int) {
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await vault.verify { stub in
                self.noteRecording()
                self.assertIsolated()
                return await stub.resume(Match.any())
            }
        }
        return (issues, line)
    }
}

/// Records on a vault from an actor with a custom executor: the closures
/// are written in its methods and touch its state, so they are isolated to it.
actor VaultKeeper: VaultRecording {
    private static let executor = ThreadSerialExecutor(name: "VaultKeeper")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }

    private(set) var recordings = 0
    func noteRecording() { recordings += 1 }

    /// A synchronous requirement whose result has no placeholder, reached after an await.
    func recordClassResult(
        on vault: ManualStub<VaultStubConformer>, answering session: VaultSession
    ) async -> [TestDoubleIssue] {
        await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in
                await VaultAwaits.nonisolatedStep()
                self.noteRecording()
                self.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
    }

    /// A closure double's bare `Match.any()` of a class: the issues, and the `when` line.
    func recordBareAny(on resume: AsyncClosureDouble<VaultSession, Bool>) async -> ([TestDoubleIssue], Int) {
        var line = 0
        let issues = await TestDoubleIssueReporting.capture { () async in
            line = #line + 1
            await resume.when { double in
                self.noteRecording()
                self.assertIsolated()
                return await double(Match.any())
            }.thenReturn(true)
        }
        return (issues, line)
    }
}

/// The same from an actor on the default executor.
actor DefaultVaultKeeper: VaultRecording {
    private(set) var recordings = 0
    /// Whether another job of this actor ran while a recording closure held it.
    private(set) var overlapped = false
    private(set) var touches = 0
    private var inside = false
    func noteRecording() { recordings += 1 }

    func recordClassResult(
        on vault: ManualStub<VaultStubConformer>, answering session: VaultSession
    ) async -> [TestDoubleIssue] {
        await TestDoubleIssueReporting.capture { () async in
            await vault.when { stub in
                await VaultAwaits.nonisolatedStep()
                self.noteRecording()
                self.assertIsolated()
                // Another job of this actor, started now, must wait for the stretch to end.
                self.inside = true
                Task.detached { await self.touch() }
                VaultAwaits.holdThread(milliseconds: 20)
                self.inside = false
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
    }

    /// A closure that leaves this actor (for another actor, for a
    /// continuation resumed on another thread) and comes back: with a
    /// handed-over result it records as usual, and nothing waits for good.
    func recordAfterVisitingAnotherActor(
        on vault: ManualStub<VaultStubConformer>, answering session: VaultSession
    ) async -> [TestDoubleIssue] {
        await TestDoubleIssueReporting.capture { () async in
            await vault.when(returning: session) { stub in
                self.noteRecording()
                await VaultAwaits.otherActor.visit()
                self.assertIsolated()
                await VaultAwaits.resumedFromAnotherThread()
                self.assertIsolated()
                return stub.open(Match.greaterThan(0))
            }.thenReturn(session)
        }
    }

    private func touch() {
        if inside { overlapped = true }
        touches += 1
    }

    /// Waits (suspending) until the job the recording closure started has run.
    func waitForTouch() async {
        while touches == 0 { await Task.yield() }
    }
}

/// An actor a recording closure visits.
actor VaultVisitor {
    private(set) var visits = 0
    func visit() { visits += 1 }
}

enum VaultAwaits {
    static let otherActor = VaultVisitor()

    /// An await whose continuation is resumed on a thread of Dispatch's.
    static func resumedFromAnotherThread() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { continuation.resume() }
        }
    }

    /// Keeps the calling thread busy (a synchronous stretch of the closure).
    static func holdThread(milliseconds: Int) {
        Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
    }

    /// An await that leaves the actor and comes back (a nonisolated async function).
    @inline(never)
    static func nonisolatedStep() async {
        await Task.yield()
    }
}

/// Recording passes started from an actor's own methods, whose closures are
/// isolated to that actor: one with a custom executor and a default one.
/// The pass lends the caller's actor (its `isolation`) to its own thread
/// (`ActorLoan`), so a bare `Match.any()` of a class is an issue at the
/// `when`/`verify` line and a synchronous requirement returning a class is
/// recorded, instead of stopping the process (custom executor) or hanging
/// for good (default actor).
///
/// A closure isolated to an actor other than the caller's is lent its own
/// actor (`MainActorClosureRecordingTests`).
@Suite struct ActorRecordingTests {
    @Test func aClosureIsolatedToAnActorWithACustomExecutor() async throws {
        let vault = ManualStub<VaultStubConformer>()
        let keeper = VaultKeeper()
        let (issues, line) = await keeper.recordBareAny(on: vault)
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("VaultSession"))

        let session = VaultSession(id: 43)
        #expect(await keeper.recordClassResult(on: vault, answering: session).isEmpty)
        #expect(await keeper.recordings == 2)
        let sut: any Vault = vault()
        #expect(sut.open(5) === session)
        #expect(vault.verify { $0.open(Match.equal(5)) })
    }

    @Test func aClosureDoubleRecordedOnAnActorWithACustomExecutor() async throws {
        let resume = AsyncClosureDouble<VaultSession, Bool>()
        let keeper = VaultKeeper()
        let (issues, line) = await keeper.recordBareAny(on: resume)
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        let issue = try #require(issues.first)
        #expect(issue.message.contains("VaultSession"))
        #expect(await keeper.recordings == 1)
        // The double stays usable.
        resume.whenAny().thenReturn(true)
        #expect(await resume.function(VaultSession(id: 46)))
    }

    @Test func aClosureIsolatedToADefaultActorHoldsItAlone() async {
        let vault = ManualStub<VaultStubConformer>()
        let keeper = DefaultVaultKeeper()
        let (issues, line) = await keeper.verifyBareAny(on: vault)
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)

        let session = VaultSession(id: 44)
        #expect(await keeper.recordClassResult(on: vault, answering: session).isEmpty)
        await keeper.waitForTouch()
        #expect(await keeper.overlapped == false)
        #expect(await keeper.recordings == 2)
        let sut: any Vault = vault()
        #expect(sut.open(6) === session)

        let other = ManualStub<VaultStubConformer>()
        let later = VaultSession(id: 45)
        #expect(await keeper.recordAfterVisitingAnotherActor(on: other, answering: later).isEmpty)
        let otherSUT: any Vault = other()
        #expect(otherSUT.open(7) === later)
        #expect(await VaultAwaits.otherActor.visits >= 1)
    }
}
