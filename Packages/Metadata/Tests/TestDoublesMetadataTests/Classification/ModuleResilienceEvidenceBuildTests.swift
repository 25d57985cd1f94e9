import Dispatch
import Foundation
import Testing

@testable import TestDoublesMetadata

#if canImport(Glibc)
import Glibc
#endif

/// What `ModuleResilienceEvidence` reads from real modules: each source is
/// compiled at test time with `swiftc -emit-library`, with and without
/// `-enable-library-evolution` (and `-enable-testing`, which SwiftPM's debug
/// builds pass; release builds as `swift build -c release` makes them: `-O`,
/// whole module, no `-enable-testing`; LLVM LTO), loaded with `dlopen`, and
/// judged through its struct `Money`'s descriptor. The verdict must be the
/// mode the module was built in, or unknown; never the other mode.
@Suite(
    .disabled(if: getenv("TESTDOUBLES_EMULATOR") != nil, "the host's swiftc builds host libraries, not emulated ones"))
struct ModuleResilienceEvidenceBuildTests {
    /// One module: its source after the `Money` struct every module declares.
    struct Source: Sendable, CustomStringConvertible {
        let name: String
        let text: String
        var description: String { name }
    }

    /// One build of a source, and the verdict expected of it.
    struct Row: Sendable, CustomStringConvertible {
        let source: Source
        let libraryEvolution: Bool
        let testing: Bool
        /// How it is optimized: `-Onone` (a debug build), or a release build.
        var build: Build = .debug
        let expected: ModuleResilienceEvidence.Verdict?
        var description: String {
            "\(source.name)\(libraryEvolution ? "+evolution" : "")\(testing ? "+testing" : "")\(build.suffix)"
        }
        var module: String {
            "TDEvidence\(source.name)\(libraryEvolution ? "LE" : "FL")\(testing ? "T" : "")\(build.rawValue)"
        }
    }

    /// The optimization and linking of a build.
    enum Build: String, Sendable {
        /// `-Onone`, a file at a time.
        case debug = ""
        /// `-O -wmo`, as `swift build -c release` builds.
        case release = "Rel"
        /// `-Osize -wmo`.
        case size = "Size"
        /// `-O -wmo -lto=llvm-full`, linked by lld.
        case lto = "LTO"

        var suffix: String { self == .debug ? "" : "+\(rawValue)" }
        var arguments: [String] {
            switch self {
            case .debug: ["-Onone"]
            case .release: ["-O", "-wmo"]
            case .size: ["-Osize", "-wmo"]
            case .lto: ["-O", "-wmo", "-lto=llvm-full", "-use-ld=lld"]
            }
        }
    }

    /// Its stored properties are internal: their property descriptors, which show the mode, are
    /// emitted only with `-enable-testing`.
    static let money = """
        public struct Money { var cents: Int32; var code: Int16; \
        public init(cents: Int32, code: Int16) { self.cents = cents; self.code = code } }

        """
    static let internalClass = Source(
        name: "InternalClass",
        text: """
            class Cache { var n = 0; func get() -> Int { n } }
            public func cacheValue() -> Int { Cache().get() }
            """)
    static let internalProtocol = Source(
        name: "InternalProtocol",
        text: """
            protocol Store { func load() -> Int }
            struct Memory: Store { func load() -> Int { 3 } }
            public func loadValue() -> Int { let store: any Store = Memory(); return store.load() }
            """)
    static let privateProtocol = Source(
        name: "PrivateProtocol",
        text: """
            private protocol Hidden { func load() -> Int }
            private struct HiddenMemory: Hidden { func load() -> Int { 3 } }
            public func hiddenValue() -> Int { let store: any Hidden = HiddenMemory(); return store.load() }
            """)
    static let associatedProtocol = Source(
        name: "AssociatedProtocol",
        text: """
            public protocol Marker {}
            public protocol Holder: Marker { associatedtype Item: Equatable }
            """)
    static let publicProtocol = Source(
        name: "PublicProtocol", text: "public protocol Loader { func load() -> Int }")
    static let resilientSuperclass = Source(
        name: "ResilientSuperclass",
        text: """
            public final class Buffer: ManagedBuffer<Int, Int> {}
            public class Ledger { public init() {}; public func total() -> Int { 0 } }
            """)
    static let plainEnum = Source(name: "PlainEnum", text: "public enum Choice { case none, int(Int), text(String) }")
    /// A module of structs only: its public stored properties' descriptors show the mode.
    static let publicFields = Source(
        name: "PublicFields",
        text: """
            public struct Reading { public var value: Double; public let label: String; \
            public init(value: Double, label: String) { self.value = value; self.label = label } }
            public struct Tagged<T> { public var item: T; public init(item: T) { self.item = item } }
            """)
    /// Internal stored properties whose storage differs from their value: with `-enable-testing`,
    /// a computed component in both modes (no evidence), beside Money's zero (or stored) ones.
    static let specialFields = Source(
        name: "SpecialFields",
        text: """
            final class Node {}
            struct Links { weak var parent: Node?; unowned var owner: Node; var kind: Int.Type; \
            var transform: (Int) -> Int }
            public func linkCount() -> Int { let n = Node(); \
            return Links(parent: n, owner: n, kind: Int.self, transform: { $0 }).transform(1) }
            """)
    /// Get-only computed properties have a zero descriptor in both modes.
    static let computedOnly = Source(
        name: "ComputedOnly",
        text: """
            public struct Meter { public var reading: Double { 1 }; public init() {} }
            """)

