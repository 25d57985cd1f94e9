import TestDoublesManual
import TestDoublesRecorder
import Testing

@testable import DoublesGenCorpus

@Suite struct ClassesAndAttributesRoundTripTests {
    init() { CorpusPlaceholders.register() }

    @Test func classConstrainedProtocolsGetAFinalClass() {
        let delegate = DelegateStub()
        delegate.when { $0.didFinish(Match.any()) }.thenDoNothing()
        delegate.when { $0.isActive }.thenReturn(true)
        delegate.when { $0.isActive = Match.any() }.thenDoNothing()
        let sut: any Delegate = delegate()
        #expect(sut === delegate())
        sut.didFinish(1)
        #expect(sut.isActive)
        sut.isActive = false
        delegate.verify { $0.didFinish(Match.equal(1)) }
        delegate.verify { $0.isActive }
        delegate.verify { $0.isActive = Match.equal(false) }

        let legacy = LegacyDelegateStub()
        legacy.when { $0.legacy() }.thenDoNothing()
        (legacy() as any LegacyDelegate).legacy()
        legacy.verify { $0.legacy() }

        SharedManualStubs.isolated {
            let sub = SubDelegateStub()
            sub.when { $0.didFail(Match.any()) }.thenDoNothing()
            sub.when { $0.didFinish(Match.any()) }.thenDoNothing()
            let heir: any SubDelegate = sub()
            heir.didFail(LoadError(code: 1))
            heir.didFinish(2)
            sub.verify { $0.didFail(Match.equal(LoadError(code: 1))) }
            sub.verify { $0.didFinish(Match.equal(2)) }
            SubDelegateStub.shared.when { _ in _ = SubDelegateStubConformer(identifier: Match.any()) }.thenDoNothing()
            let made = SubDelegateStubConformer(identifier: "id")
            #expect(made.stub === SubDelegateStub.shared)
            SubDelegateStub.shared.verify { _ in SubDelegateStubConformer(identifier: Match.equal("id")) }

            let constrained = ConstrainedBySelfStub()
            constrained.when { $0.ping() }.thenReturn(true)
            ConstrainedBySelfStub.shared.when { _ in ConstrainedBySelfStubConformer.instances }.thenReturn(2)
            ConstrainedBySelfStub.shared.when { _ in ConstrainedBySelfStubConformer.instances = Match.any() }
                .thenDoNothing()
            #expect((constrained() as any ConstrainedBySelf).ping())
            #expect(ConstrainedBySelfStubConformer.instances == 2)
            ConstrainedBySelfStubConformer.instances = 3
            constrained.verify { $0.ping() }
            ConstrainedBySelfStub.shared.verify { _ in ConstrainedBySelfStubConformer.instances = Match.equal(3) }
        }
    }

    @MainActor
    @Test func mainActorProtocols() {
        let presenter = PresenterStub()
        presenter.when { $0.present(Match.any()) }.thenDoNothing()
        presenter.when { $0.isPresenting }.thenReturn(true)
        let sut: any Presenter = presenter()
        sut.present("title")
        #expect(sut.isPresenting)
        presenter.verify { $0.present(Match.equal("title")) }
        presenter.verify { $0.isPresenting }
    }

    @Test func sendableAvailabilityAndNonisolatedRequirements() async {
        let service = PublicServiceStub()
        await service.when { await $0.ping() }.thenReturn(true)
        let sut: any PublicService = service()
        let pinged = await Task { await sut.ping() }.value
        #expect(pinged)
        await service.verify(1...1) { await $0.ping() }

        let availability = AvailabilityStub()
        availability.when { $0.newCall() }.thenDoNothing()
        availability.when { $0.update() }.thenReturn(true)
        let available: any Availability = availability()
        available.newCall()
        available.update()
        availability.verify { $0.newCall() }
        availability.verify { $0.update() }

        let isolation = IsolationStub()
        isolation.when { $0.identifier() }.thenReturn("id")
        await isolation.when { await $0.work() }.thenDoNothing()
        let isolated: any Isolation = isolation()
        #expect(isolated.identifier() == "id")
        await isolated.work()
        isolation.verify { $0.identifier() }
        await isolation.verify(1...1) { await $0.work() }
    }

    @Test func parametersWithTheirOwnAttributes() async {
        let launcher = TaskLauncherStub()
        launcher.when { $0.launch(named: Match.equal("sync"), Match.any()) }.thenReturn(7)
        launcher.when { $0.schedule(after: Match.any()) }.thenDoNothing()
        let sut: any TaskLauncher = launcher()
        #expect(sut.launch(named: "sync", {}) == 7)
        sut.schedule(after: {})
        launcher.verify(.exactly(1)) { $0.launch(named: Match.equal("sync"), Match.any()) }
        launcher.verify(.exactly(1)) { $0.schedule(after: Match.any()) }
    }

    @Test func conditionalAndCommentedProtocols() {
        let platform = PlatformStub()
        platform.when { $0.common() }.thenReturn(1)
        let sut: any Platform = platform()
        #expect(sut.common() == 1)
        #if os(Linux)
        platform.when { $0.linuxOnly() }.thenReturn("linux")
        #expect(sut.linuxOnly() == "linux")
        platform.verify { $0.linuxOnly() }
        #elseif os(macOS)
        platform.when { $0.macOnly() }.thenReturn("mac")
        #expect(sut.macOnly() == "mac")
        #endif
        platform.verify { $0.common() }

        let tools = DebugToolsStub()
        tools.when { $0.dump() }.thenReturn("dump")
        #expect((tools() as any DebugTools).dump() == "dump")
        tools.verify { $0.dump() }

        let commented = CommentedStub()
        commented.when { $0.real(Match.any()) }.thenReturn("r")
        commented.when { $0.message }.thenReturn("m")
        let text: any Commented = commented()
        #expect(text.real("x") == "r")
        #expect(text.message == "m")
        commented.verify { $0.real(Match.equal("x")) }
        commented.verify { $0.message }
    }
}
