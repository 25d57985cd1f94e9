import Foundation

extension LabCommand {
    /// Whether the DSL package declares a generic type named `Stub` (the
    /// cheap first test of `--backend auto`).
    /// - Parameter root: The repository root.
    /// - Returns: `true` when a `Stub<…>` type declaration exists.
    public static func stubIsDeclared(in root: URL) -> Bool {
        let sources = root.appendingPathComponent("Packages/DSL/Sources")
        guard let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return false
        }
        let pattern = #"(struct|class|enum|actor)\s+Stub\s*<"#
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            if text.range(of: pattern, options: .regularExpression) != nil { return true }
        }
        return false
    }

    /// The backend of the run and why: an explicit choice, or for `auto`,
    /// `control` while the DSL declares no `Stub`, else `stub` once a
    /// one-case probe written with the stub backend's API compiles against
    /// the repository; a probe that does not compile stops the run
    /// (`LabFailure.stubProbeFailed`).
    func chooseBackend(cases: [LabCase]) async throws -> (Backend, String) {
        switch options.backend {
        case .control: return (.control, "chosen with --backend control")
        case .stub: return (.stub, "chosen with --backend stub")
        case .auto: break
        }
        guard Self.stubIsDeclared(in: repositoryRoot) else {
            return (.control, "auto: Packages/DSL declares no Stub type yet")
        }
        if options.generateOnly { return (.stub, "auto: Packages/DSL declares a Stub type (probe not built)") }
        var probe = makePackage(architecture: Architecture.host, backend: .stub)
        probe.includesProbe = true
        try probe.write(cases)
        log("auto backend: building the Stub API probe in \(probe.directory.path)")
        let outcome = try await ProcessLauncher.run(
            "/usr/bin/env",
            [
                "swift", "build", "--package-path", probe.directory.path, "-c", options.configuration.rawValue,
                "--target", GeneratedPackage.probeTarget,
            ],
            timeout: 3_600)
        if outcome.isClean { return (.stub, "auto: the Stub API probe compiled") }
        let firstError =
            (outcome.output + "\n" + outcome.diagnostics).split(separator: "\n")
            .first { $0.contains("error:") }.map(String.init) ?? outcome.terminationDescription
        // Never a quiet fallback: a control run's results would read as the stub's.
        throw LabFailure.stubProbeFailed(firstError)
    }
}
