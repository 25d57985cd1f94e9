import DoublesGenCore
import Foundation
import SwiftMockingOptions

/// The `mockable` command line: arguments and input in, mocks and diagnostics out.
public enum MockableCommand {
    /// What a run printed and its exit status.
    public struct Outcome: Sendable {
        /// Standard output: the mocks.
        public var standardOutput: String
        /// Standard error: diagnostics.
        public var standardError: String
        /// 0 on success, 1 on a usage error, unreadable input, a parse failure,
        /// no protocol, or a protocol no mock could be generated for.
        public var status: Int32
    }

    /// How to call `mockable`.
    public static let usage = """
        usage: mockable [--no-debug-wrap] [--options a,b] [FILE|DIRECTORY ...] < input.swift
          Reads Swift source (the files and directories given, else standard input) and writes one
          SwiftMocking mock class per top-level protocol to standard output. Inherited requirements
          are flattened across every file given.
          --no-debug-wrap   omit the #if DEBUG wrapper (for test targets)
          --options a,b     options for protocols without @Mockable(...): prefixMock, suffixMock, composition
          --import M        start the output with `import M` (repeatable; `import SwiftMocking` is implied)
          --testable-import M
                            start the output with `@testable import M` (repeatable); with exactly one,
                            the files given are taken as M's
          --module-source M=PATH
                            read PATH (a file or directory) as module M's sources and start the output
                            with `@testable import M` (repeatable). A protocol of such a module is also
                            imported by name (`import protocol M.P`), so an app protocol named like a
                            type of another imported module (Foundation's `Formatter`) is not ambiguous
          --skip-unsupported
                            a protocol no mock can be generated for is a warning, not an error
          -o FILE           write the mocks to FILE instead of standard output
          -h, --help        print this help
        """

