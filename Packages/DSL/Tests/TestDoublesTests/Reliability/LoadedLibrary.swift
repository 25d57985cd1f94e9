import Foundation
import StressSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A Swift library compiled at test time, loaded with `dlopen`, that declares
/// a protocol the tests never name statically.
///
/// The library declares `protocol Greeter { func greet(_ name: String, times: Int) -> Int }`
/// with one internal conformer, and exports two C entry points: one returns
/// the protocol's existential metatype, the other calls `greet("plugin", times: 3)`
/// on an `Any` that holds a `Greeter`.
struct LoadedLibrary {
    /// How the library is built.
    enum Build {
        /// Compiled with `-g`: DWARF and `.symtab` describe its witness thunks.
        case debugInfo
        /// Compiled with `-g`, then `strip --strip-all`: only `.dynsym` remains.
        case stripped
    }

    /// Calls `greet("plugin", times: 3)` on the `Greeter` inside the `Any` at the pointer (-1 when it holds none).
    typealias Call = @convention(c) (UnsafeRawPointer) -> Int

    /// The library's module name.
    let module: String
    /// The loaded file.
    let path: String
    /// `any Greeter`.
    let protocolType: Any.Type
    /// The library's caller of `greet`.
    let call: Call

    /// Calls `greet("plugin", times: 3)` on `subject` through the library's own code.
    func greet(_ subject: Any) -> Int {
        var box = subject
        return withUnsafePointer(to: &box) { call(UnsafeRawPointer($0)) }
    }

    /// Compiles, optionally strips, and loads a library whose module is named `module`.
    ///
    /// The library is never closed (a Swift image's metadata must outlive
    /// every value that points into it). Each module name must be used once
    /// per process: two images declaring the same protocol would both register it.
    static func build(module: String, _ build: Build) async throws -> LoadedLibrary {
        let (path, handle) = try await compileAndLoad(module: module, source: Self.source, stripped: build == .stripped)
        let typeSymbol = try #require(dlsym(handle, "testdoubles_plugin_protocol_type"))
        let callSymbol = try #require(dlsym(handle, "testdoubles_plugin_greet"))
        let typeFunction = unsafeBitCast(typeSymbol, to: (@convention(c) () -> UnsafeRawPointer).self)
        return LoadedLibrary(
            module: module, path: path, protocolType: unsafeBitCast(typeFunction(), to: Any.Type.self),
            call: unsafeBitCast(callSymbol, to: Call.self))
    }

    /// Compiles `source` as the library module `module` (with `-g`, plus
    /// `flags`), optionally strips it, and loads it; returns the loaded path and handle.
    ///
    /// The library is never closed (a Swift image's metadata must outlive
    /// every value that points into it). Each module name must be used once per process.
    static func compileAndLoad(
        module: String, source text: String, flags: [String] = [], stripped: Bool = false
    ) async throws -> (path: String, handle: UnsafeMutableRawPointer) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("testdoubles-\(module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("\(module).swift")
        try Data(text.utf8).write(to: source)
        let library = directory.appendingPathComponent("lib\(module).so")
        try await run(
            try #require(tool("swiftc"), "swiftc is not on PATH"),
            ["-emit-library", "-parse-as-library", "-swift-version", "5", "-g", "-Onone", "-module-name", module]
                + flags + [source.path, "-o", library.path])
        if stripped {
            try await run(try #require(tool("strip"), "strip is not on PATH"), ["--strip-all", library.path])
        }
        // The loaded copy lives outside the build directory, which is removed.
        let loaded = FileManager.default.temporaryDirectory
            .appendingPathComponent("lib\(module)-\(UUID().uuidString).so")
        try FileManager.default.copyItem(at: library, to: loaded)
        guard let handle = dlopen(loaded.path, RTLD_NOW | RTLD_LOCAL) else {
            throw LoadFailure(reason: dlerror().map { String(cString: $0) } ?? "dlopen failed")
        }
        return (loaded.path, handle)
    }

    /// The library's source.
    static let source = """
        public protocol Greeter {
            func greet(_ name: String, times: Int) -> Int
        }

        struct LiveGreeter: Greeter {
            func greet(_ name: String, times: Int) -> Int { name.count * times }
        }

        @_cdecl("testdoubles_plugin_protocol_type")
        public func protocolType() -> UnsafeRawPointer {
            unsafeBitCast((any Greeter).self as Any.Type, to: UnsafeRawPointer.self)
        }

        @_cdecl("testdoubles_plugin_greet")
        public func greet(_ subject: UnsafeRawPointer) -> Int {
            guard let greeter = subject.load(as: Any.self) as? any Greeter else { return -1 }
            return greeter.greet("plugin", times: 3)
        }

        @_cdecl("testdoubles_plugin_live_greet")
        public func liveGreet() -> Int { LiveGreeter().greet("live", times: 2) }

        """

    /// A tool failed or the library did not load.
    struct LoadFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// Runs `executable` and throws with its output when it fails.
    private static func run(_ executable: URL, _ arguments: [String]) async throws {
        let outcome = try await ChildProcess.run(executable, arguments)
        guard outcome.status == 0 else {
            throw LoadFailure(reason: "\(executable.lastPathComponent) exited \(outcome.status): \(outcome.output)")
        }
    }

    /// Whether the tests run under user-mode emulation (`TESTDOUBLES_EMULATOR`,
    /// set by ci/arm64-test): the tools on `PATH` then build and strip for the
    /// host, not for the emulated test binary, so these census tests run only
    /// natively.
    static var runsUnderEmulation: Bool { ProcessInfo.processInfo.environment["TESTDOUBLES_EMULATOR"] != nil }

    /// The first executable named `name` on `PATH`.
    static func tool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
