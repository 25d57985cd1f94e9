import TestDoublesManual
import TestDoublesRecorder
import Testing

@testable import DoublesGenCorpus

@Suite struct InitializersAndEffectsRoundTripTests {
    init() { CorpusPlaceholders.register() }

    @Test func initializersRecordOnTheSharedController() async throws {
        try await SharedManualStubs.isolated {
            let named = NamedStub.shared
            named.when { _ in _ = NamedStubConformer(name: Match.any()) }.thenDoNothing()
            named.when { $0.name }.thenReturn("made")
            let type: any Named.Type = NamedStubConformer.self
            let made = type.init(name: "first")
            #expect(made.name == "made")
            named.verify { _ in NamedStubConformer(name: Match.equal("first")) }
            named.verify { $0.name }

            let failable = FailableStub.shared
            failable.when { _ in _ = FailableStubConformer(code: Match.any()) }.thenDoNothing()
            #expect(FailableStubConformer(code: 3) != nil)
            failable.verify { _ in FailableStubConformer(code: Match.equal(3)) }

            let throwing = ThrowingInitStub.shared
            throwing.when { _ in _ = try ThrowingInitStubConformer(path: Match.any()) }.thenThrow(LoadError(code: 4))
            await throwing.when { _ in _ = try await ThrowingInitStubConformer(url: Match.any()) }.thenDoNothing()
            #expect(throws: LoadError(code: 4)) { try ThrowingInitStubConformer(path: "/") }
            _ = try await ThrowingInitStubConformer(url: "u")
            throwing.verify { _ in try ThrowingInitStubConformer(path: Match.equal("/")) }
            await throwing.verify(1...1) { _ in try await ThrowingInitStubConformer(url: Match.equal("u")) }
        }
    }

    @Test func selfReturningRequirements() {
        SharedManualStubs.isolated {
            let factory = FactoryStub()
            let instance = factory()
            Match.Placeholders.register { instance }
            FactoryStub.shared.when { _ in FactoryStubConformer.make() }.thenReturn(instance)
            factory.when { $0.copy() }.thenReturn(instance)
            let made = FactoryStubConformer.make()
            #expect(made.stub === factory)
            #expect(factory().copy().stub === factory)
            FactoryStub.shared.verify { _ in FactoryStubConformer.make() }
            factory.verify { $0.copy() }
        }
    }

    @Test func typedThrowsAndAsync() async throws {
        let typed = TypedThrowsStub()
        typed.when { try $0.load(id: Match.any()) }.thenReturn(Item(id: 1))
        typed.when { try $0.save(Match.any()) }.thenThrow(LoadError(code: 5))
        let sut: any TypedThrows = typed()
        #expect(try sut.load(id: 1) == Item(id: 1))
        do {
            try sut.save(Item(id: 2))
            Issue.record("expected a LoadError")
        } catch {
            #expect(error == LoadError(code: 5))
        }
        typed.verify { try $0.load(id: Match.equal(1)) }
        typed.verify { try $0.save(Match.equal(Item(id: 2))) }

        let service = AsyncServiceStub()
        await service.when { await $0.refresh() }.thenDoNothing()
        await service.when { await $0.fetch(id: Match.any()) }.thenReturn(Item(id: 9))
        await service.when { try await $0.upload(Match.any()) }.thenThrow(NetworkError.offline)
        let async: any AsyncService = service()
        await async.refresh()
        #expect(await async.fetch(id: 9) == Item(id: 9))
        do {
            _ = try await async.upload([1])
            Issue.record("expected a NetworkError")
        } catch {
            #expect(error == .offline)
        }
        await service.verify(1...1) { await $0.refresh() }
        await service.verify(1...1) { await $0.fetch(id: Match.equal(9)) }
        await service.verify(1...1) { try await $0.upload(Match.equal([1])) }
    }

