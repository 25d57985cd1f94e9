import Foundation

/// The `doubles-gen` command line, separate from `main` so that tests can
/// run it against temporary directories.
public struct DoublesGenCommand: Sendable {
    /// The exit status for success.
    public static let success: Int32 = 0
    /// The exit status for errors in the input, I/O failures and a failed `--check`.
    public static let failure: Int32 = 1
    /// The exit status for a malformed command line.
    public static let usageFailure: Int32 = 2

    /// The arguments, without the program name.
    public var arguments: [String]

    /// Creates a command.
    ///
    /// - Parameter arguments: The arguments, without the program name.
    public init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Runs the command.
    ///
    /// - Parameters:
    ///   - readStandardInput: Reads all of standard input; called only when
    ///     no paths are given.
    ///   - writeOutput: Receives text for standard output.
    ///   - writeError: Receives text for standard error.
    /// - Returns: The exit status.
    public func run(
        readStandardInput: () -> String,
        writeOutput: (String) -> Void,
        writeError: (String) -> Void
    ) -> Int32 {
        let options: CommandOptions
        do {
            options = try CommandOptions.parse(arguments)
        } catch {
            writeError("doubles-gen: error: \(error.message)\n\nRun 'doubles-gen --help' for usage.\n")
            return Self.usageFailure
        }
        if options.help {
            writeOutput(CommandOptions.usage + "\n")
            return Self.success
        }

        let readsStandardInput = options.paths.isEmpty && options.moduleSources.isEmpty
        var sources: [SourceText] = []
        if readsStandardInput {
            sources = [SourceText(name: "<stdin>", text: readStandardInput())]
        } else {
            do {
                for (file, module) in try Self.inputFiles(options) {
                    sources.append(SourceText(name: file, text: try Self.read(file), module: module))
                }
            } catch {
                writeError("doubles-gen: error: \(error.message)\n")
                return Self.failure
            }
        }

        let request = GenerationRequest(
            sources: sources,
            protocols: options.protocols.isEmpty ? nil : options.protocols,
            testableImports: options.modules
        )
        let result = DoublesGen.generate(request)
        for diagnostic in result.diagnostics { writeError("\(diagnostic)\n") }
        guard result.succeeded else {
            let count = result.diagnostics.filter { $0.severity == .error }.count
            writeError("doubles-gen: \(count) error\(count == 1 ? "" : "s"); nothing written\n")
            return Self.failure
        }
        if !result.skippedProtocols.isEmpty {
            let count = result.skippedProtocols.count
            writeError(
                "doubles-gen: skipped \(count) protocol\(count == 1 ? "" : "s") (see the warnings above): "
                    + result.skippedProtocols.joined(separator: ", ") + "\n")
        }
        if options.requireProtocols && result.generatedProtocols.isEmpty {
            let inputs = sources.count == 1 ? sources[0].name : "\(sources.count) input files"
            writeError(
                "doubles-gen: error: no protocol a conformer can be generated for is declared in \(inputs); "
                    + "attach the plugin only to a target that declares protocols to double, or remove it\n")
            return Self.failure
        }
        if readsStandardInput && result.generatedProtocols.isEmpty {
            writeError("doubles-gen: warning: no protocol declarations found in the input\n")
        }

        guard let output = options.output else {
            writeOutput(result.output)
            return Self.success
        }
        let existing = try? Self.read(output)
        if options.check {
            guard let summary = FileCheck.summary(existing: existing ?? "", expected: result.output) else {
                writeError("doubles-gen: \(output) is up to date\n")
                return Self.success
            }
            let reason = existing == nil ? "does not exist" : "is not current"
            writeError("doubles-gen: error: \(output) \(reason)\n")
            for line in summary { writeError("  \(line)\n") }
            writeError("  regenerate it by running the same command without --check\n")
            return Self.failure
        }
        if existing == result.output { return Self.success }
        do {
            let url = URL(fileURLWithPath: output)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(result.output.utf8).write(to: url, options: .atomic)
        } catch {
            writeError("doubles-gen: error: cannot write \(output): \(error.localizedDescription)\n")
            return Self.failure
        }
        return Self.success
    }

    struct InputError: Error {
        var message: String
    }

    /// The input files, each once, with the module each belongs to: the
    /// `<path>` arguments' first, then the `--module-source` ones'. A file
    /// named by `--module-source` belongs to that module wherever it is
    /// also named; a `<path>` file belongs to the one `--module` when no
    /// `--module-source` is given, else to no known module.
    static func inputFiles(_ options: CommandOptions) throws(InputError) -> [(file: String, module: String?)] {
        func key(_ file: String) -> String { URL(fileURLWithPath: file).standardizedFileURL.path }
        var explicit: [String: String] = [:]
        var files: [(file: String, module: String?)] = []
        for source in options.moduleSources {
            for file in try swiftFiles(in: [source.path]) where explicit[key(file)] == nil {
                explicit[key(file)] = source.module
                files.append((file, source.module))
            }
        }
        let inferred = options.moduleSources.isEmpty && options.modules.count == 1 ? options.modules.first : nil
        let positional = try swiftFiles(in: options.paths).filter { explicit[key($0)] == nil }
        return positional.map { ($0, inferred) } + files
    }

    /// The `.swift` files of the given files and directories, sorted, each once.
    static func swiftFiles(in paths: [String]) throws(InputError) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(message: "no such file or directory: \(path)")
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: path) else {
                throw InputError(message: "cannot read directory: \(path)")
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let components = relative.split(separator: "/")
                if components.contains(where: { $0.hasPrefix(".") }) { continue }  // .build, .git
                if relative.hasSuffix(".swift") {
                    let base = path.hasSuffix("/") ? String(path.dropLast()) : path
                    found.append("\(base)/\(relative)")
                }
            }
            files += found.sorted()
        }
        var seen: Set<String> = []
        return files.filter { seen.insert($0).inserted }
    }

    static func read(_ path: String) throws(InputError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(message: "cannot read \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputError(message: "\(path) is not UTF-8 text")
        }
        return text
    }
}
