import Foundation
import SwiftMockingMacros
import Testing

/// An actor an app would test against a mocked scheduler and library.
actor GallerySync {
    let library: any PhotoLibrary<Photo>
    let scheduler: any TaskScheduler
    private(set) var synced: [Photo] = []

    init(library: any PhotoLibrary<Photo>, scheduler: any TaskScheduler) {
        self.library = library
        self.scheduler = scheduler
    }

    /// Loads an album, retrying up to three times.
    func sync(album: String) async throws {
        let library = self.library
        synced = try await scheduler.retry(times: 3) { try await library.items(in: album) }
    }
}

/// The protocols of SweepProtocols.swift, mocked by `@Mockable` and used as
/// a Swift 6 app's tests use them.
@Suite struct SweepMockTests {
    @Test func sendableAsyncClosureParameterIsCapturedAndRun() async {
        let mock = MockTaskScheduler()
        let ran = Collected<String>()
        let scheduler: any TaskScheduler = mock
        scheduler.schedule(after: 0.5) { ran.append("work") }
        var works: [@Sendable () async -> Void] = []
        verify(mock.schedule(after: .greaterThan(0.1), .any)).captured { _, work in works.append(work) }
        #expect(works.count == 1)
        for work in works { await work() }
        #expect(ran.values == ["work"])
        verify(mock.schedule(after: .lessThan(0.1), .any)).neverCalled()
    }

    @Test func genericAsyncThrowingClosureStubbedWithAHandler() async throws {
        let mock = MockTaskScheduler()
        let operation: ArgMatcher<@Sendable () async throws -> Int> = .any
        when(mock.retry(times: .any, operation)).thenReturn { times, operation in try await operation() * times }
        when(mock.retry(times: 0, operation)).thenThrow(GalleryError.quotaExceeded)
        let scheduler: any TaskScheduler = mock
        #expect(try await scheduler.retry(times: 3) { 14 } == 42)
        await #expect(throws: GalleryError.quotaExceeded) { try await scheduler.retry(times: 0) { 1 } }
        verify(mock.retry(times: .any, operation)).called(2)
        verify(mock.retry(times: .in(1...), operation)).called(1)
        // Another specialization has its own spy.
        verify(mock.retry(times: .any, .any(((@Sendable () async throws -> String)).self))).neverCalled()
    }

    @Test func inoutParametersBesideEffects() async throws {
        let mock = MockTaskScheduler()
        when(mock.bump(.greaterThan(9))).thenThrow(GalleryError.quotaExceeded)
        when(mock.bump(.any)).thenReturn(true)
        let scheduler: any TaskScheduler = mock
        var headers = ["Accept": "json"]
        await scheduler.normalize(&headers)
        #expect(headers == ["Accept": "json"])
        verify(mock.normalize(.equal(["Accept": "json"]))).called(1)
        var counter = 3
        #expect(try scheduler.bump(&counter))
        counter = 10
        #expect(throws: GalleryError.quotaExceeded) { try scheduler.bump(&counter) }
        verify(mock.bump(.any)).called(2)
        verify(mock.bump(.any)).throws(.error(GalleryError.self))
    }

    @Test func staticAsyncAndSettableMembers() async throws {
        try await MockScope.withCleanEnvironment {
            when(MockTaskScheduler.shared()).thenReturn(4)
            when(MockTaskScheduler.maxConcurrent).thenReturn(8)
            let type: any TaskScheduler.Type = MockTaskScheduler.self
            let shared = try await type.shared()
            #expect(shared == 4)
            type.maxConcurrent = 2
            #expect(type.maxConcurrent == 8)
            verify(MockTaskScheduler.maxConcurrent <- 2).called(1)
            verify(MockTaskScheduler.maxConcurrent).called(1)
            verify(MockTaskScheduler.shared()).called(1)
            MockTaskScheduler.clear()
            verify(MockTaskScheduler.shared()).neverCalled()
            verify(MockTaskScheduler.maxConcurrent <- .any).neverCalled()
        }
    }

