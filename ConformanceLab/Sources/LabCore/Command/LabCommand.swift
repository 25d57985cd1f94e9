import Foundation

/// The `abi-lab` command: generate, build, run, report.
public struct LabCommand: Sendable {
    /// The parsed command line.
    public var options: LabOptions
    /// The repository root (holds the root `Package.swift` and `ConformanceLab/`).
    public var repositoryRoot: URL

    /// Creates the command.
    /// - Parameters:
    ///   - options: The parsed command line.
    ///   - repositoryRoot: The repository root.
    public init(options: LabOptions, repositoryRoot: URL) {
        self.options = options
        self.repositoryRoot = repositoryRoot
    }

    /// The repository root above `directory`: the nearest folder that holds
    /// both a `Package.swift` and `ConformanceLab/`.
    /// - Parameter directory: Where to start looking.
    /// - Returns: The root, or `nil` when there is none above.
    public static func findRepositoryRoot(from directory: URL) -> URL? {
        var current = directory.standardizedFileURL
        while true {
            let manager = FileManager.default
            if manager.fileExists(atPath: current.appendingPathComponent("Package.swift").path),
                manager.fileExists(atPath: current.appendingPathComponent("ConformanceLab/Package.swift").path)
            {
                return current
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// Where the generated packages and the report go.
    public var outputDirectory: URL { repositoryRoot.appendingPathComponent(".build/lab") }

    /// The cases of this run: generated from the seed and size, then filtered
    /// (a filter of several alternatives separated by `|` keeps a case any of them matches).
    /// - Returns: The cases.
    public func selectedCases() -> [LabCase] {
        let all = ShapeGenerator(seed: options.seed, size: options.size).cases().filter {
            options.tiers.contains($0.shape.tier)
        }
        guard let filter = options.filter, !filter.isEmpty else { return all }
        let alternatives = filter.split(separator: "|").map(String.init)
        return all.filter { labCase in
            [
                labCase.id, labCase.shape.key, labCase.shape.focus, labCase.shape.group.rawValue,
                labCase.shape.effect.rawValue,
                labCase.shape.kind.rawValue, labCase.shape.tier.rawValue,
            ]
            .contains { field in alternatives.contains { field.contains($0) } }
        }
    }

    /// Runs the lab and returns the process exit status: 0 when nothing was
    /// wrong or crashed, 1 when something was, 2 when the lab could not run.
    /// - Returns: The exit status.
    public func run() async -> Int32 {
        do {
            let report = try await makeReport()
            if options.generateOnly { return 0 }
            try write(report)
            print(summary(of: report))
            return report.hasFailures ? 1 : 0
        } catch {
            print("abi-lab: error: \(error)")
            return 2
        }
    }

    func log(_ message: String) {
        print("abi-lab: \(message)")
        fflush(nil)
    }

    func makeReport() async throws -> LabReport {
        let clock = ContinuousClock()
        let generationStart = clock.now
        let cases = selectedCases()
        guard !cases.isEmpty else { throw LabFailure.usage("the filter '\(options.filter ?? "")' matches no case") }
        var generateSeconds = (clock.now - generationStart).seconds
        log(
            "\(cases.count) cases (\(Set(cases.map(\.shape.key)).count) distinct shapes) from seed \(options.seed), "
                + "size \(options.size.map(String.init) ?? "all") in \(LabReport.seconds(generateSeconds)) s")

        let (backend, note) = try await chooseBackend(cases: cases)
        log("backend: \(backend.rawValue) (\(note))")

        var runs: [LabReport.ArchitectureRun] = []
        for architecture in options.architectures {
            let toolchain = CaseToolchain(
                architecture: architecture, repositoryRoot: repositoryRoot, configuration: options.configuration)
            if let reason = toolchain.unavailableReason {
                guard options.allArchitectures else { throw LabFailure.architectureUnavailable(architecture, reason) }
                log("\(architecture.rawValue): not run: \(reason)")
                runs.append(LabReport.ArchitectureRun(architecture: architecture, unavailableReason: reason))
                continue
            }
            var run = LabReport.ArchitectureRun(architecture: architecture)
            var package = makePackage(architecture: architecture, backend: backend)
            package.excludedShapes = loadCompilerCrashes(package)
            let writeStart = clock.now
            try package.write(cases)
            generateSeconds += (clock.now - writeStart).seconds
            if options.generateOnly {
                log("\(architecture.rawValue): wrote \(package.directory.path)")
                runs.append(run)
                continue
            }
            log("\(architecture.rawValue): building \(package.directory.path) (\(options.configuration.rawValue))")
            let buildStart = clock.now
            let runner = try await build(&package, cases: cases, toolchain: toolchain)
            run.buildSeconds = (clock.now - buildStart).seconds
            log("\(architecture.rawValue): built in \(LabReport.seconds(run.buildSeconds)) s")

            let runStart = clock.now
            let progress = ProgressPrinter(architecture: architecture, start: runStart)
            var caseRunner = CaseRunner(
                toolchain: toolchain, runner: runner, batchSize: options.batchSize, jobs: options.jobs,
                progress: { done, total in progress.report(done: done, total: total) })
            if let fault = options.injectedFault { caseRunner.environment["ABI_LAB_FAULT"] = fault }
            caseRunner.confirmsCrashes = options.confirmsCrashes
            run.results = try await caseRunner.run(cases.map(\.id))
            run.runSeconds = (clock.now - runStart).seconds
            log("\(architecture.rawValue): ran \(cases.count) cases in \(LabReport.seconds(run.runSeconds)) s")
            runs.append(run)
        }
        var report = LabReport(
            seed: options.seed, size: options.size, filter: options.filter, backend: backend, backendNote: note,
            configuration: options.configuration, generateSeconds: generateSeconds, cases: cases, architectures: runs)
        report.injectedFault = options.injectedFault
        return report
    }

    /// The file that remembers, per generated package, the shapes the compiler crashed on.
    func compilerCrashesFile(_ package: GeneratedPackage) -> URL {
        package.directory.appendingPathComponent("compiler-crashes.json")
    }

    func loadCompilerCrashes(_ package: GeneratedPackage) -> [String: String] {
        guard let data = try? Data(contentsOf: compilerCrashesFile(package)),
            let crashes = try? JSONDecoder().decode([String: String].self, from: data)
        else { return [:] }
        return crashes
    }

    /// Builds the package; when the compiler crashes on named cases, leaves
    /// those shapes out (remembered in `compiler-crashes.json`, reported as
    /// skipped with the assertion) and builds again, up to 100 rounds.
    func build(_ package: inout GeneratedPackage, cases: [LabCase], toolchain: CaseToolchain) async throws -> String {
        let buildLog = package.directory.appendingPathComponent("build.log")
        let keys = Dictionary(cases.map { ($0.id, $0.shape.key) }, uniquingKeysWith: { first, _ in first })
        for round in 1...100 {
            do {
                return try await toolchain.build(package: package.directory, log: buildLog)
            } catch LabFailure.buildFailed(let architecture, let path, let termination, let errors) {
                let text = (try? String(contentsOf: buildLog, encoding: .utf8)) ?? ""
                let crashes = CompilerCrashes.crashingCases(in: text).filter { keys[$0.id] != nil }
                guard !crashes.isEmpty, round < 100 else {
                    throw LabFailure.buildFailed(
                        architecture: architecture, log: path, termination: termination, errors: errors)
                }
                for crash in crashes { package.excludedShapes[keys[crash.id]!] = crash.reason }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try encoder.encode(package.excludedShapes).write(to: compilerCrashesFile(package))
                try package.write(cases)
                log(
                    "\(toolchain.architecture.rawValue): the compiler crashed on \(crashes.map(\.id).joined(separator: ", ")); "
                        + "left out (\(package.excludedShapes.count) in all, see \(compilerCrashesFile(package).path)), rebuilding"
                )
            }
        }
        throw LabFailure.usage("unreachable")
    }

    func makePackage(architecture: Architecture, backend: Backend) -> GeneratedPackage {
        var package = GeneratedPackage(
            directory: outputDirectory.appendingPathComponent(architecture.rawValue), repositoryRoot: repositoryRoot,
            backend: backend)
        package.architecture = architecture
        // Stub-backend packages keep the probe target, so the manifest the probe
        // was built with is the one the cases are built with (no re-planning).
        package.includesProbe = backend == .stub
        // The arm64 toolchain root mounts the repository at /src.
        if architecture != Architecture.host { package.repositoryIdentity = "src" }
        return package
    }

    /// The report's file name without extension: `report` when the run
    /// includes the host architecture, `report-<arch>` when it runs only
    /// other architectures (so `--arch arm64` leaves the host's report alone).
    var reportBaseName: String {
        if options.architectures.contains(Architecture.host) { return "report" }
        return (["report"] + options.architectures.map(\.rawValue)).joined(separator: "-")
    }

    func write(_ report: LabReport) throws {
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        try report.markdown.write(
            to: outputDirectory.appendingPathComponent("\(reportBaseName).md"), atomically: true, encoding: .utf8)
        try report.jsonData().write(to: outputDirectory.appendingPathComponent("\(reportBaseName).json"))
    }

    func summary(of report: LabReport) -> String {
        var lines: [String] = []
        for run in report.architectures {
            if let reason = run.unavailableReason {
                lines.append("abi-lab: \(run.architecture.rawValue): not run: \(reason)")
                continue
            }
            lines.append(
                "abi-lab: \(run.architecture.rawValue): \(run.results.count) cases: \(run.count(.passed)) passed, "
                    + "\(run.count(.failedClosed)) failed closed, \(run.count(.wrongValue)) wrong value, "
                    + "\(run.count(.crashed)) crashed, \(run.count(.skipped)) skipped "
                    + "(build \(LabReport.seconds(run.buildSeconds)) s, run \(LabReport.seconds(run.runSeconds)) s)")
            for failure in run.results.filter({ $0.status.isFailure }).prefix(20) {
                lines.append("  \(failure.id) \(failure.status.rawValue): \(failure.detail)")
            }
        }
        lines.append(
            "abi-lab: report: \(outputDirectory.appendingPathComponent("\(reportBaseName).md").path) "
                + "and \(reportBaseName).json")
        return lines.joined(separator: "\n")
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

/// Prints run progress about every tenth of the cases (and at the end).
final class ProgressPrinter: @unchecked Sendable {
    private let architecture: Architecture
    private let start: ContinuousClock.Instant
    private let lock = NSLock()
    private var lastTenth = -1

    init(architecture: Architecture, start: ContinuousClock.Instant) {
        self.architecture = architecture
        self.start = start
    }

    func report(done: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let tenth = total == 0 ? 10 : done * 10 / total
        guard tenth > lastTenth else { return }
        lastTenth = tenth
        let elapsed = LabReport.seconds((ContinuousClock.now - start).seconds)
        print("abi-lab: \(architecture.rawValue): \(done)/\(total) cases, \(elapsed) s")
        fflush(nil)
    }
}
