#if compiler(>=6.2)
import Foundation
import StressSupport
import Testing

/// Test programs built at test time, as a module of a Swift 6.2 project built
/// with "approachable concurrency" (`-default-isolation MainActor`, with
/// `InferIsolatedConformances` and `NonisolatedNonsendingByDefault`), which
/// this package's manifests (tools version 6.0, no unsafe flags) cannot ask
/// for. Each program imports `TestDoubles` from this test binary's build
/// directory (its modules, and the objects SwiftPM linked into this binary)
/// and runs Swift Testing tests written as such a project writes them:
/// nothing says `@MainActor`, everything is.
@Suite(
    .enabled(if: DefaultIsolationProgram.unavailableReason == nil, "\(DefaultIsolationProgram.unavailableReason ?? "")")
)
struct RealCodeMainActorDefaultModuleTests {
    @Test func aMainActorDefaultModulesTestsPass() async throws {
        let outcome = try await DefaultIsolationProgram.buildAndRun(
            module: "NaturalNotes", source: DefaultIsolationProgram.naturalNotes)
        // A hand-written ManualStub conformer in such a module failed to compile ("circular reference")
        // until ManualStubConformer refined SendableMetatype.
        try #require(outcome.built, "the module did not compile:\n\(outcome.diagnostics)")
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.contains("Test run with 8 tests in 1 suite passed"), "\(outcome.output)")
        #expect(outcome.output.contains("with 1 known issue"), "\(outcome.output)")
    }
}

/// Builds a test program against this test binary's `TestDoubles` (see `TestProgram`).
enum DefaultIsolationProgram {
    /// The repository root (this file is Packages/DSL/Tests/TestDoublesTests/RealCode/<file>).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The targets whose objects a program that imports `TestDoubles` links.
    static let libraryTargets: Set = [
        "TestDoubles.build", "TestDoublesRecorder.build", "TestDoublesManual.build", "TestDoublesMetadata.build",
        "TestDoublesTrampolines.build", "CTestDoublesTrampolines.build",
    ]