    @Test func genericLibraryOverAPrimaryAssociatedType() async throws {
        let mock = MockPhotoLibrary<Photo>()
        let sunset = Photo(id: 1, title: "Sunset")
        let dawn = Photo(id: 2, title: "Dawn")
        when(mock.items(in: .any)).thenThrow(GalleryError.notFound(0))
        when(mock.items(in: "Trips")).thenReturn([sunset])
        when(mock.albums).thenReturn(["Trips"])
        let library: any PhotoLibrary<Photo> = mock
        #expect(try await library.items(in: "Trips") == [sunset])
        await #expect(throws: GalleryError.notFound(0)) { try await library.items(in: "Work") }
        #expect(await library.thumbnail(for: sunset, size: 64) == nil)
        try library.favorite(sunset, dawn)
        #expect(await library.albums == ["Trips"])
        verify(mock.favorite(.equal(sunset), .any)).called(1)
        verify(mock.favorite(.any)).neverCalled()
        verify(mock.thumbnail(for: .equal(sunset), size: .between(32, 128))).called(1)
        verify(mock.albums).called(1)
        verify(mock.items(in: .any)).called(2)
    }

    @Test func asyncSequenceResult() async {
        let mock = MockPhotoLibrary<Photo>()
        let sunset = Photo(id: 1, title: "Sunset")
        let (stream, continuation) = AsyncStream<Photo>.makeStream()
        when(mock.updates()).thenReturn(stream)
        continuation.yield(sunset)
        continuation.finish()
        let library: any PhotoLibrary<Photo> = mock
        var received: [Photo] = []
        for await photo in library.updates() { received.append(photo) }
        #expect(received == [sunset])
        verify(mock.updates()).called(1)
    }

    @Test func actorUnderTestWithMockedDependencies() async throws {
        let library = MockPhotoLibrary<Photo>()
        let scheduler = MockTaskScheduler()
        let sunset = Photo(id: 1, title: "Sunset")
        when(library.items(in: .any)).thenReturn([sunset])
        let operation: ArgMatcher<@Sendable () async throws -> [Photo]> = .any
        when(scheduler.retry(times: .any, operation)).thenReturn { _, operation in try await operation() }
        let sync = GallerySync(library: library, scheduler: scheduler)
        try await sync.sync(album: "Trips")
        #expect(await sync.synced == [sunset])
        verify(scheduler.retry(times: 3, operation)).called(1)
        verify(library.items(in: "Trips")).called(1)
        verifyInOrder {
            scheduler.retry(times: .any, operation)
            library.items(in: .any)
        }
    }

    #if compiler(>=6.1)  // a two-index subscript's write interaction
    @Test func settableTwoIndexSubscript() {
        let mock = MockSpreadsheet()
        when(mock[.equal(0), .any]).thenReturn(1.5)
        let sheet: any Spreadsheet = mock
        #expect(sheet[0, 3] == 1.5)
        #expect(sheet[1, 3] == 0)
        sheet[2, 4] = 9
        sheet[2, 5] = 1
        let bigWrite = mock[.equal(2), .any] <- .greaterThan(5)
        verify(bigWrite).called(1)
        verify(mock[.any, .any]).called(2)
        // A two-index write interaction is bound to a local before `verify` (a
        // documented type-checker limit of the `<-` form).
        let anyWrite = mock[.any, .any] <- .any
        var writes: [String] = []
        verify(anyWrite).captured { row, column, value in writes.append("\(row),\(column)=\(value)") }
        #expect(writes == ["2,4=9.0", "2,5=1.0"])
    }
    #endif

