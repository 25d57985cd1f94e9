import SwiftMockingMacros
import Testing

/// Each `@Mockable` mock passes SwiftMocking's round trip: stubbed through its
/// interaction members, called through the protocol, verified.
@Suite struct MockableChecklistTests {
    @Test func methodsInEveryEffect() async throws {
        let mock = MockCatalog()
        when(mock.count()).thenReturn(3)
        when(mock.price(.any)).thenReturn(42)
        when(mock.items(page: .any)).thenReturn([Item(id: 1)])
        when(mock.load(id: 2)).thenThrow(LoadError(code: 2))
        when(mock.upload(.any)).thenReturn(true)
        let catalog: Catalog = mock
        #expect(catalog.count() == 3)
        #expect(try catalog.price("apple") == 42)
        await catalog.refresh()
        #expect(try await catalog.items(page: 1) == [Item(id: 1)])
        #expect(throws: LoadError(code: 2)) { try catalog.load(id: 2) }
        #expect(try await catalog.upload(Item(id: 5)))
        verify(mock.price(.equal("apple"))).called(1)
        verify(mock.refresh()).called(1)
        verify(mock.upload(.equal(Item(id: 5)))).called(1)
        verify(mock.load(id: .any)).called(1)
    }

    @Test func propertiesReadAndWrittenOnSeparateSpies() async throws {
        let mock = MockSettings()
        when(mock.isPremium).thenReturn(true)
        when(mock.username).thenReturn("ada")
        when(mock.quota).thenReturn(10)
        var settings: Settings = mock
        settings.username = "grace"
        #expect(settings.isPremium)
        #expect(settings.username == "ada")
        #expect(try await settings.quota == 10)
        verify(mock.username <- "grace").called(1)
        verify(mock.username).called(1)
        verify(mock.isPremium).called(1)
    }

    @Test func subscripts() {
        let mock = MockGrid()
        when(mock[1, .any]).thenReturn(2.5)
        when(mock["a"]).thenReturn(7)
        var grid: Grid = mock
        grid[0, 0] = 9
        #expect(grid[1, 3] == 2.5)
        #expect(grid["a"] == 7)
        #if compiler(>=6.1)  // Swift 6.0 has only the read interaction of a two-key subscript
        let write = mock[0, 0] <- 9.0
        verify(write).called(1)
        #endif
        verify(mock[1, .any]).called(1)
    }

    @Test func staticMembers() {
        MockScope.withStorage {
            when(MockEnvironment.stage).thenReturn("beta")
            #expect(MockEnvironment.stage == "beta")
            MockEnvironment.configure(with: ["a"])
            verify(MockEnvironment.configure(with: .any)).called(1)
        }
    }

    @Test func initializers() throws {
        let mock = MockConnection(host: "example.org")
        when(mock.host).thenReturn("example.org")
        #expect((mock as Connection).host == "example.org")
        _ = try MockConnection(url: "https://example.org")
    }

    @Test func methodGenerics() throws {
        let mock = MockFormatter()
        when(mock.format(.any(Int.self))).thenReturn("int")
        let formatter: Formatter = mock
        #expect(formatter.format(3) == "int")
        verify(mock.format(.any(Int.self))).called(1)
    }

    @Test func associatedTypesBecomeGenericParameters() {
        let mock = MockStore<Int>()
        when(mock.load()).thenReturn([1, 2])
        let store: any Store<Int> = mock
        store.save(3)
        #expect(store.load() == [1, 2])
        verify(mock.save(3)).called(1)
    }

    @Test func compositionKeepsTheClassConstraint() {
        let mock = MockScreen()
        when(mock.render(page: .any)).thenReturn("page")
        let screen: Screen = mock
        #expect(screen.render(page: 1) == "page")
        #expect(screen.title == "base")
        screen.isVisible = true
        verify(mock.isVisible <- true).called(1)
        verify(mock.render(page: 1)).called(1)
    }

    @Test func suffixNaming() {
        let mock = ThermostatMock()
        when(mock.current()).thenReturn(21.5)
        let thermostat: Thermostat = mock
        thermostat.setTarget(19)
        #expect(thermostat.current() == 21.5)
        verify(mock.setTarget(19.0)).called(1)
    }

    @Test func closuresVariadicsAndInout() {
        let mock = MockEventLog()
        when(mock.observe(.any)).thenReturn(7)
        let log: EventLog = mock
        log.log("a", "b", level: 2)
        var buffer = ["x"]
        log.append(to: &buffer, "line")
        #expect(log.observe { _ in } == 7)
        verify(mock.log("a", "b", level: 2)).called(1)
        verify(mock.append(to: .hasCount(1), "line")).called(1)
        verify(mock.observe(.any)).called(1)
    }

    @MainActor @Test func mainActorProtocol() {
        let mock = MockPresenter()
        when(mock.isPresenting).thenReturn(true)
        let presenter: Presenter = mock
        presenter.present("title")
        #expect(presenter.isPresenting)
        verify(mock.present("title")).called(1)
    }

    @Test func classBoundProtocol() {
        let mock = MockDelegate()
        let delegate: Delegate = mock
        delegate.didFinish(1)
        delegate.isActive = true
        verify(mock.didFinish(1)).called(1)
        verify(mock.isActive <- true).called(1)
    }
}
