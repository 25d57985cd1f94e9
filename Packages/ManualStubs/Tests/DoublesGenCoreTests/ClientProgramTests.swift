#if compiler(>=6.2)
import Foundation
import StressSupport
import Testing

@testable import DoublesGenCore

/// `@StubbableClient`'s wiring, compiled against the real `TestDoublesManual`
/// in a module built with approachable concurrency (`-default-isolation
/// MainActor`, `InferIsolatedConformances`, `NonisolatedNonsendingByDefault`),
/// and run: there an unmarked async closure field is `nonisolated(nonsending)`,
/// runs on its caller's actor, and its endpoint must too.
@Suite(.enabled(if: ClientProgram.unavailableReason == nil, "\(ClientProgram.unavailableReason ?? "")"))
struct ClientProgramTests {
    /// The clients, as such a module writes them: nothing says `@MainActor` or `nonisolated(nonsending)`.
    static let clients = """
        struct Reading: Equatable, Sendable { var value: Double }
        enum SensorError: Error, Equatable { case offline }

        /// Not `Sendable`: only a field that runs on its caller's actor may take it from the main actor.
        nonisolated final class Ledger {
            var entries: [String] = []
            init() {}
        }

        struct WeatherClient {
            typealias Fetch = @Sendable (String) async throws -> Reading
            var fetch: Fetch
            var current: @Sendable () async -> Reading
            var load: @Sendable (Int, String) async throws(SensorError) -> Reading
            var annotate: @Sendable (Ledger) async -> Int
            var plot: @Sendable (Int, Int, Int, Int, Int, Int) async -> Int
            var refresh: @concurrent @Sendable (Int) async -> Int
            var units: @Sendable () -> String
        }

        /// Marked `nonisolated`, so its closure fields need not be `@Sendable`: a main-actor client's could
        /// not be set or read by the preset's builder, which runs on any thread.
        nonisolated struct NotesClient {
            var annotate: (Ledger) async -> Int
            var count: (Ledger) -> Int
        }
        """

    /// What `@StubbableClient` reads from `clients`.
    static let client = ClientDeclaration(
        typeName: "WeatherClient", simpleName: "WeatherClient",
        fields: [
            ClientField(name: "fetch", role: .endpoint(closureType: "Fetch")),
            ClientField(name: "current", role: .endpoint(closureType: "@Sendable () async -> Reading")),
            ClientField(
                name: "load",
                role: .endpoint(closureType: "@Sendable (Int, String) async throws(SensorError) -> Reading")),
            ClientField(name: "annotate", role: .endpoint(closureType: "@Sendable (Ledger) async -> Int")),
            ClientField(
                name: "plot", role: .endpoint(closureType: "@Sendable (Int, Int, Int, Int, Int, Int) async -> Int")),
            ClientField(name: "refresh", role: .endpoint(closureType: "@concurrent @Sendable (Int) async -> Int")),
            ClientField(name: "units", role: .endpoint(closureType: "@Sendable () -> String")),
        ])

    /// What `@StubbableClient` reads from `NotesClient`.
    static let notesClient = ClientDeclaration(
        typeName: "NotesClient", simpleName: "NotesClient",
        fields: [
            ClientField(name: "annotate", role: .endpoint(closureType: "(Ledger) async -> Int")),
            ClientField(name: "count", role: .endpoint(closureType: "(Ledger) -> Int")),
        ])

    /// The module's tests: stubbed and forwarded calls from the main actor and from a nonisolated task.
    static let tests = #"""
        import Testing
        import TestDoublesManual

        /// Whether the caller runs on the main actor.
        func onMainActor(_ isolation: isolated (any Actor)? = #isolation) -> Bool {
            isolation.map { $0 === MainActor.shared } ?? false
        }

        /// A live client whose async fields tell which actor they ran on.
        let live = WeatherClient(
            fetch: { city in Reading(value: onMainActor() ? 1 : 0) },
            current: { Reading(value: onMainActor() ? 1 : 0) },
            load: { _, _ throws(SensorError) in throw .offline },
            annotate: { ledger in
                ledger.entries.append("live")
                return ledger.entries.count
            },
            plot: { a, b, c, d, e, f in a + b + c + d + e + f },
            refresh: { $0 * 2 },
            units: { "C" })