    @Test func closuresAutoclosuresAndRethrows() throws {
        let rethrowing = RethrowingStub()
        rethrowing.when { $0.map { $0 } }.thenReturn([1, 2])
        #expect((rethrowing() as any Rethrowing).map { $0 * 2 } == [1, 2])
        rethrowing.verify { $0.map { $0 } }

        let callbacks = CallbacksStub()
        let completion: @Sendable (Result<Item, LoadError>) -> Void = { _ in }
        let handler: (Int) -> Void = { _ in }
        callbacks.when { $0.load(completion: Match.any(using: completion)) }.thenDoNothing()
        callbacks.when { $0.observe(Match.any(using: handler)) }.thenReturn(7)
        callbacks.when { $0.optionalHandler(Match.any()) }.thenDoNothing()
        let sut: any Callbacks = callbacks()
        sut.load { _ in }
        #expect(sut.observe { _ in } == 7)
        sut.optionalHandler(nil)
        callbacks.verify { $0.load(completion: Match.any(using: completion)) }
        callbacks.verify { $0.observe(Match.any(using: handler)) }
        callbacks.verify { $0.optionalHandler(Match.isNil()) }

        let nonEscaping = NonEscapingStub()
        nonEscaping.when { $0.perform {} }.thenDoNothing()
        nonEscaping.when { try $0.withValue(Match.any(), body: { _ in }) }.thenDoNothing()
        let plain: any NonEscaping = nonEscaping()
        plain.perform {}
        try plain.withValue(3) { _ in }
        nonEscaping.verify { $0.perform {} }
        nonEscaping.verify { try $0.withValue(Match.equal(3), body: { _ in }) }

        let autoclosures = AutoclosuresStub()
        autoclosures.when { $0.check(true, message: Match.any()) }.thenDoNothing()
        (autoclosures() as any Autoclosures).check(false, message: "m")
        autoclosures.verify { $0.check(true, message: Match.equal("m")) }
    }

    @Test func compositionsAndOperators() {
        Match.Placeholders.register { (0, "") }
        Match.Placeholders.register { (first: 0, second: "") }
        let compositions = CompositionsStub()
        compositions.when { $0.accept(Match.any(using: "placeholder")) }.thenDoNothing()
        compositions.when { $0.pair() }.thenReturn((1, "one"))
        compositions.when { $0.named() }.thenReturn((first: 2, second: "two"))
        compositions.when { $0.some(Match.any() as [Int]) }.thenReturn(3)
        compositions.when { $0.matrix(Match.any()) }.thenReturn([1.0])
        let sut: any Compositions = compositions()
        sut.accept("x")
        #expect(sut.pair() == (1, "one"))
        #expect(sut.named().second == "two")
        #expect(sut.some([1, 2]) == 3)
        #expect(sut.matrix([[1.0]]) == [1.0])
        compositions.verify { $0.accept(Match.any(using: "placeholder")) }
        compositions.verify { $0.pair() }
        compositions.verify { $0.named() }
        compositions.verify { $0.some(Match.equal([1, 2])) }
        compositions.verify { $0.matrix(Match.equal([[1.0]])) }

        SharedManualStubs.isolated {
            let operators = OperatorsStub()
            let value = operators()
            Match.Placeholders.register { value }
            let statics = OperatorsStub.shared
            statics.when { _ in Match.any(using: value) == Match.any(using: value) }.thenReturn(true)
            statics.when { _ in Match.any(using: value) + Match.any() }.thenReturn(value)
            #expect(value == value)
            #expect((value + 1).stub === operators)
            statics.verify { _ in Match.any(using: value) == Match.any(using: value) }
            statics.verify { _ in Match.any(using: value) + Match.equal(1) }
        }
    }
}

@Suite struct AliasedClosuresRoundTripTests {
    @Test func aClosureAliasIsForwardedOnlyWhenEscaping() {
        let closures = AliasedClosuresStub()
        let completion: Completion = { _ in }
        closures.when { $0.run { _ in } }.thenReturn(1)
        closures.when { $0.store(Match.any(using: completion)) }.thenDoNothing()
        let sut: any AliasedClosures = closures()
        #expect(sut.run { _ in } == 1)
        sut.store { _ in }
        closures.verify { $0.run { _ in } }
        closures.verify { $0.store(Match.any(using: completion)) }
    }
}