    @Test func throwingSubscriptGetterAndStaticMembers() async throws {
        try await MockScope.withCleanEnvironment {
            let mock = MockSpreadsheet()
            when(mock[.equal("total")]).thenReturn(12)
            when(MockSpreadsheet.open(named: .endsWith(".csv"))).thenReturn(7)
            when(MockSpreadsheet.open(named: .endsWith(".xls"))).thenThrow(GalleryError.notFound(1))
            when(MockSpreadsheet.defaultPrecision).thenReturn(2)
            let sheet: any Spreadsheet = mock
            let type: any Spreadsheet.Type = MockSpreadsheet.self
            #expect(try sheet["total"] == 12)
            #expect(try sheet["other"] == nil)
            #expect(try await type.open(named: "q1.csv") == 7)
            await #expect(throws: GalleryError.notFound(1)) { try await type.open(named: "q1.xls") }
            type.defaultPrecision = 4
            #expect(type.defaultPrecision == 2)
            verify(MockSpreadsheet.defaultPrecision <- 4).called(1)
            verify(MockSpreadsheet.open(named: .any)).called(2)
            verify(mock[.any]).called(2)
            try await sheet.recalculate()
            verify(mock.recalculate()).called(1)
        }
    }

    @StorageActor @Test func customGlobalActorProtocol() throws {
        let mock = MockDiskCache()
        let data = Data([1, 2])
        when(mock.read(key: "a")).thenReturn(data)
        when(mock.write(.any, key: .startsWith("tmp"))).thenThrow(GalleryError.quotaExceeded)
        let cache: any DiskCache = mock
        try cache.write(data, key: "a")
        #expect(throws: GalleryError.quotaExceeded) { try cache.write(data, key: "tmp/1") }
        #expect(cache.read(key: "a") == data)
        #expect(cache.read(key: "b") == nil)
        #expect(cache.size == 0)
        verify(mock.write(.equal(data), key: .any)).called(2)
        verify(mock.read(key: .any)).called(2)
        verify(mock.size).called(1)
    }

    @Test func ownershipAndSendingParameters() {
        let mock = MockFramePipe()
        when(mock.write(.any)).thenReturn { chunk in chunk.count }
        when(mock.makeBuffer(size: .any)).thenReturn { size in [UInt8](repeating: 0, count: size) }
        let pipe: any FramePipe = mock
        #expect(pipe.write(Data([1, 2, 3])) == 3)
        #expect(pipe.peek(Data()) == false)
        #expect(pipe.makeBuffer(size: 4) == [0, 0, 0, 0])
        pipe.submit(PixelBuffer(bytes: [9]))
        verify(mock.submit(.any(that: { $0.bytes == [9] }))).called(1)
        verify(mock.peek(.isEmpty())).called(1)
        verify(mock.write(.hasCount(3))).called(1)
    }

    @Test func keywordNamedMembers() throws {
        let mock = MockImporter()
        let url = URL(fileURLWithPath: "/tmp/photos.zip")
        when(mock.import(from: .equal(url))).thenReturn(12)
        when(mock.default()).thenReturn("jpeg")
        when(mock.protocol).thenReturn("https")
        let importer: any Importer = mock
        #expect(try importer.import(from: url) == 12)
        #expect(importer.default() == "jpeg")
        #expect(importer.protocol == "https")
        verify(mock.import(from: .any)).called(1)
        verify(mock.default()).called(1)
        verify(mock.protocol).called(1)
    }

    @Test func resultOptionalAndMetatypeArguments() {
        let mock = MockSyncReporter()
        let reporter: any SyncReporter = mock
        reporter.report(.success(3))
        reporter.report(.failure(.notFound(4)))
        verify(mock.report(.success(.equal(3)))).called(1)
        verify(mock.report(.failure(.equal(.notFound(4))))).called(1)
        verify(mock.report(.failure(.any))).called(1)
        verify(mock.report(.any)).called(2)
        #expect(reporter.lastOutcome() == nil)
        when(mock.lastOutcome()).thenReturn(.success(5))
        #expect(reporter.lastOutcome() == .success(5))
        reporter.note(nil, code: 404)
        reporter.note("retry", code: nil)
        verify(mock.note(.nil(), code: .some(.greaterThan(400)))).called(1)
        verify(mock.note(.notNil(), code: .nil())).called(1)
        verify(mock.note(.some(.contains("ret")), code: .any)).called(1)
        when(mock.register(.type(Photo.self))).thenReturn(true)
        #expect(reporter.register(Photo.self))
        when(mock.pair()).thenReturn((Photo(id: 1, title: "a"), 2))
        let (photo, count) = reporter.pair()
        #expect(photo.id == 1)
        #expect(count == 2)
    }

