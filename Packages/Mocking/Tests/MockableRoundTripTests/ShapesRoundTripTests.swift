import SwiftMocking
import Testing

@testable import DoublesGenCorpus
@testable import MockableCorpus

@Suite struct ShapesRoundTripTests {
    @Test func associatedTypesBecomeGenericParameters() {
        let store = MockStore<Int>()
        when(store.load()).thenReturn([1, 2])
        (store as any Store<Int>).save(3)
        #expect((store as any Store<Int>).load() == [1, 2])
        verify(store.save(3)).called(1)

        let keyValue = MockKeyValueStore<String, Int>()
        when(keyValue[.equal("a")]).thenReturn(1)
        let service = keyValue
        service["b"] = 2
        #expect(keyValue["a"] as Int? == 1)
        verify(keyValue[.any] <- .some(.equal(2))).called(1)

        let repository = MockRepository<Int, [Int]>()
        when(repository.all()).thenReturn([1])
        #expect(repository.all() as [Int] == [1])

        let intStore = MockIntStore()
        when(intStore.sum()).thenReturn(6)
        #expect((intStore as any IntStore).sum() == 6)

        let defaulted = MockDefaultedStore<String>()
        when(defaulted.first()).thenReturn("x")
        #expect(defaulted.first() as String? == "x")
    }

    @MainActor @Test func mainActorProtocolsAreMockedFromMainActorTests() {
        let presenter = MockPresenter()
        when(presenter.isPresenting).thenReturn(true)
        let service: Presenter = presenter
        service.present("t")
        #expect(service.isPresenting)
        verify(presenter.present("t")).called(1)
        MockScope.withStorage {
            when(MockScreenDelegate.shared).thenReturn(5)
            #expect(MockScreenDelegate.shared == 5)
            let delegate = MockScreenDelegate()
            (delegate as ScreenDelegate).screenDidAppear(true)
            verify(delegate.screenDidAppear(true)).called(1)
        }
    }

    @Test func attributesIsolationAndPublicProtocols() async {
        let ping = MockPublicService()
        when(ping.ping()).thenReturn(true)
        #expect(await (ping as PublicService).ping())

        let availability = MockAvailability()
        when(availability.update()).thenReturn(true)
        (availability as Availability).newCall()
        (availability as Availability).update()
        verify(availability.newCall()).called(1)

        let isolation = MockIsolation()
        when(isolation.identifier()).thenReturn("id")
        #expect((isolation as Isolation).identifier() == "id")
        await (isolation as Isolation).work()
        verify(isolation.work()).called(1)
    }

    @Test func classConstrainedProtocols() {
        let delegate = MockDelegate()
        (delegate as Delegate).didFinish(1)
        (delegate as Delegate).isActive = true
        verify(delegate.didFinish(1)).called(1)
        verify(delegate.isActive <- true).called(1)

        let legacy = MockLegacyDelegate()
        (legacy as LegacyDelegate).legacy()
        verify(legacy.legacy()).called(1)

        let sub = MockSubDelegate(identifier: "x")
        (sub as SubDelegate).didFail(LoadError(code: 1))
        (sub as SubDelegate).didFinish(2)
        verify(sub.didFail(.equal(LoadError(code: 1)))).called(1)
        verify(sub.didFinish(2)).called(1)
        _ = MockSubDelegate()

        MockScope.withStorage {
            let constrained = MockConstrainedBySelf()
            MockConstrainedBySelf.instances = 2
            when(constrained.ping()).thenReturn(true)
            #expect((constrained as ConstrainedBySelf).ping())
            verify(MockConstrainedBySelf.instances <- 2).called(1)
        }
    }

    @Test func compositionIsChosenForAClassConstraintOnAVisibleClass() {
        let screen = MockScreen()
        when(screen.render(page: .any)).thenReturn("page")
        when(MockScreen.make()).thenReturn(3)
        let service: Screen = screen
        #expect(service.render(page: 1) == "page")
        #expect(service.title == "base")
        service.isVisible = true
        #expect(MockScreen.make() as Int == 3)
        verify(screen.isVisible <- true).called(1)
        verify(screen.render(page: 1)).called(1)
        #expect(screen.mock.mock === screen.mock)
        MockScreen.staticMock.clear()
    }

    @Test func conditionalRequirementsKeepTheirCondition() {
        let platform = MockPlatform()
        when(platform.common()).thenReturn(1)
        #expect((platform as Platform).common() == 1)
        #if os(Linux)
        when(platform.linuxOnly()).thenReturn("linux")
        #expect((platform as Platform).linuxOnly() == "linux")
        #endif
        let tools = MockDebugTools()
        when(tools.dump()).thenReturn("d")
        #expect((tools as DebugTools).dump() == "d")
        let commented = MockCommented()
        when(commented.message).thenReturn("m")
        #expect((commented as Commented).message == "m")
        when(commented.real(.any)).thenReturn("r")
        #expect((commented as Commented).real("x") == "r")
    }

    @Test func callbacksOperatorsAndSelf() {
        let callbacks = MockCallbacks()
        when(callbacks.observe(.any)).thenReturn(7)
        #expect((callbacks as Callbacks).observe { _ in } == 7)
        (callbacks as Callbacks).load { _ in }
        (callbacks as Callbacks).optionalHandler(nil)
        verify(callbacks.load(completion: .any)).called(1)
        verify(callbacks.optionalHandler(.nil())).called(1)

        let first = MockOperators()
        let equality: Spy<MockOperators, MockOperators, None, Bool> = MockOperators.self[dynamicMember: "=="]
        equality.when(calledWith: .any, .any).thenReturn(true)
        #expect(first == MockOperators())

        let factory = MockFactory()
        let copy = MockFactory()
        when(factory.copy()).thenReturn(copy)
        #expect(((factory as Factory).copy() as? MockFactory) === copy)

        let cloneable = MockCloneable(seed: 1)
        when(cloneable.clone()).thenReturn(cloneable)
        #expect(((cloneable as Cloneable).clone() as? MockCloneable) === cloneable)
    }

    @Test func shadowingOwnershipAndNodes() throws {
        let shadowing = MockShadowing()
        when(shadowing.configure(stub: 1, function: .any)).thenReturn(true)
        #expect((shadowing as Shadowing).configure(stub: 1, function: "f"))

        let ownership = MockOwnership()
        when(ownership.look(at: .any)).thenReturn(2)
        #expect((ownership as Ownership).look(at: Item(id: 1)) == 2)
        #expect((ownership as Ownership).take(Item(id: 2)) == 0)
        verify(ownership.take(.equal(Item(id: 2)))).called(1)

        let nodes = MockNodes()
        var depth = 0
        try (nodes as Nodes).visit(Node(), Node(), depth: &depth)
        verify(nodes.visit(.any, .any, depth: 0)).called(1)
    }
}
