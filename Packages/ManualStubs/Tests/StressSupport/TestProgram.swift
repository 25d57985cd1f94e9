import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A Swift Testing program compiled at test time against this test binary's
/// modules and the library objects SwiftPM linked into it, then run as a
/// child: how a test checks code a project builds with flags this package's
/// manifests cannot ask for (Swift 6.2's approachable concurrency).
public enum TestProgram {
    /// How a program build and run ended.
    public struct Outcome: Sendable {
        /// Whether it compiled and linked.
        public var built: Bool
        /// The compiler's output.
        public var diagnostics: String
        /// The program's exit status (-1 when not run).
        public var status: Int32
        /// What the program printed.
        public var output: String
    }

    /// The directory of this test binary, where SwiftPM put the modules and the objects it linked.
    public static let binDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent()

    /// The objects of `targets` (`<Target>.build` directories) SwiftPM linked into this test binary, read
    /// from the link file list beside it; nil when there is no list.
    ///
    /// - Parameter targets: The target directories to keep.
    /// - Returns: The objects' paths.
    public static func linkedObjects(of targets: Set<String>) -> [String]? {
        let list = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingPathExtension()
            .appendingPathExtension("product").appendingPathComponent("Objects.LinkFileList")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else { return nil }
        return text.split(separator: "\n").map(String.init).filter {
            targets.contains(URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent)
        }
    }

    /// Why the linked objects cannot make a program here (they are built for a sanitizer), or nil.
    public static var sanitizerReason: String? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
            || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
            ? "the library objects are built for a sanitizer" : nil
    }

    /// The first executable named `name` on `PATH`.
    public static func tool(_ name: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The program's `main`: Swift Testing's entry point, as `swift test` runs it.
    static let entryPoint = """
        import Foundation
        import Testing

        @main enum Entry {
            static func main() async {
                exit(await Testing.__swiftPMEntryPoint() as CInt)
            }
        }

        """

    /// Compiles `sources` and the entry point as module `module` with `swiftc` and `flags`, links
    /// `objects` and then `libraries`, and runs the program.
    ///
    /// - Parameters:
    ///   - swiftc: The compiler.
    ///   - module: The module's name.
    ///   - sources: The module's files' contents.
    ///   - flags: The compiler's flags before the files.
    ///   - objects: The objects to link.
    ///   - libraries: Linker flags after the objects (`-lelf`).
    /// - Returns: How the build and the run ended.
    /// - Throws: When the files cannot be written or a child cannot start.
    public static func buildAndRun(
        swiftc: URL, module: String, sources: [String], flags: [String], objects: [String], libraries: [String] = []
    ) async throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("testdoubles-\(module)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for (index, source) in (sources + [entryPoint]).enumerated() {
            let file = directory.appendingPathComponent("\(module)\(index).swift")
            try Data(source.utf8).write(to: file)
            files.append(file.path)
        }
        let program = directory.appendingPathComponent(module)
        let compile = try await ChildProcess.run(swiftc, flags + files + objects + libraries + ["-o", program.path])
        guard compile.status == 0 else {
            return Outcome(built: false, diagnostics: compile.output, status: -1, output: "")
        }
        let run = try await ChildProcess.run(program, [], environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"])
        return Outcome(built: true, diagnostics: compile.output, status: run.status, output: run.output)
    }
}