    @Test func requirementWithADefaultImplementationIsMocked() {
        let mock = MockPreferences()
        when(mock.bool(forKey: "beta")).thenReturn(true)
        when(mock.remove(.hasCount(in: 2...))).thenReturn { keys in keys.count }
        let prefs: any Preferences = mock
        #expect(prefs.bool(forKey: "beta"))
        #expect(prefs.bool(forKey: "other") == false)
        prefs.set(3, forKey: "launches")
        prefs.set("dark", forKey: "theme")
        #expect(prefs.remove(["a", "b"]) == 2)
        #expect(prefs.remove(["a"]) == 0)
        verify(mock.bool(forKey: .any)).called(2)
        verify(mock.set(.as(Int.self), forKey: .any)).called(1)
        verify(mock.set(.is(String.self), forKey: "theme")).called(1)
        verify(mock.remove(.contains("a"))).called(2)
        verify(mock.remove(.isEmpty())).neverCalled()
        mock.clear()
        verifyZeroInteractions(mock)
        #expect(prefs.bool(forKey: "beta") == false)
    }

    @Test func selfInParameterAndResultPositions() {
        let mock = MockMergeable()
        let other = MockMergeable()
        when(mock.merged(with: .identical(other))).thenReturn(other)
        when(mock.conflicts(with: .hasCount(1))).thenReturn(1)
        let (merged, conflicts) = mergeAll(mock, with: [other])
        #expect(merged === other)
        #expect(conflicts == 1)
        verify(mock.merged(with: .any)).called(1)
        verify(mock.conflicts(with: .any(that: { documents in documents.contains { $0 === other } }))).called(1)
        verify(other.merged(with: .any)).neverCalled()
    }
}

/// Merges documents as app code does, through a generic over `Mergeable`.
func mergeAll<Document: Mergeable>(_ document: Document, with others: [Document]) -> (Document, Int) {
    (others.reduce(document) { $0.merged(with: $1) }, document.conflicts(with: others))
}

/// A hand-written composed mock of an actor protocol: `mock` and both
/// members of each requirement are `nonisolated`.
actor MockTokenVault: TokenVault {
    nonisolated let mock = Mock()

    nonisolated func token(for account: String) async throws -> String {
        try await Mock.adaptThrowing(self.mock.token, account)
    }

    nonisolated func token(for account: ArgMatcher<String>) -> Interaction<String, AsyncThrows, String> {
        Interaction(account, spy: self.mock.token)
    }

    nonisolated func revokeAll() async {
        return await Mock.adapt(self.mock.revokeAll, ())
    }

    nonisolated func revokeAll() -> Interaction<Void, Async, Void> {
        Interaction(.any, spy: self.mock.revokeAll)
    }
}

/// A main-actor view model that loads in a `Task` it does not await.
@MainActor
final class FeedModel {
    let loader: any FeedLoader
    private(set) var items: [String] = []

    init(loader: any FeedLoader) { self.loader = loader }

    func refresh() {
        Task {
            items = (try? await loader.load(page: 1)) ?? []
        }
    }
}

/// Protocol-level where clauses, `Identifiable` refinements, a hand-written
/// actor mock, fire-and-forget tasks and wide parameter lists.
@Suite struct SweepMoreMockTests {
    @Test func protocolLevelWhereClauseOnAnAssociatedType() async throws {
        let mock = MockPaginator<[Int]>()
        when(mock.next()).thenReturn([1, 2])
        when(mock.pageSize).thenReturn(20)
        var paginator: any Paginator<[Int]> = mock
        #expect(try await paginator.next() == [1, 2])
        paginator.pageSize = 50
        paginator.reset()
        #expect(paginator.pageSize == 20)
        verify(mock.pageSize <- .in(1...100)).called(1)
        verify(mock.pageSize).called(1)
        verify(mock.reset()).called(1)
        when(mock.next()).thenReturn(nil)
        #expect(try await paginator.next() == nil)
        verify(mock.next()).called(2)
    }

