import Foundation

/// Builds the generated package for one architecture and says how to run its case runner.
public struct CaseToolchain: Sendable {
    /// The architecture the runner executes as.
    public var architecture: Architecture
    /// The repository root.
    public var repositoryRoot: URL
    /// The configuration to build.
    public var configuration: BuildConfiguration
    /// A factor on every batch time limit, for hosts far slower than the
    /// lab's own runs (the lab's tests run under qemu on a loaded machine).
    public var timeoutScale: Double = 1

    /// Why the toolchain cannot serve this architecture here, or `nil` when it can.
    public var unavailableReason: String? {
        if architecture == Architecture.host { return nil }
        guard architecture == .arm64, Architecture.host == .x86_64 else {
            return "no toolchain for \(architecture.rawValue) on \(Architecture.host.rawValue)"
        }
        let setup = repositoryRoot.appendingPathComponent("ci/arm64-setup").path
        guard FileManager.default.isExecutableFile(atPath: setup) else {
            return "the arm64 cross toolchain is not in this checkout (ci/arm64-setup is missing)"
        }
        guard getuid() == 0 else { return "the arm64 cross toolchain needs root (chroot, mounts, binfmt_misc)" }
        return nil
    }

    /// Where a host build of the generated package puts its products: the
    /// repository's own `.build`, so the modules of this repository that the
    /// cases link were already compiled by `swift build` at the root (same
    /// compiler, configuration and flags) and only the cases compile.
    var hostScratch: URL {
        repositoryRoot.appendingPathComponent(".build")
    }

    /// The script that cross-builds a generated package for arm64 in the toolchain root.
    var crossBuildScript: URL {
        repositoryRoot.appendingPathComponent("ConformanceLab/Scripts/build-arm64")
    }

    /// Builds `package` and returns the case runner's path.
    /// - Parameters:
    ///   - package: The generated package's directory.
    ///   - log: Where the build output goes.
    /// - Returns: The path of the built case runner.
    /// - Throws: ``LabFailure`` when the build fails.
    public func build(package: URL, log: URL) async throws -> String {
        let outcome: ProcessOutcome
        if architecture == Architecture.host {
            outcome = try await ProcessLauncher.run(
                "/usr/bin/env",
                [
                    "swift", "build", "--package-path", package.path, "--scratch-path", hostScratch.path, "-c",
                    configuration.rawValue, "--product", GeneratedPackage.runnerProduct,
                ],
                timeout: 3_600)
        } else {
            let relative = String(package.path.dropFirst(repositoryRoot.path.count + 1))
            outcome = try await ProcessLauncher.run(
                crossBuildScript.path, [relative, configuration.rawValue], timeout: 3_600,
                workingDirectory: repositoryRoot)
        }
        try? (outcome.output + outcome.diagnostics).write(to: log, atomically: true, encoding: .utf8)
        guard outcome.isClean else {
            let errors = (outcome.output + "\n" + outcome.diagnostics).split(separator: "\n")
                .filter { $0.contains("error:") }.prefix(8).joined(separator: "\n")
            throw LabFailure.buildFailed(
                architecture: architecture, log: log.path, termination: outcome.terminationDescription, errors: errors)
        }
        if architecture == Architecture.host {
            return hostScratch.appendingPathComponent("\(configuration.rawValue)/\(GeneratedPackage.runnerProduct)")
                .path
        }
        // The cross-build script prints the runner's host path on its last line.
        guard let path = outcome.output.split(separator: "\n").last.map(String.init),
            FileManager.default.isExecutableFile(atPath: path)
        else {
            throw LabFailure.buildFailed(
                architecture: architecture, log: log.path, termination: "no runner path printed", errors: "")
        }
        return path
    }

    /// The program, arguments and environment that run `runner` with the case identifiers `ids`.
    /// - Parameters:
    ///   - runner: The case runner's path.
    ///   - ids: The cases to run.
    /// - Returns: The command.
    public func command(runner: String, ids: [String]) -> (program: String, arguments: [String]) {
        if architecture == Architecture.host { return (runner, ids) }
        let sysroot =
            (ProcessInfo.processInfo.environment["TESTDOUBLES_CACHE"] ?? "/var/cache/testdoubles")
            + "/swift60/sysroot-arm64"
        return (
            "/usr/bin/qemu-aarch64-static", ["-L", sysroot, "-E", "LD_LIBRARY_PATH=/usr/lib/swift/linux", runner] + ids
        )
    }

    /// Seconds a batch of `count` cases may run before it counts as hung.
    /// - Parameter count: The number of cases in the batch.
    /// - Returns: The limit.
    public func timeout(cases count: Int) -> Double {
        let native = (20 + 0.5 * Double(count)) * timeoutScale
        return architecture == Architecture.host ? native : native * 6
    }
}