    /// Runs the command.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - readStandardInput: Reads standard input when no file is given.
    /// - Returns: What to print and the exit status.
    public static func run(arguments: [String], readStandardInput: () -> Data) -> Outcome {
        var includeDebugWrapper = true
        var options: MockableOptions?
        var paths: [String] = []
        var imports: [String] = []
        var testableImports: [String] = []
        var moduleSources: [(module: String, path: String)] = []
        var skipUnsupported = false
        var outputPath: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--no-debug-wrap": includeDebugWrapper = false
            case "-h", "--help": return Outcome(standardOutput: usage + "\n", standardError: "", status: 0)
            case "--options":
                guard index + 1 < arguments.count, let parsed = MockableOptions(parsing: arguments[index + 1]) else {
                    let value = index + 1 < arguments.count ? arguments[index + 1] : ""
                    return usageError("error: invalid --options value '\(value)'")
                }
                options = parsed
                index += 1
            case "--skip-unsupported": skipUnsupported = true
            case "--module-source":
                let pair = index + 1 < arguments.count ? arguments[index + 1] : ""
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    return usageError("error: '--module-source' needs M=PATH, got '\(pair)'")
                }
                moduleSources.append((parts[0], parts[1]))
                if !testableImports.contains(parts[0]) { testableImports.append(parts[0]) }
                index += 1
            case "--import", "--testable-import", "-o":
                guard index + 1 < arguments.count else { return usageError("error: '\(argument)' needs a value") }
                let value = arguments[index + 1]
                if argument == "--import" {
                    imports.append(value)
                } else if argument == "-o" {
                    outputPath = value
                } else {
                    testableImports.append(value)
                }
                index += 1
            default:
                if argument.hasPrefix("-") { return usageError("error: unsupported argument '\(argument)'") }
                paths.append(argument)
            }
            index += 1
        }
        var sources: [SourceText] = []
        do {
            if paths.isEmpty && moduleSources.isEmpty {
                sources = [try standardInput(readStandardInput())]
            } else {
                let inferred = moduleSources.isEmpty && testableImports.count == 1 ? testableImports.first : nil
                sources = try files(paths).map { SourceText(name: $0.name, text: $0.text, module: inferred) }
                for source in moduleSources {
                    sources += try files([source.path]).map {
                        SourceText(name: $0.name, text: $0.text, module: source.module)
                    }
                }
            }
        } catch {
            return Outcome(standardOutput: "", standardError: "error: \(error)\n", status: 1)
        }
        var result = MockGenerator.generate(
            sources: sources, options: options, includeDebugWrapper: includeDebugWrapper)
        if skipUnsupported {
            result.diagnostics = result.diagnostics.map { diagnostic in
                guard diagnostic.severity == .error,
                    diagnostic.message.contains("cannot be mocked")
                        || diagnostic.message.contains("cannot be generated")
                else { return diagnostic }
                var warning = diagnostic
                warning.severity = .warning
                return warning
            }
        }
        if !imports.isEmpty || !testableImports.isEmpty || outputPath != nil {
            let declarations = sources.flatMap { Parser.parse($0.text, file: $0.name).protocols }
            let protocolImports = ProtocolImports.lines(
                for: result.mocks.compactMap { mock in declarations.first { $0.name == mock.protocolName } },
                in: sources, importedModules: Set(testableImports))
            let header =
                (["SwiftMocking"] + imports).map { "import \($0)" } + protocolImports.plain
                + testableImports.map { "@testable import \($0)" } + protocolImports.guarded
            result.output = header.joined(separator: "\n") + "\n\n" + result.output
        }
        var errors = ""
        if result.diagnostics.contains(where: { $0.severity == .error && isParseError($0) }) {
            errors += "error: input failed to parse as Swift:\n"
        }
        errors += result.diagnostics.map { "\($0)\n" }.joined()
        if result.mocks.isEmpty && result.succeeded {
            errors += "error: no protocol declaration found in input\n"
            return Outcome(standardOutput: "", standardError: errors, status: 1)
        }
        guard let outputPath else {
            return Outcome(standardOutput: result.output, standardError: errors, status: result.succeeded ? 0 : 1)
        }
        do {
            try Data(result.output.utf8).write(to: URL(fileURLWithPath: outputPath))
        } catch {
            return Outcome(
                standardOutput: "", standardError: errors + "error: cannot write \(outputPath): \(error)\n", status: 1)
        }
        return Outcome(standardOutput: "", standardError: errors, status: result.succeeded ? 0 : 1)
    }

    private static func usageError(_ message: String) -> Outcome {
        Outcome(standardOutput: "", standardError: message + "\n" + usage + "\n", status: 1)
    }

    private static func isParseError(_ diagnostic: Diagnostic) -> Bool {
        !diagnostic.message.contains("cannot be mocked") && !diagnostic.message.contains("unknown option")
            && !diagnostic.message.contains("inherits from itself")
    }

    private struct InputError: Error, CustomStringConvertible {
        var description: String
    }

    private static func standardInput(_ data: Data) throws -> SourceText {
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError(description: "input is not valid UTF-8")
        }
        return SourceText(name: "<stdin>", text: text)
    }

    /// The files given, with every `.swift` file below each directory, sorted.
    private static func files(_ paths: [String]) throws -> [SourceText] {
        var urls: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(description: "no such file or directory: \(path)")
            }
            if isDirectory.boolValue {
                // A linked directory is read through its target.
                let enumerator = FileManager.default.enumerator(
                    atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
                var found: [String] = []
                while let relative = enumerator?.nextObject() as? String {
                    if relative.hasSuffix(".swift") && !relative.contains(".build/") { found.append(relative) }
                }
                urls += found.sorted().map { URL(fileURLWithPath: path).appendingPathComponent($0) }
            } else {
                urls.append(URL(fileURLWithPath: path))
            }
        }
        return try urls.map { url in
            guard let data = FileManager.default.contents(atPath: url.path),
                let text = String(data: data, encoding: .utf8)
            else { throw InputError(description: "cannot read \(url.path) as UTF-8") }
            return SourceText(name: url.path, text: text)
        }
    }
}