        @Suite struct WeatherClientTests {
            @Test func aStubAnswersOnTheMainActor() async throws {
                Match.Placeholders.register { Ledger() }
                let weather = WeatherClientDoubles.preset().stub()
                await weather.when { try await $0.fetch(Match.equal("Oslo")) }.thenReturn(Reading(value: -3.5))
                await weather.when { await $0.current() }.thenReturn(Reading(value: 7))
                await weather.when { try await $0.load(Match.any(), Match.any()) }.thenThrow(SensorError.offline)
                await weather.when { await $0.annotate(Match.any()) }.thenReturn(3)
                await weather.when { await $0.plot(1, 2, 3, 4, 5, 60) }.thenReturn(60)
                await weather.when { await $0.refresh(Match.any()) }.then { (value: Int) in value + 1 }
                weather.when { $0.units() }.thenReturn("K")

                let client = weather()
                let ledger = Ledger()
                #expect(try await client.fetch("Oslo") == Reading(value: -3.5))
                #expect(onMainActor())
                #expect(await client.current() == Reading(value: 7))
                await #expect(throws: SensorError.offline) { try await client.load(1, "a") }
                #expect(await client.annotate(ledger) == 3)
                #expect(await client.plot(1, 2, 3, 4, 5, 60) == 60)
                #expect(await client.refresh(41) == 42)
                #expect(client.units() == "K")
                await weather.verify(.once) { try await $0.fetch("Oslo") }
                await weather.verify(.once) { await $0.current() }
                await weather.verify(.once) { try await $0.load(1, "a") }
                await weather.verify(.once) { await $0.annotate(Match.any()) }
                await weather.verify(.once) { await $0.plot(1, 2, 3, 4, 5, 60) }
                await weather.verify(.once) { await $0.refresh(41) }
            }

            @Test func aStubAnswersANonisolatedTask() async throws {
                let weather = WeatherClientDoubles.preset().stub()
                await weather.when { try await $0.fetch(Match.any()) }.thenReturn(Reading(value: 2))
                await weather.when { await $0.current() }.thenReturn(Reading(value: 3))
                let client = weather()
                let readings = try await Task.detached {
                    #expect(!onMainActor())
                    let fetched = try await client.fetch("Bergen")
                    #expect(!onMainActor())
                    return [fetched, await client.current()]
                }.value
                #expect(readings == [Reading(value: 2), Reading(value: 3)])
                await weather.verify(.once) { try await $0.fetch("Bergen") }
                await weather.verify(.once) { await $0.current() }
            }

            @Test func anUnstubbedCallIsAnIssue() async throws {
                let weather = WeatherClientDoubles.preset().stub()
                await withKnownIssue {
                    _ = try await weather().fetch("nowhere")
                }
            }

            @Test func aNonisolatedClientsPlainFieldsAreServed() async throws {
                Match.Placeholders.register { Ledger() }
                let notes = NotesClientDoubles.preset().stub()
                await notes.when { await $0.annotate(Match.any()) }.thenReturn(4)
                notes.when { $0.count(Match.any()) }.thenReturn(2)
                let ledger = Ledger()
                #expect(await notes().annotate(ledger) == 4)
                #expect(notes().count(ledger) == 2)
                await notes.verify(.once) { await $0.annotate(Match.any()) }
                notes.verify(.once) { $0.count(Match.any()) }
            }