    /// The rows, with the verdicts the symbols measured with Swift 6.3.1 and 6.0.3 give.
    static let rows: [Row] = [
        // An internal class's method descriptors are local, and without -enable-testing library
        // evolution emits no dispatch thunk for it: the two modes look alike.
        Row(source: internalClass, libraryEvolution: true, testing: false, expected: nil),
        Row(source: internalClass, libraryEvolution: false, testing: false, expected: nil),
        Row(source: internalClass, libraryEvolution: true, testing: true, expected: .libraryEvolution),
        Row(source: internalClass, libraryEvolution: false, testing: true, expected: .fixedLayout),
        // An internal protocol's dispatch thunk is local but present; its local descriptor shows nothing.
        Row(source: internalProtocol, libraryEvolution: true, testing: false, expected: .libraryEvolution),
        Row(source: internalProtocol, libraryEvolution: false, testing: false, expected: nil),
        Row(source: internalProtocol, libraryEvolution: false, testing: true, expected: .fixedLayout),
        // A private protocol has no dispatch thunk in either mode (the old rule read its descriptor
        // as "built without library evolution" in both).
        Row(source: privateProtocol, libraryEvolution: true, testing: false, expected: nil),
        Row(source: privateProtocol, libraryEvolution: false, testing: false, expected: nil),
        // Requirements that are no method or accessor have no dispatch thunk in either mode.
        Row(source: associatedProtocol, libraryEvolution: true, testing: false, expected: nil),
        Row(source: associatedProtocol, libraryEvolution: false, testing: false, expected: nil),
        Row(source: publicProtocol, libraryEvolution: true, testing: false, expected: .libraryEvolution),
        Row(source: publicProtocol, libraryEvolution: false, testing: false, expected: .fixedLayout),
        // A subclass of a resilient class has a (writable) metadata base offset in either mode.
        Row(source: resilientSuperclass, libraryEvolution: false, testing: false, expected: .fixedLayout),
        Row(source: resilientSuperclass, libraryEvolution: true, testing: false, expected: .libraryEvolution),
        Row(source: plainEnum, libraryEvolution: true, testing: false, expected: .libraryEvolution),
        // The enum shows nothing without library evolution; Money's internal stored properties,
        // whose descriptors -enable-testing exports, show the mode.
        Row(source: plainEnum, libraryEvolution: false, testing: true, expected: .fixedLayout),
        // Public stored properties: a key path component with library evolution, a zero word
        // without it, in every build.
        Row(source: publicFields, libraryEvolution: true, testing: false, expected: .libraryEvolution),
        Row(source: publicFields, libraryEvolution: false, testing: false, expected: .fixedLayout),
        Row(source: publicFields, libraryEvolution: true, testing: false, build: .release, expected: .libraryEvolution),
        Row(source: publicFields, libraryEvolution: false, testing: false, build: .release, expected: .fixedLayout),
        Row(source: publicFields, libraryEvolution: true, testing: false, build: .size, expected: .libraryEvolution),
        Row(source: publicFields, libraryEvolution: false, testing: false, build: .size, expected: .fixedLayout),
        Row(source: publicFields, libraryEvolution: true, testing: false, build: .lto, expected: .libraryEvolution),
        Row(source: publicFields, libraryEvolution: false, testing: false, build: .lto, expected: .fixedLayout),
        // A get-only computed property's descriptor is zero with library evolution too: no evidence.
        Row(source: computedOnly, libraryEvolution: true, testing: false, build: .release, expected: nil),
        Row(source: computedOnly, libraryEvolution: false, testing: false, build: .release, expected: nil),
        // With -enable-testing, Money's internal stored properties show the mode.
        Row(source: computedOnly, libraryEvolution: true, testing: true, build: .release, expected: .libraryEvolution),
        Row(source: computedOnly, libraryEvolution: false, testing: true, build: .release, expected: .fixedLayout),
        Row(source: specialFields, libraryEvolution: false, testing: true, expected: .fixedLayout),
        Row(source: specialFields, libraryEvolution: true, testing: true, expected: .libraryEvolution),
        Row(source: specialFields, libraryEvolution: false, testing: true, build: .release, expected: .fixedLayout),
        // A release build of a module whose protocols are internal: its local dispatch thunks survive
        // -O, but LTO drops every one of them (and keeps the local descriptor), so the local symbols
        // are no evidence of a build without library evolution.
        Row(
            source: internalProtocol, libraryEvolution: true, testing: false, build: .release,
            expected: .libraryEvolution),
        Row(source: internalProtocol, libraryEvolution: false, testing: false, build: .release, expected: nil),
        Row(source: internalProtocol, libraryEvolution: true, testing: false, build: .lto, expected: nil),
        Row(source: internalProtocol, libraryEvolution: false, testing: false, build: .lto, expected: nil),
        Row(source: internalClass, libraryEvolution: true, testing: false, build: .release, expected: nil),
        Row(source: internalClass, libraryEvolution: false, testing: false, build: .release, expected: nil),
    ]

