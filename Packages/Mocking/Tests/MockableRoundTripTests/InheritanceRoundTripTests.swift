import SwiftMocking
import Testing

@testable import DoublesGenCorpus
@testable import MockableCorpus

@Suite struct InheritanceRoundTripTests {
    @Test func inheritedRequirementsAcrossFilesAreFlattened() async throws {
        let account = MockAccount()
        when(account.id).thenReturn("acc")
        when(account.describe()).thenReturn("described")
        when(account.fetch()).thenReturn([1])
        var service: Account = account
        service.balance = 10
        #expect(service.id == "acc")
        #expect(service.describe() == "described")
        #expect(try await service.fetch() == [1])
        try service.deposit(5)
        verify(account.balance <- 10).called(1)
        verify(account.deposit(5)).called(1)
        let identified: Identified = account
        #expect(identified.describe() == "described")

        let refined = MockRefined()
        when(refined.inherited(.any)).thenReturn { $0 * 2 }
        #expect((refined as Ancestor).inherited(2) == 4)
        #expect((refined as Refined).own() == false)

        let settings = MockRefinedSettings()
        var refinedSettings: RefinedSettings = settings
        refinedSettings.name = "n"
        verify(settings.name <- "n").called(1)
    }

    @Test func diamondsGenerateEachRequirementOnce() async {
        let bottom = MockBottom()
        when(bottom.rootCall()).thenReturn(1)
        when(bottom.bottomCall(.any)).thenReturn { $0 + 1 }
        let service: Bottom = bottom
        #expect(service.rootCall() == 1)
        service.leftCall()
        await service.rightCall()
        #expect(service.bottomCall(1) == 2)
        verify(bottom.leftCall()).called(1)
        verify(bottom.rightCall()).called(1)
        _ = (MockRoot(), MockLeft(), MockRight(), MockIdentified(), MockResource())
    }

    @Test func standardProtocolsAndErrors() {
        let described = MockDescribed()
        when(described.description).thenReturn("d")
        #expect(described.description == "d")
        #expect(described == described && described != MockDescribed())
        #expect(Set([described, described]).count == 1)

        let entity = MockEntity<Int>()
        when(entity.id).thenReturn(1)
        #expect(entity.id == 1)
        #expect(!(entity < entity))  // Comparable's '<' is unstubbed: false

        let error = MockDomainError()
        when(error.code).thenReturn(4)
        #expect((error as DomainError).code == 4)
    }

    @Test func initializersPropertiesAndStatics() async throws {
        let named = MockNamed(name: "x")
        when(named.name).thenReturn("n")
        #expect((named as Named).name == "n")
        _ = MockFailable(code: 1)
        _ = try MockThrowingInit(path: "p")

        let settings = MockSettings()
        when(settings.tags).thenReturn(["a": 1])
        var service: Settings = settings
        service.volume = 3
        #expect(service.tags == ["a": 1])
        verify(settings.volume <- 3).called(1)

        let session = MockSession()
        when(session.token).thenReturn("t")
        #expect(try await (session as Session).token == "t")
        let typed = MockTypedGetter()
        when(typed.item).thenReturn(Item(id: 2))
        #expect(try (typed as TypedGetter).item == Item(id: 2))

        MockScope.withStorage {
            MockStaticConfig.environment = "prod"
            when(MockStaticConfig.version).thenReturn(2)
            #expect(MockStaticConfig.version == 2)
            MockStaticConfig.configure(with: ["a"])
            verify(MockStaticConfig.environment <- "prod").called(1)
            verify(MockStaticConfig.configure(with: .equal(["a"]))).called(1)
        }
    }

    @Test func subscriptsOfEveryKind() async throws {
        let grid = MockGrid()
        when(grid[.any, .any]).thenReturn(1.5)
        var service: Grid = grid
        #expect(service[0, 1] == 1.5)
        service[0, 1] = 2
        let pointRead: Interaction<Point, None, Double> = grid[.any]
        when(pointRead).thenReturn(3)
        #expect(service[Point(x: 0, y: 0)] == 3)

        let lookup = MockLookup()
        when(lookup[.any(String.self)]).thenReturn("s")
        #expect((lookup as Lookup)["key"] == "s")
        when(lookup[labelled: .any]).thenReturn(9)
        #expect((lookup as Lookup)[labelled: "n"] == 9)

        MockScope.withStorage {
            when(MockStaticTable[.any]).thenReturn("row")
            #expect(MockStaticTable[1] as String == "row")
        }

        let cells = MockAsyncCells()
        when(cells[.any]).thenReturn("c")
        #expect(try await (cells as AsyncCells)[0] == "c")
        let typedSubscript = MockTypedSubscript()
        when(typedSubscript[.equal("k")]).thenReturn(1)
        #expect(try (typedSubscript as TypedSubscript)["k"] == 1)
    }
}