            @Test func aSpyForwardsOnItsCallersActor() async throws {
                let weather = WeatherClientDoubles.preset().spy(forwardingTo: live)
                await weather.when { try await $0.fetch("Tromsø") }.thenReturn(Reading(value: -20))
                let client = weather()
                // The live fields are `nonisolated(nonsending)`: they say where the spy awaited them.
                #expect(try await client.fetch("Oslo") == Reading(value: 1))
                #expect(await client.current() == Reading(value: 1))
                #expect(try await client.fetch("Tromsø") == Reading(value: -20))
                let ledger = Ledger()
                #expect(await client.annotate(ledger) == 1)
                #expect(ledger.entries == ["live"])
                await #expect(throws: SensorError.offline) { try await client.load(2, "b") }
                #expect(await client.plot(1, 1, 1, 1, 1, 1) == 6)
                let detached = try await Task.detached {
                    [try await client.fetch("Oslo"), await client.current()]
                }.value
                #expect(detached == [Reading(value: 0), Reading(value: 0)])
                await weather.verify(3...3) { try await $0.fetch(Match.any()) }
                await weather.verify(2...2) { await $0.current() }
                await weather.verify(.once) { try await $0.load(2, "b") }
            }
        }
        """#
}

/// Builds and runs a Swift Testing program against this test binary's
/// `TestDoublesManual` (its module and the objects SwiftPM linked into it; see `TestProgram`).
enum ClientProgram {
    /// The targets whose objects a program that imports `TestDoublesManual` links.
    static let libraryTargets: Set = ["TestDoublesManual.build", "TestDoublesRecorder.build"]

    /// The library objects linked into this test binary, or `nil` unless both targets' are there.
    static var libraryObjects: [String]? {
        guard let objects = TestProgram.linkedObjects(of: libraryTargets) else { return nil }
        return Set(objects.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent })
            == libraryTargets ? objects : nil
    }

    /// Why no program can be built here, or `nil`.
    static var unavailableReason: String? {
        if runsUnderEmulation { return "runs the host's swiftc; qemu-user can deadlock a forked child" }
        if let reason = TestProgram.sanitizerReason { return reason }
        guard CorpusTests.findSwiftc() != nil else { return "swiftc is not on PATH" }
        guard
            FileManager.default.fileExists(
                atPath: TestProgram.binDirectory.appendingPathComponent("Modules/TestDoublesManual.swiftmodule").path)
        else { return "no TestDoublesManual module beside the test binary" }
        guard libraryObjects != nil else { return "no TestDoublesManual objects in the test binary's link list" }
        return nil
    }

    /// Compiles `sources` with Swift Testing's entry point as module `module`,
    /// with `flags`, links this binary's library objects, and runs it.
    static func buildAndRun(module: String, sources: [String], flags: [String]) async throws -> TestProgram.Outcome {
        let arguments =
            ["-parse-as-library", "-swift-version", "6", "-g", "-Onone", "-module-name", module] + flags
            + ["-I", TestProgram.binDirectory.appendingPathComponent("Modules").path, "-module-cache-path"]
            + [FileManager.default.temporaryDirectory.appendingPathComponent("doubles-gen-module-cache").path]
        return try await TestProgram.buildAndRun(
            swiftc: try #require(CorpusTests.findSwiftc()), module: module, sources: sources, flags: arguments,
            objects: try #require(libraryObjects))
    }

    /// The flags of Swift 6.2's approachable concurrency.
    static let approachableConcurrency = [
        "-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances",
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
    ]
}

extension ClientProgramTests {
    @Test func asyncClientFieldsAreServedInADefaultMainActorModule() async throws {
        let wiring =
            (["import TestDoublesManual"]
            + [Self.client, Self.notesClient].flatMap {
                [ClientDoublesWriter.wiringExtension(of: $0), ClientDoublesWriter.namespace(of: $0)]
            }).joined(separator: "\n\n")
        let outcome = try await ClientProgram.buildAndRun(
            module: "Weather", sources: [Self.clients, wiring, Self.tests], flags: ClientProgram.approachableConcurrency
        )
        try #require(outcome.built, "the module did not compile:\n\(outcome.diagnostics)")
        #expect(!outcome.diagnostics.contains("warning:"), "\(outcome.diagnostics)")
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.output.contains("Test run with 5 tests in 1 suite passed"), "\(outcome.output)")
        #expect(outcome.output.contains("with 2 known issues"), "\(outcome.output)")
    }
}
#endif