    /// The library objects SwiftPM linked into this test binary, or `nil`.
    static var libraryObjects: [String]? {
        TestProgram.linkedObjects(of: libraryTargets).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why no program can be built here, or `nil`.
    static var unavailableReason: String? {
        if ProcessInfo.processInfo.environment["TESTDOUBLES_EMULATOR"] != nil {
            return "the host's swiftc builds host programs, not emulated ones"
        }
        if let reason = TestProgram.sanitizerReason { return reason }
        guard TestProgram.tool("swiftc") != nil else { return "swiftc is not on PATH" }
        guard
            FileManager.default.fileExists(
                atPath: TestProgram.binDirectory.appendingPathComponent("Modules/TestDoubles.swiftmodule").path)
        else { return "no TestDoubles module beside the test binary" }
        guard libraryObjects != nil else { return "no link file list beside the test binary" }
        return nil
    }

    /// Compiles `source` (with a Swift Testing entry point) as module `module` with approachable
    /// concurrency, links it with this binary's library objects, and runs it.
    static func buildAndRun(module: String, source: String) async throws -> TestProgram.Outcome {
        let binDirectory = TestProgram.binDirectory
        let trampolines = repositoryRoot.appendingPathComponent("Packages/Trampolines/Sources/CTestDoublesTrampolines")
        let elf = repositoryRoot.appendingPathComponent("Packages/Metadata/Sources/CTestDoublesElf/module.modulemap")
        let flags = [
            "-parse-as-library", "-swift-version", "6", "-g", "-Onone", "-enable-testing", "-module-name", module,
            "-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances",
            "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
            "-I", binDirectory.appendingPathComponent("Modules").path, "-module-cache-path",
            FileManager.default.temporaryDirectory.appendingPathComponent("testdoubles-program-module-cache").path,
            "-Xcc",
            "-fmodule-map-file=\(binDirectory.appendingPathComponent("CTestDoublesTrampolines.build/module.modulemap").path)",
            "-Xcc", "-I", "-Xcc", trampolines.appendingPathComponent("include").path,
            "-Xcc", "-fmodule-map-file=\(elf.path)",
        ]
        return try await TestProgram.buildAndRun(
            swiftc: try #require(TestProgram.tool("swiftc")), module: module, sources: [source], flags: flags,
            objects: try #require(libraryObjects), libraries: ["-lelf", "-ldw"])
    }

    /// A notes app module and its tests, written as such a project writes them.
    static let naturalNotes = #"""
        import Foundation
        import TestDoubles
        import Testing

        // An app module and its tests as a Swift 6.2 project writes them with
        // `-default-isolation MainActor`: nothing below says @MainActor.

        struct Note: Equatable, Hashable, Codable, CustomStringConvertible {
            var id: Int
            var title: String
            var description: String { "note #\(id)" }
        }

        enum StoreError: Error, Equatable {
            case offline
            case notFound(id: Int)
        }

        /// A protocol other threads call: `@concurrent` requirements of a `Sendable` protocol.
        protocol NoteUploader: Sendable {
            @concurrent func upload(_ note: Note) async throws -> Int
            nonisolated func pending() -> Int
        }

        protocol NoteStore: AnyObject {
            func note(id: Int) -> Note?
            func save(_ note: Note) throws(StoreError) -> Bool
            func titles(matching query: String) -> [String]
            nonisolated func storeName() -> String
            func refresh() async -> [Note]
            var lastSync: Date? { get set }
            func observe(_ handler: @escaping @Sendable (Note) -> Void)
            func onChange(_ handler: @escaping (Note) -> Void)
        }

        final class LiveNoteStore: NoteStore {
            var notes: [Int: Note] = [1: Note(id: 1, title: "live")]
            var lastSync: Date?
            func note(id: Int) -> Note? { notes[id] }
            func save(_ note: Note) throws(StoreError) -> Bool {
                notes[note.id] = note
                return true
            }
            func titles(matching query: String) -> [String] { notes.values.map(\.title).filter { $0.contains(query) } }
            nonisolated func storeName() -> String { "live" }
            func refresh() async -> [Note] { Array(notes.values) }
            func observe(_ handler: @escaping @Sendable (Note) -> Void) {}
            func onChange(_ handler: @escaping (Note) -> Void) { handler(Note(id: 0, title: "changed")) }
        }

        final class LiveNoteUploader: NoteUploader {
            @concurrent func upload(_ note: Note) async throws -> Int { note.id + 1_000 }
            nonisolated func pending() -> Int { 0 }
        }

        /// A protocol the module leaves nonisolated; its conformer's conformance is isolated to the main actor (inferred).
        nonisolated protocol Ticker {
            func tick(_ step: Int) -> Int
            var ticks: Int { get }
        }

        final class CountingTicker: Ticker {
            var ticks = 0
            func tick(_ step: Int) -> Int {
                ticks += step
                return ticks
            }
        }

        final class NotesViewModel {
            let store: any NoteStore
            var titles: [String] = []
            var failures: [StoreError] = []
            init(store: any NoteStore) { self.store = store }
            func search(_ query: String) { titles = store.titles(matching: query) }
            func add(_ note: Note) {
                do { _ = try store.save(note) } catch { failures.append(error) }
            }
        }

        final class NoteStoreFake: NoteStore, ManualStubConformer {
            let stub: ManualStub<NoteStoreFake>
            nonisolated init(stub: ManualStub<NoteStoreFake>) { self.stub = stub }
            func note(id: Int) -> Note? { stub.call(id) }
            func save(_ note: Note) throws(StoreError) -> Bool { try stub.throwingCall(note, throwing: StoreError.self) }
            func titles(matching query: String) -> [String] { stub.call(query) }
            nonisolated func storeName() -> String { stub.call() }
            func refresh() async -> [Note] { await stub.asyncCall() }
            var lastSync: Date? {
                get { stub.call() }
                set { stub.call(newValue) }
            }
            func observe(_ handler: @escaping @Sendable (Note) -> Void) { stub.call(handler) }
            func onChange(_ handler: @escaping (Note) -> Void) { stub.call(handler) }
        }

        @Suite struct NaturalNotesTests {
            @Test func searchAndSave() throws {
                let store = try Stub<any NoteStore>()
                store.when { $0.titles(matching: "a") }.thenReturn(["alpha"])
                store.when { $0.titles(matching: Match.any()) }.then { (query: String) in [query.uppercased()] }
                store.when { try $0.save(Match.equal(Note(id: 1, title: "x"))) }.thenThrow(StoreError.offline)
                store.when { try $0.save(Match.any()) }.thenReturn(true)
                store.when { $0.note(id: 3) }.thenReturn(Note(id: 3, title: "c"))
                let model = NotesViewModel(store: store())
                model.search("a")
                #expect(model.titles == ["alpha"])
                model.search("b")
                #expect(model.titles == ["B"])
                model.add(Note(id: 1, title: "x"))
                model.add(Note(id: 2, title: "y"))
                #expect(model.failures == [.offline])
                #expect(throws: StoreError.offline) { try store().save(Note(id: 1, title: "x")) }
                #expect(store().note(id: 3) == Note(id: 3, title: "c"))
                store.verify(.once) { $0.titles(matching: "a") }
                store.verify(2...2) { try $0.save(Note(id: 1, title: "x")) }
                let saved: [Note] = store.when { try $0.save(Match.any()) }.arguments()
                #expect(saved.count == 3)
            }

            @Test func uploadAndRefresh() async throws {
                let uploader = try Stub<any NoteUploader>()
                await uploader.when { try await $0.upload(Note(id: 4, title: "four")) }.thenReturn(44)
                await uploader.when { try await $0.upload(Match.any()) }.then { (note: Note) in note.id * 10 }
                #expect(try await uploader().upload(Note(id: 4, title: "four")) == 44)
                #expect(try await uploader().upload(Note(id: 4, title: "")) == 40)
                let uploading = uploader()
                #expect(try await Task.detached { try await uploading.upload(Note(id: 4, title: "four")) }.value == 44)
                await uploader.verify(2...2) { try await $0.upload(Note(id: 4, title: "four")) }
                let spy = try Spy<any NoteUploader>(forwardingTo: LiveNoteUploader())
                #expect(try await spy().upload(Note(id: 2, title: "")) == 1_002)
                let store = try Stub<any NoteStore>()
                await store.when { await $0.refresh() }.thenReturn([Note(id: 5, title: "e")])
                #expect(await store().refresh() == [Note(id: 5, title: "e")])
                store.when { $0.storeName() }.thenReturn("stub")
                let service = store()
                let name = await Task.detached { service.storeName() }.value
                #expect(name == "stub")
            }

            @Test(arguments: [1, 2, 3]) func aFreshStubPerCase(id: Int) throws {
                let store = try Stub<any NoteStore>()
                store.when { $0.note(id: Match.any()) }.then { (id: Int) in Note(id: id, title: "n\(id)") }
                #expect(store().note(id: id)?.title == "n\(id)")
                store.verify(.once) { $0.note(id: id) }
            }

            @Test func callbacks() async throws {
                let store = try Stub<any NoteStore>()
                let captured = CallbackCapture<@Sendable (Note) -> Void>()
                store.when { $0.observe(captured.capture()) }.thenDoNothing()
                store.when { $0.onChange(Match.any()) }.then { (handler: (Note) -> Void) in handler(Note(id: 9, title: "h")) }
                var seen: [Int] = []
                store().onChange { seen.append($0.id) }
                #expect(seen == [9])
                await confirmation { confirmed in
                    store().observe { note in if note.id == 7 { confirmed() } }
                    captured.last?(Note(id: 7, title: "cb"))
                }
                store.when { $0.lastSync }.thenReturn(Date(timeIntervalSince1970: 5))
                #expect(store().lastSync == Date(timeIntervalSince1970: 5))
                let captor = ArgumentCaptor<Date?>()
                store.when { $0.lastSync = captor.capture() }.thenDoNothing()
                store().lastSync = nil
                #expect(captor.values.count == 1)
            }

            @Test func spyAndDummy() throws {
                let live = LiveNoteStore()
                let spy = try Spy<any NoteStore>(forwardingTo: live)
                spy.when { $0.note(id: 2) }.thenReturn(Note(id: 2, title: "spied"))
                #expect(spy().note(id: 1)?.title == "live")
                #expect(spy().note(id: 2)?.title == "spied")
                #expect(try spy().save(Note(id: 3, title: "three")))
                #expect(live.notes[3]?.title == "three")
                spy.verify(.once) { try $0.save(Match.any()) }
                let dummy = try Dummy<any NoteStore>()
                _ = NotesViewModel(store: dummy())
            }

            @Test func manualStub() async throws {
                let store = ManualStub<NoteStoreFake>()
                store.when { $0.note(id: Match.any()) }.thenReturn(Note(id: 8, title: "m"))
                await store.when { await $0.refresh() }.thenReturn([Note(id: 11, title: "r")])
                let service: any NoteStore = store()
                #expect(service.note(id: 1)?.title == "m")
                #expect(await service.refresh() == [Note(id: 11, title: "r")])
                store.verify(.once) { $0.note(id: 1) }
            }

            @Test func knownIssue() throws {
                let store = try Stub<any NoteStore>()
                withKnownIssue {
                    _ = store().titles(matching: "unstubbed")
                }
            }

            @Test func aSpyOfAnIsolatedConformance() throws {
                let real = CountingTicker()
                let ticker = try Spy<any Ticker>(forwardingTo: real)
                ticker.when { $0.tick(100) }.thenReturn(-1)
                #expect(ticker().tick(2) == 2)
                #expect(ticker().tick(100) == -1)
                #expect(ticker().tick(3) == 5)
                #expect(ticker().ticks == 5 && real.ticks == 5)
                ticker.verify(3...3) { $0.tick(Match.any()) }
                let stub = try Stub<any Ticker>()
                stub.when { $0.tick(Match.any()) }.then { (step: Int) in step * 2 }
                #expect(stub().tick(21) == 42)
            }
        }
        """#
}
#endif
