import TestDoublesManual
import TestDoublesRecorder
import Testing

@testable import DoublesGenCorpus

@Suite struct GenericAndInheritedRoundTripTests {
    init() { CorpusPlaceholders.register() }

    @Test func associatedTypesBecomeGenericParameters() {
        let store = StoreStub<Int>()
        store.when { $0.save(Match.any()) }.thenDoNothing()
        store.when { $0.load() }.thenReturn([1, 2])
        let sut: any Store<Int> = store()
        sut.save(3)
        #expect(sut.load() == [1, 2])
        store.verify { $0.save(Match.equal(3)) }
        store.verify { $0.load() }

        let keyValues = KeyValueStoreStub<String, Int>()
        keyValues.when { $0[Match.any()] }.thenReturn(4)
        keyValues.when { $0[Match.any()] = Match.any() }.thenDoNothing()
        keyValues.when { $0.keys() }.thenReturn(["k"])
        let table = keyValues()
        #expect(table["k"] == 4)
        table["k"] = nil
        #expect(table.keys() == ["k"])
        keyValues.verify { $0[Match.equal("k")] }
        keyValues.verify { $0[Match.any()] = Match.any() }
        keyValues.verify { $0.keys() }

        let repository = RepositoryStub<Int, [Int]>()
        repository.when { $0.all() }.thenReturn([5])
        repository.when { $0.find(Match.any()) }.thenReturn(true)
        let entities = repository()
        #expect(entities.all() == [5])
        #expect(entities.find(5))
        repository.verify { $0.all() }
        repository.verify { $0.find(Match.equal(5)) }

        let defaulted = DefaultedStoreStub<String>()
        defaulted.when { $0.first() }.thenReturn("first")
        #expect(defaulted().first() == "first")
        defaulted.verify { $0.first() }
    }

    @Test func aBoundAssociatedTypeIsNotGeneric() {
        let store = IntStoreStub()
        store.when { $0.save(Match.any()) }.thenDoNothing()
        store.when { $0.load() }.thenReturn([1])
        store.when { $0.sum() }.thenReturn(10)
        let sut: any IntStore = store()
        sut.save(1)
        #expect(sut.load() == [1])
        #expect(sut.sum() == 10)
        store.verify { $0.save(Match.equal(1)) }
        store.verify { $0.load() }
        store.verify { $0.sum() }
    }

    @Test func inheritanceAcrossTwoFilesIsFlattened() async throws {
        let account = AccountStub()
        account.when { $0.id }.thenReturn("acc")
        account.when { $0.describe() }.thenReturn("described")
        account.when { $0.url }.thenReturn("https://bank")
        await account.when { try await $0.fetch() }.thenReturn([1])
        account.when { $0.balance }.thenReturn(100)
        account.when { $0.balance = Match.any() }.thenDoNothing()
        account.when { try $0.deposit(Match.any()) }.thenDoNothing()
        var sut: any Account = account()
        let identified: any Identified = sut
        let resource: any Resource = sut
        #expect(identified.id == "acc")
        #expect(identified.describe() == "described")
        #expect(resource.describe() == "described")
        #expect(resource.url == "https://bank")
        #expect(try await resource.fetch() == [1])
        #expect(sut.balance == 100)
        sut.balance = 50
        try sut.deposit(5)
        account.verify { $0.id }
        account.verify(2...2) { $0.describe() }
        account.verify { $0.url }
        await account.verify(1...1) { try await $0.fetch() }
        account.verify { $0.balance }
        account.verify { $0.balance = Match.equal(50) }
        account.verify { try $0.deposit(Match.equal(5)) }

        let refined = RefinedSettingsStub()
        refined.when { $0.name }.thenReturn("n")
        refined.when { $0.name = Match.any() }.thenDoNothing()
        var settings: any RefinedSettings = refined()
        #expect(settings.name == "n")
        settings.name = "m"
        refined.verify { $0.name = Match.equal("m") }
    }

    @Test func aDiamondIsFlattenedOnce() async {
        let bottom = BottomStub()
        bottom.when { $0.rootCall() }.thenReturn(1)
        bottom.when { $0.shared }.thenReturn("shared")
        bottom.when { $0.leftCall() }.thenDoNothing()
        await bottom.when { await $0.rightCall() }.thenDoNothing()
        bottom.when { $0.bottomCall(Match.any()) }.thenReturn(2)
        let sut: any Bottom = bottom()
        let left: any Left = sut
        let right: any Right = sut
        #expect(left.rootCall() == 1)
        #expect(right.rootCall() == 1)
        #expect(right.shared == "shared")
        left.leftCall()
        await right.rightCall()
        #expect(sut.bottomCall(3) == 2)
        bottom.verify(2...2) { $0.rootCall() }
        bottom.verify { $0.shared }
        bottom.verify { $0.leftCall() }
        await bottom.verify(1...1) { await $0.rightCall() }
        bottom.verify { $0.bottomCall(Match.equal(3)) }
    }

    @Test func theBasesOfBothHierarchies() async throws {
        let identified = IdentifiedStub()
        identified.when { $0.id }.thenReturn("i")
        identified.when { $0.describe() }.thenReturn("d")
        #expect((identified() as any Identified).id == "i")
        #expect((identified() as any Identified).describe() == "d")
        identified.verify { $0.id }
        identified.verify { $0.describe() }

        let resource = ResourceStub()
        resource.when { $0.url }.thenReturn("u")
        await resource.when { try await $0.fetch() }.thenReturn([])
        resource.when { $0.describe() }.thenReturn("r")
        let remote: any Resource = resource()
        #expect(remote.url == "u")
        #expect(try await remote.fetch().isEmpty)
        #expect(remote.describe() == "r")
        resource.verify { $0.url }
        await resource.verify(1...1) { try await $0.fetch() }
        resource.verify { $0.describe() }

        let root = RootStub()
        root.when { $0.rootCall() }.thenReturn(1)
        root.when { $0.shared }.thenReturn("s")
        #expect((root() as any Root).rootCall() == 1)
        #expect((root() as any Root).shared == "s")
        root.verify { $0.rootCall() }
        root.verify { $0.shared }

        let left = LeftStub()
        left.when { $0.rootCall() }.thenReturn(2)
        left.when { $0.leftCall() }.thenDoNothing()
        (left() as any Left).leftCall()
        #expect((left() as any Root).rootCall() == 2)
        left.verify { $0.leftCall() }
        left.verify { $0.rootCall() }

        let right = RightStub()
        await right.when { await $0.rightCall() }.thenDoNothing()
        right.when { $0.shared }.thenReturn("r")
        await (right() as any Right).rightCall()
        #expect((right() as any Root).shared == "r")
        await right.verify(1...1) { await $0.rightCall() }
        right.verify { $0.shared }
    }
}