    @Test func identifiableRefinementWithARestatedId() async {
        let mock = MockAccount()
        let id = UUID()
        when(mock.id).thenReturn(id)
        when(mock.displayName).thenReturn("Ada")
        when(mock.permissions(in: "core")).thenReturn(["read", "write"])
        let accounts: [any Account] = [mock]
        #expect(accounts.map(\.id) == [id])
        #expect(accounts.first?.displayName == "Ada")
        #expect(await mock.permissions(in: "core").contains("write") == true)
        #expect(await accounts[0].permissions(in: "other").isEmpty)
        verify(mock.id).called(1)
        verify(mock.permissions(in: .any)).called(2)
        verify(mock.permissions(in: "core")).called(1)
    }

    @Test func handWrittenActorMock() async throws {
        let vault = MockTokenVault()
        when(vault.token(for: "ada")).thenReturn("t-1")
        when(vault.token(for: .startsWith("x"))).thenThrow(GalleryError.quotaExceeded)
        let shared: any TokenVault = vault
        #expect(try await shared.token(for: "ada") == "t-1")
        await #expect(throws: GalleryError.quotaExceeded) { try await shared.token(for: "xavier") }
        // String is in the default registry: an unstubbed call answers "".
        #expect(try await shared.token(for: "bob") == "")
        await shared.revokeAll()
        verify(vault.token(for: .any)).called(3)
        verify(vault.revokeAll()).called(1)
        verifyZeroInteractions(MockTokenVault().mock)
    }

    @MainActor @Test func untilWaitsForAFireAndForgetTask() async throws {
        let mock = MockFeedLoader()
        when(mock.load(page: .any)).thenReturn(["a", "b"])
        let model = FeedModel(loader: mock)
        async let loaded: Void = until(mock.load(page: 1), timeout: .seconds(5))
        model.refresh()
        try await loaded
        verify(mock.load(page: 1)).called(1)
    }

    @Test func closureReturningAsyncClosure() async throws {
        let mock = MockFeedLoader()
        when(mock.makeRefresher()).thenReturn { 7 }
        let loader: any FeedLoader = mock
        let refresh = loader.makeRefresher()
        #expect(try await refresh() == 7)
        verify(mock.makeRefresher()).called(1)
    }

    @Test func wideParameterListsAndTwoGenerics() throws {
        let mock = MockEventLogger()
        let logger: any EventLogger = mock
        logger.log("launch", 2, 0.5, true, ["cold"], nil)
        logger.log("launch", 3, 0.25, false, [], "warm")
        verify(mock.log("launch", .greaterThan(1), .approximately(0.5), true, .contains("cold"), .nil())).called(1)
        verify(mock.log(.any, .any, .lessThan(1), .any, .any, .any)).called(2)
        var notes: [String?] = []
        verify(mock.log(.any, .any, .any, .any, .any, .any)).captured { _, _, _, _, _, note in notes.append(note) }
        #expect(notes == [nil, "warm"])

        let body: ArgMatcher<@Sendable (Int) -> String> = .any
        when(mock.transform(.any(Int.self), body)).thenReturn { value, body in body(value) + "!" }
        #expect(logger.transform(4) { "\($0 * 2)" } == "8!")
        verify(mock.transform(.equal(4), body)).called(1)

        when(mock.flush()).thenReturn(3)
        #expect(try logger.flush() == 3)
        verify(mock.flush()).called(1)
    }
}

/// Standard-library refinements and error arguments.
@Suite struct SweepStandardProtocolTests {
    @Test func inheritedCustomStringConvertible() {
        let mock = MockTag()
        when(mock.description).thenReturn("#swift")
        when(mock.weight()).thenReturn(3)
        let tag: any Tag = mock
        #expect("\(tag)" == "#swift")
        #expect(tag.weight() == 3)
        verify(mock.description).called(1)
        verify(mock.weight()).called(1)
    }