    @Test(arguments: rows)
    func theVerdictIsTheModeTheModuleWasBuiltInOrUnknown(_ row: Row) async throws {
        let handle = try await Self.compileAndLoad(row)
        let prefix = try #require(ModuleResilienceEvidence.mangledPrefix(of: row.module))
        let descriptor = try #require(dlsym(handle, "\(prefix)5MoneyVMn"), "no descriptor of \(row.module).Money")
        let verdict = ModuleResilienceEvidence.verdict(module: row.module, descriptor: UnsafeRawPointer(descriptor))
        switch (verdict, row.expected) {
        case (.unknown(let reason), nil):
            // The refusal names what makes a module the user builds show its mode.
            #expect(reason.contains("-enable-testing"), "\(row): \(reason)")
        default: #expect(verdict == row.expected, "\(row)")
        }
        // Never the other mode: that would place the module's non-frozen structs wrongly.
        #expect(verdict != (row.libraryEvolution ? .fixedLayout : .libraryEvolution), "\(row)")
    }

    /// Compiles the row's module as a shared library and loads it (never closed: the runtime keeps
    /// pointers into a Swift image's metadata; each module name is loaded once per process).
    static func compileAndLoad(_ row: Row) async throws -> UnsafeMutableRawPointer {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("testdoubles-\(row.module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("\(row.module).swift")
        try Data((money + row.source.text + "\n").utf8).write(to: source)
        let library = directory.appendingPathComponent("lib\(row.module).so")
        let swiftc = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "swiftc is not on PATH")
        let (status, text) = try await Self.run(
            swiftc,
            ["-emit-library", "-parse-as-library", "-swift-version", "5", "-module-name", row.module]
                + row.build.arguments
                + (row.libraryEvolution ? ["-enable-library-evolution"] : [])
                + (row.testing ? ["-enable-testing"] : []) + [source.path, "-o", library.path])
        try #require(status == 0, "swiftc failed: \(text)")
        let loaded = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lib\(row.module)-\(UUID().uuidString).so")
        try FileManager.default.copyItem(at: library, to: loaded)
        return try #require(dlopen(loaded.path, RTLD_NOW | RTLD_LOCAL), "dlopen failed: \(String(cString: dlerror()))")
    }

    /// Runs `tool` to its end on a Dispatch thread, off the cooperative pool, while the test suspends:
    /// a build takes seconds, and the pool has one thread per core for every test of the run. (The DSL
    /// and ManualStubs tests share `ChildProcess` for this; this package depends on neither.)
    static func run(_ tool: URL, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                let process = Process()
                process.executableURL = tool
                process.arguments = arguments
                let output = Pipe()
                process.standardOutput = output
                process.standardError = output
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                continuation.resume(returning: (process.terminationStatus, text))
            }
        }
    }
}
