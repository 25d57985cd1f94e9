import TestDoublesManual
import TestDoublesRecorder
import Testing

@testable import DoublesGenCorpus

@Suite struct PropertiesAndSubscriptsRoundTripTests {
    init() { CorpusPlaceholders.register() }

    @Test func settings() {
        let settings = SettingsStub()
        settings.when { $0.volume }.thenReturn(5)
        settings.when { $0.volume = Match.any() }.thenDoNothing()
        settings.when { $0.name }.thenReturn("main")
        settings.when { $0.tags }.thenReturn(["a": 1])
        settings.when { $0.tags = Match.any() }.thenDoNothing()
        settings.when { $0.nickname }.thenReturn(nil)
        var sut: any Settings = settings()
        #expect(sut.volume == 5)
        sut.volume = 6
        #expect(sut.name == "main")
        #expect(sut.tags == ["a": 1])
        sut.tags = [:]
        #expect(sut.nickname == nil)
        settings.verify { $0.volume }
        settings.verify { $0.volume = Match.equal(6) }
        settings.verify { $0.name }
        settings.verify { $0.tags }
        settings.verify { $0.tags = Match.equal([:]) }
        settings.verify { $0.nickname }
    }

    @Test func effectfulGetters() async throws {
        let session = SessionStub()
        await session.when { try await $0.token }.thenReturn("t")
        await session.when { await $0.user }.thenReturn(User(name: "u"))
        session.when { try $0.expired }.thenThrow(LoadError(code: 1))
        let sut: any Session = session()
        #expect(try await sut.token == "t")
        #expect(await sut.user == User(name: "u"))
        #expect(throws: LoadError(code: 1)) { try sut.expired }
        await session.verify(1...1) { try await $0.token }
        await session.verify(1...1) { await $0.user }
        session.verify { try $0.expired }

        let typed = TypedGetterStub()
        typed.when { try $0.item }.thenReturn(Item(id: 1))
        await typed.when { try await $0.current }.thenThrow(LoadError(code: 2))
        let getter: any TypedGetter = typed()
        #expect(try getter.item == Item(id: 1))
        do {
            _ = try await getter.current
            Issue.record("expected a LoadError")
        } catch {
            #expect(error == LoadError(code: 2))
        }
        typed.verify { try $0.item }
        await typed.verify(1...1) { try await $0.current }
    }

    @Test func staticProperties() throws {
        try SharedManualStubs.isolated {
            let statics = StaticConfigStub.shared
            statics.when { _ in StaticConfigStubConformer.environment }.thenReturn("test")
            statics.when { _ in StaticConfigStubConformer.environment = Match.any() }.thenDoNothing()
            statics.when { _ in StaticConfigStubConformer.version }.thenReturn(2)
            statics.when { _ in StaticConfigStubConformer.configure(with: Match.any()) }.thenDoNothing()
            statics.when { _ in try StaticConfigStubConformer.reset() }.thenDoNothing()
            let type: any StaticConfig.Type = StaticConfigStubConformer.self
            #expect(type.environment == "test")
            type.environment = "prod"
            #expect(type.version == 2)
            type.configure(with: ["x"])
            try type.reset()
            statics.verify { _ in StaticConfigStubConformer.environment }
            statics.verify { _ in StaticConfigStubConformer.environment = Match.equal("prod") }
            statics.verify { _ in StaticConfigStubConformer.version }
            statics.verify { _ in StaticConfigStubConformer.configure(with: Match.equal(["x"])) }
            statics.verify { _ in try StaticConfigStubConformer.reset() }
        }
    }

    @Test func subscripts() async throws {
        let grid = GridStub()
        grid.when { $0[Match.any(), Match.any()] }.then { (row: Int, column: Int) in Double(row * 10 + column) }
        grid.when { $0[Match.any(), Match.any()] = Match.any() }.thenDoNothing()
        grid.when { $0[Match.any() as Point] }.thenReturn(0.5)
        let sut: any Grid = grid()
        var mutable = sut
        #expect(sut[1, 2] == 12)
        mutable[3, 4] = 9
        #expect(sut[Point(x: 1, y: 1)] == 0.5)
        grid.verify { $0[Match.equal(1), Match.equal(2)] }
        grid.verify { $0[Match.any(), Match.any()] = Match.any() }
        grid.verify { $0[Match.equal(3), Match.equal(4)] = Match.equal(9.0) }
        grid.verify { $0[Match.equal(Point(x: 1, y: 1))] }

        let lookup = LookupStub()
        lookup.when { $0[Match.any() as Int] }.thenReturn("int")
        lookup.when { $0[labelled: Match.any()] }.thenReturn(1)
        lookup.when { $0[labelled: Match.any()] = Match.any() }.thenDoNothing()
        var table: any Lookup = lookup()
        #expect(table[5] == "int")
        #expect(table[labelled: "a"] == 1)
        table[labelled: "a"] = 2
        lookup.verify { $0[Match.equal(5)] }
        lookup.verify { $0[labelled: Match.equal("a")] }
        lookup.verify { $0[labelled: Match.any()] = Match.any() }
        lookup.verify { $0[labelled: Match.equal("a")] = Match.equal(2) }

        SharedManualStubs.isolated {
            let statics = StaticTableStub.shared
            statics.when { _ in StaticTableStubConformer[Match.any()] }.thenReturn("s")
            #expect(StaticTableStubConformer[1] == "s")
            statics.verify { _ in StaticTableStubConformer[Match.equal(1)] }
        }

        let cells = AsyncCellsStub()
        await cells.when { try await $0[Match.any()] }.thenReturn("cell")
        #expect(try await (cells() as any AsyncCells)[3] == "cell")
        await cells.verify(1...1) { try await $0[Match.equal(3)] }
    }
}