    @Test func inheritedComparableThroughAStaticOperator() async {
        await MockScope.withCleanEnvironment {
            let old = MockReleaseVersion()
            let new = MockReleaseVersion()
            #expect(old == old)
            #expect(old != new)
            let lessThan: Spy<MockReleaseVersion, MockReleaseVersion, None, Bool> =
                MockReleaseVersion.self[dynamicMember: "<"]
            when(lessThan(.identical(old), .identical(new))).thenReturn(true)
            #expect(old < new)
            #expect(!(new < old))
            #expect(lessThan.invocationCount == 2)
            verify(lessThan(.identical(new), .any)).called(1)
        }
    }

    @Test func errorArgumentsAndAThrowingAction() throws {
        let mock = MockCrashReporter()
        when(mock.upload(batch: .any)).thenReturn { batch in batch.count }
        when(mock.upload(batch: .isEmpty())).do { _ in throw GalleryError.quotaExceeded }
        var reporter: any CrashReporter = mock
        reporter.record(GalleryError.notFound(3), fatal: false)
        reporter.record(CancellationError(), fatal: true)
        verify(mock.record(.anyError(), fatal: .any)).called(2)
        verify(mock.record(.error(GalleryError.self), fatal: false)).called(1)
        verify(mock.record(.error(CancellationError.self), fatal: true)).called(1)
        #expect(try reporter.upload(batch: ["a", "b"]) == 2)
        #expect(throws: GalleryError.quotaExceeded) { try reporter.upload(batch: []) }
        verify(mock.upload(batch: .any)).called(2)

        let uploads = Collected<Int>()
        reporter.onUpload = { uploads.append($0) }
        verify(mock.onUpload <- .notNil()).called(1)
        let hook: @Sendable (Int) -> Void = { uploads.append($0 * 10) }
        when(mock.onUpload).thenReturn(hook)
        reporter.onUpload?(4)
        #expect(uploads.values == [40])
        verify(mock.onUpload).called(1)
    }
}

/// Main-actor statics, `isolated` parameters and an unbracketed option.
@Suite struct SweepIsolationTests {
    #if compiler(>=6.1)  // Swift 6.0 runs withCleanEnvironment's body nonisolated: a main-actor body is refused
    @MainActor @Test func mainActorStaticRequirements() async {
        await MockScope.withCleanEnvironment {
            when(MockRouter.route(.startsWith("/settings"))).thenReturn(true)
            let router: any Router.Type = MockRouter.self
            // Bound first: `#expect(router.route(...))` over a metatype hits a
            // Swift Testing expansion limit (`$0.route` on `router.self`).
            let privacy = router.route("/settings/privacy")
            let home = router.route("/home")
            #expect(privacy)
            #expect(!home)
            router.current = "/home"
            #expect(router.current == nil)
            verify(MockRouter.route(.any)).called(2)
            verify(MockRouter.current <- .equal("/home")).called(1)
            let instance = MockRouter()
            (instance as any Router).push("/a", animated: true)
            verify(instance.push(.any, animated: true)).called(1)
            verifyZeroInteractions(MockRouter())
        }
    }
    #endif

    @Test func isolatedParameterAndUnbracketedOption() async {
        let mock = IsolatedRunnerMock()
        when(mock.run(.any, isolation: .any)).thenReturn(5)
        let runner: any IsolatedRunner = mock
        let onMain = await runner.run("sync", isolation: MainActor.shared)
        let nowhere = await runner.run("sync", isolation: nil)
        #expect(onMain == 5)
        #expect(nowhere == 5)
        verify(mock.run("sync", isolation: .notNil())).called(1)
        verify(mock.run(.any, isolation: .nil())).called(1)
    }
}

/// A protocol nested in a namespace, with a typealiased completion.
@Suite struct SweepNestedProtocolTests {
    @Test func nestedProtocolAndTypealiasedCompletion() {
        let mock = Checkin.MockService()
        let results = Collected<Result<Int, GalleryError>>()
        when(mock.checkIn(.any, completion: .any)).do { venue, completion in
            completion(venue.isEmpty ? .failure(.notFound(0)) : .success(venue.count))
        }
        when(mock.history()).thenReturn(["cafe"])
        let service: any Checkin.Service = mock
        service.checkIn("cafe") { results.append($0) }
        service.checkIn("") { results.append($0) }
        #expect(results.values == [.success(4), .failure(.notFound(0))])
        #expect(service.history() == ["cafe"])
        verify(mock.checkIn(.startsWith("ca"), completion: .any)).called(1)
        verify(mock.checkIn(.any, completion: .any)).called(2)
    }
}

/// Generic mocks with static members, and composition over a generic protocol.
@Suite struct SweepGenericMockTests {
    @Test func staticMembersOfEachSpecializationAreSeparate() async {
        await MockScope.withCleanEnvironment {
            when(MockItemStore<Int>.seed()).thenReturn([1, 2])
            when(MockItemStore<String>.seed()).thenReturn(["a"])
            let ints: any ItemStore<Int>.Type = MockItemStore<Int>.self
            let strings: any ItemStore<String>.Type = MockItemStore<String>.self
            let seededInts = ints.seed()
            let seededStrings = strings.seed()
            #expect(seededInts == [1, 2])
            #expect(seededStrings == ["a"])
            verify(MockItemStore<Int>.seed()).called(1)
            verify(MockItemStore<String>.seed()).called(1)
        }
    }

    @Test func asyncHandlerOfTheAssociatedTypeIsCapturedAndRun() async {
        let mock = MockItemStore<Int>()
        let seen = Collected<Int>()
        let store: any ItemStore<Int> = mock
        await store.observe { seen.append($0) }
        var handlers: [@Sendable (Int) async -> Void] = []
        verify(mock.observe(.any)).captured { handlers.append($0) }
        for handler in handlers { await handler(7) }
        #expect(seen.values == [7])
    }

    @Test func composedGenericScreenWithAStaticMember() async {
        await MockScope.withCleanEnvironment {
            let mock = MockModelScreen<Int>()
            when(MockModelScreen<Int>.identifier).thenReturn("counter")
            when(mock.model).thenReturn(3)
            let screen: ViewController = mock
            screen.title = "Counter"
            #expect(mock.title == "Counter")
            let typed: any ModelScreen<Int> = mock
            await typed.render(5)
            typed.model = 9
            #expect(typed.model == 3)
            #expect(MockModelScreen<Int>.identifier == "counter")
            verify(mock.render(.equal(5))).called(1)
            verify(mock.model <- .equal(9)).called(1)
            verify(MockModelScreen<Int>.identifier).called(1)
            mock.clear()
            verify(mock.render(.any)).neverCalled()
            // Each specialization has its own static spies, cleared on their own.
            #expect(MockModelScreen<String>.identifier == "")
            verify(MockModelScreen<String>.identifier).called(1)
            MockModelScreen<Int>.staticMock.clear()
            verify(MockModelScreen<Int>.identifier).neverCalled()
            verify(MockModelScreen<String>.identifier).called(1)
        }
    }
}

/// Initializers under composition, generic and static settable subscripts.
@Suite struct SweepSubscriptAndInitTests {
    @Test func composedMockWithAnInitializerRequirement() {
        func make<S: TitledScreen>(_ type: S.Type) -> S { S(heading: "Inbox") }
        let screen = make(MockTitledScreen.self)
        let plain = MockTitledScreen()
        (screen as any TitledScreen).reload()
        verify(screen.reload()).called(1)
        verify(plain.reload()).neverCalled()
        screen.title = "Inbox"
        #expect(screen.title == "Inbox")
    }

    @Test func settableGenericSubscript() {
        let mock = MockTypedDefaults()
        when(mock[.equal("launches")] as SettableInteraction<String, None, Int?>).thenReturn(3)
        var defaults: any TypedDefaults = mock
        let launches: Int? = defaults["launches"]
        let name: String? = defaults["name"]
        #expect(launches == 3)
        #expect(name == nil)
        defaults["launches"] = 4
        let write: Interaction<String, Int?, None, Void> = mock[.any] <- .equal(4)
        verify(write).called(1)
        verify(mock[.any] as SettableInteraction<String, None, Int?>).called(1)
        verify(mock[.any] as SettableInteraction<String, None, String?>).called(1)
    }

    @Test func settableStaticSubscriptAndTypedThrowingGetter() async throws {
        try await MockScope.withCleanEnvironment {
            when(MockTypedDefaults[.equal("app")]).thenReturn(2)
            let type: any TypedDefaults.Type = MockTypedDefaults.self
            let app = type["app"]
            #expect(app == 2)
            type["app"] = 5
            let write = MockTypedDefaults[.any] <- .equal(5)
            verify(write).called(1)
            let mock = MockTypedDefaults()
            when(mock.revision).thenReturn(11)
            let defaults: any TypedDefaults = mock
            let revision = try defaults.revision
            #expect(revision == 11)
            verify(mock.revision).called(1)
        }
    }
}

/// `some P` parameters, mocked as the generic parameters they stand for.
@Suite struct SweepOpaqueParameterTests {
    @Test func opaqueParametersPickASpecializationLikeGenerics() async throws {
        let mock = MockBatchImporter()
        let sunset = Photo(id: 1, title: "Sunset")
        when(mock.add(contentsOf: .any([Photo].self))).thenReturn { photos in photos.count * 10 }
        let importer: any BatchImporter = mock
        #expect(importer.add(contentsOf: [sunset, sunset]) == 20)
        #expect(importer.add(contentsOf: Set([sunset])) == 0)
        try await importer.tag(7, with: ["a", "b"])
        verify(mock.add(contentsOf: .any([Photo].self))).called(1)
        verify(mock.add(contentsOf: .any(Set<Photo>.self))).called(1)
        verify(mock.tag(.equal(7), with: .equal(["a", "b"]))).called(1)
        let none: String? = nil
        when(mock.cover(for: .some(.equal("Trips")))).thenReturn(sunset)
        #expect(importer.cover(for: "Trips") == sunset)
        #expect(importer.cover(for: none) == nil)
        verify(mock.cover(for: .any(String?.self))).called(2)
    }
}

/// Typed throws over an associated type, member-level isolation, async `Self` factories.
@Suite struct SweepTypedAndIsolatedMemberTests {
    @Test func typedThrowsOverAnAssociatedFailure() async throws {
        let mock = MockJob<GalleryError>()
        when(mock.run(.lessThan(0))).thenThrow(GalleryError.notFound(-1))
        when(mock.run(.any)).thenReturn { $0 * 2 }
        when(mock.cancel()).thenThrow(GalleryError.quotaExceeded)
        let job: any Job<GalleryError> = mock
        #expect(try job.run(4) == 8)
        #expect(throws: GalleryError.notFound(-1)) { try job.run(-3) }
        await #expect(throws: GalleryError.quotaExceeded) { try await job.cancel() }
        verify(mock.run(.any)).called(2)
        verify(mock.cancel()).called(1)
    }

    #if compiler(>=6.1)  // Swift 6.0 runs withCleanEnvironment's body nonisolated: a main-actor body is refused
    @MainActor @Test func memberLevelIsolationAndAsyncSelfFactory() async {
        await MockScope.withCleanEnvironment {
            let mock = MockScreenModel()
            when(mock.title).thenReturn("Inbox")
            when(mock.analyticsName).thenReturn("inbox_screen")
            when(MockScreenModel.load()).thenReturn(mock)
            let loaded = await MockScreenModel.loadThroughProtocol()
            #expect(loaded === mock)
            #expect(loaded.title == "Inbox")
            #expect(loaded.analyticsName == "inbox_screen")
            verify(MockScreenModel.load()).called(1)
            verify(mock.title).called(1)
        }
    }
    #endif
}

extension ScreenModel {
    /// Loads through the protocol, as app code does.
    static func loadThroughProtocol() async -> Self { await load() }
}
