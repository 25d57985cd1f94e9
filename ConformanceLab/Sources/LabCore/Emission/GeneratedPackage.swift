import Foundation

/// The generated SwiftPM package of a run: the support module, the case
/// modules (split so two cores compile them in parallel) and the case runner.
public struct GeneratedPackage: Sendable {
    /// The package's directory, e.g. `.build/lab/x86_64`.
    public var directory: URL
    /// The repository root the stub backend depends on by path.
    public var repositoryRoot: URL
    /// The backend the checks are written for.
    public var backend: Backend
    /// Cases per module.
    public var casesPerModule: Int = 250
    /// Cases per source file.
    public var casesPerFile: Int = 25
    /// The package identity SwiftPM gives the repository where the package is
    /// built (the last component of the repository's path there).
    public var repositoryIdentity: String
    /// The architecture the package is built for.
    public var architecture: Architecture = Architecture.host
    /// Shapes left out of the build, by shape key, with the reason (compiler crashes found earlier).
    public var excludedShapes: [String: String] = [:]
    /// Whether to add the `LabProbe` target: one stub-backend case that proves the `Stub` API compiles.
    public var includesProbe = false

    /// The target that holds the stub-backend probe case.
    public static let probeTarget = "LabProbe"

    /// The shape of the probe case: a synchronous, throwing method that takes and returns an `Int`.
    static let probeCase = LabCase(
        index: 0,
        shape: Shape(
            kind: .method, effect: .throws, structure: .plain, layout: .single, parameters: ["Int"], result: "Int",
            focus: "Int"),
        seed: 0)

    /// The module the package builds with `-enable-library-evolution` (the resilient-module families).
    public static let evolutionTarget = "LabEvolution"

    /// Every module the package builds with `-enable-library-evolution`: ``evolutionTarget`` and the
    /// evidence modules (``SupportSource/evidenceModules``).
    static var evolutionTargets: [String] { [evolutionTarget] + SupportSource.evidenceModules.map(\.target) }

    /// The modules every case module imports beside `LabSupport`: ``evolutionTargets``, the
    /// evidence modules built without library evolution (``SupportSource/plainModules``) and
    /// ``classEvolutionTarget``.
    static var libraryTargets: [String] {
        evolutionTargets + SupportSource.plainModules.map(\.target) + [classEvolutionTarget]
    }

    /// The module, built with `-enable-library-evolution` on top of `LabSupport`, that declares the
    /// open classes of the library-evolution class-double cases (issue 26).
    public static let classEvolutionTarget = "LabEvoClasses"

    /// The executable product that runs cases.
    public static let runnerProduct = "LabRunner"

    /// Creates the description of a generated package.
    /// - Parameters:
    ///   - directory: Where the package is written.
    ///   - repositoryRoot: The repository root (for the stub backend's dependency).
    ///   - backend: The backend the checks use.
    public init(directory: URL, repositoryRoot: URL, backend: Backend) {
        self.directory = directory
        self.repositoryRoot = repositoryRoot
        self.backend = backend
        self.repositoryIdentity = repositoryRoot.lastPathComponent.lowercased()
    }

    /// The name of the case module that holds the case at `index`.
    func moduleName(_ moduleIndex: Int) -> String { "LabCases" + String(moduleIndex).leftPadded(to: 2) }

    /// The module of the cases that need the experimental CoroutineAccessors feature (`read`, yield_once_2
    /// `modify`): only it enables the feature, which changes every `{ get set }` of its module.
    public static let coroutineAccessorTarget = "LabCoroutineCases"

    /// One case module: its name, its cases and whether it enables CoroutineAccessors.
    struct CaseModule {
        let name: String
        let cases: [LabCase]
        let coroutineAccessors: Bool
    }

    /// The case modules of `cases`: runs of `casesPerModule` cases, then the coroutine-accessor cases in their own.
    func modules(for cases: [LabCase]) -> [CaseModule] {
        let plain = cases.filter { $0.shape.form?.needsCoroutineAccessors != true }
        let coroutine = cases.filter { $0.shape.form?.needsCoroutineAccessors == true }
        var modules = stride(from: 0, to: plain.count, by: casesPerModule).enumerated().map { index, start in
            CaseModule(
                name: moduleName(index), cases: Array(plain[start..<min(start + casesPerModule, plain.count)]),
                coroutineAccessors: false)
        }
        if !coroutine.isEmpty {
            modules.append(CaseModule(name: Self.coroutineAccessorTarget, cases: coroutine, coroutineAccessors: true))
        }
        return modules
    }

    /// Every file of the package, relative path → contents.
    /// - Parameter cases: The cases of the run.
    /// - Returns: The files.
    public func files(for cases: [LabCase]) -> [String: String] {
        var files: [String: String] = [:]
        let modules = modules(for: cases)
        files["Sources/LabSupport/Support.swift"] = SupportSource.text + "\n"
        files["Sources/\(Self.evolutionTarget)/Evolution.swift"] = SupportSource.evolutionText + "\n"
        for module in SupportSource.evidenceModules + SupportSource.plainModules {
            files["Sources/\(module.target)/\(module.target).swift"] = module.text + "\n"
        }
        files["Sources/\(Self.classEvolutionTarget)/Classes.swift"] = classEvolutionText(cases)
        let evolutionImports = Self.libraryTargets.map { "import \($0)\n" }.joined()
        let testDoublesImport = backend == .stub ? "import TestDoubles\n" : ""
        for module in modules {
            let (name, moduleCases) = (module.name, module.cases)
            for start in stride(from: 0, to: moduleCases.count, by: casesPerFile) {
                let chunk = moduleCases[start..<min(start + casesPerFile, moduleCases.count)]
                // Foundation only where a case spells a Foundation type (it costs every file that imports it).
                let foundationImport =
                    chunk.contains(where: \.needsFoundation)
                    ? "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"
                    : ""
                var text =
                    "// Generated by abi-lab. Do not edit.\n\(foundationImport)import LabSupport\n"
                    + "\(evolutionImports)\(testDoublesImport)\n"
                text += chunk.map {
                    CaseSource(
                        labCase: $0, backend: backend, architecture: architecture,
                        excludedReason: excludedShapes[$0.shape.key]
                    ).text
                }.joined(
                    separator: "\n\n")
                files["Sources/\(name)/Cases\(String(start / casesPerFile).leftPadded(to: 2)).swift"] = text + "\n"
            }
            // An excluded case's check is synchronous, so the registry's
            // text changes with it: after a compiler crash the incremental
            // build cannot be trusted to recompile an unchanged Registry.swift
            // (a clean arm64 build then failed to link the old async check).
            let entries = moduleCases.map {
                let entry = "    \"\($0.id)\": check_\($0.id)_,"
                return excludedShapes[$0.shape.key] == nil ? entry : entry + "  // left out of this build"
            }.joined(separator: "\n")
            files["Sources/\(name)/Registry.swift"] =
                "// Generated by abi-lab. Do not edit.\nimport LabSupport\n\npublic let registry: [String: () async -> LabVerdict] = [\n\(entries)\n]\n"
        }
        let imports = modules.map { "import \($0.name)" }.joined(separator: "\n")
        let merge = modules.map { "cases.merge(\($0.name).registry) { first, _ in first }" }
            .joined(separator: "\n")
        files["Sources/\(Self.runnerProduct)/main.swift"] =
            "// Generated by abi-lab. Do not edit.\nimport LabSupport\n\(imports)\n\nvar cases: [String: () async -> LabVerdict] = [:]\n\(merge)\nawait labMain(cases)\n"
        if includesProbe {
            let probe = CaseSource(labCase: Self.probeCase, backend: .stub).text
            files["Sources/\(Self.probeTarget)/Probe.swift"] =
                "// Generated by abi-lab: proves the Stub API the stub backend uses compiles.\nimport LabSupport\nimport TestDoubles\n\n\(probe)\n"
        }
        files["Package.swift"] = manifest(modules)
        return files
    }

    /// The source of ``classEvolutionTarget``: the open class of each library-evolution class-double
    /// case that is built (a module needs a source file, so it has one when there is no such case).
    func classEvolutionText(_ cases: [LabCase]) -> String {
        let classes = cases.filter { $0.shape.form == .resilientClassMember }.compactMap { labCase -> String? in
            let source = CaseSource(
                labCase: labCase, backend: backend, architecture: architecture,
                excludedReason: excludedShapes[labCase.shape.key])
            guard source.excludedReason == nil,
                ToolchainLimits.exclusionReason(for: labCase.shape, on: architecture) == nil
            else { return nil }
            return source.classDeclaration
        }
        return "// Generated by abi-lab. Do not edit.\nimport LabSupport\n\n"
            + "/// The library-evolution classes of the class-double cases.\npublic enum LabEvoClassesModule {}\n\n"
            + classes.joined(separator: "\n\n") + "\n"
    }

    private func manifest(_ modules: [CaseModule]) -> String {
        let rootName = repositoryIdentity
        let dependency = backend == .stub ? "        .package(path: \"\(relativeRepositoryRoot)\"),\n" : ""
        let stubProduct = backend == .stub ? ", .product(name: \"TestDoubles\", package: \"\(rootName)\")" : ""
        // The evolution module is built resiliently, as a library shipped in binary form would be
        // (the generated package is a root package, so unsafe flags are allowed; it is no product of ours).
        var targets = ["        .target(name: \"LabSupport\"),"]
        for target in Self.evolutionTargets {
            targets.append(
                "        .target(name: \"\(target)\", swiftSettings: [.unsafeFlags([\"-enable-library-evolution\"])]),")
        }
        for target in SupportSource.plainModules.map(\.target) {
            targets.append("        .target(name: \"\(target)\"),")
        }
        targets.append(
            "        .target(name: \"\(Self.classEvolutionTarget)\", dependencies: [\"LabSupport\"], "
                + "swiftSettings: [.unsafeFlags([\"-enable-library-evolution\"])]),")
        let evolutionDependencies = Self.libraryTargets.map { ", \"\($0)\"" }.joined()
        for module in modules {
            // Only x86_64 builds the coroutine-accessor cases (arm64 leaves them out, ToolchainLimits).
            let settings =
                module.coroutineAccessors && architecture == .x86_64
                ? ", swiftSettings: [.enableExperimentalFeature(\"CoroutineAccessors\")]" : ""
            targets.append(
                "        .target(name: \"\(module.name)\", dependencies: [\"LabSupport\"\(evolutionDependencies)\(stubProduct)]\(settings)),"
            )
        }
        if includesProbe {
            targets.append(
                "        .target(name: \"\(Self.probeTarget)\", dependencies: [\"LabSupport\"\(stubProduct)]),")
        }
        let caseModules = modules.map { "\"\($0.name)\"" }.joined(separator: ", ")
        targets.append(
            "        .executableTarget(name: \"\(Self.runnerProduct)\", dependencies: [\"LabSupport\", \(caseModules)]),"
        )
        return """
            // swift-tools-version: 6.0
            // Generated by abi-lab (backend: \(backend.rawValue)). Do not edit.
            import PackageDescription

            let package = Package(
                name: "AbiLabCases",
                dependencies: [
            \(dependency)    ],
                targets: [
            \(targets.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v5]
            )

            """
    }

    /// The repository root relative to the package directory (so the same
    /// manifest works where the repository is mounted elsewhere, as in the
    /// arm64 toolchain root).
    var relativeRepositoryRoot: String {
        let root = repositoryRoot.standardizedFileURL.pathComponents
        let here = directory.standardizedFileURL.pathComponents
        guard here.starts(with: root) else { return repositoryRoot.path }
        return Array(repeating: "..", count: here.count - root.count).joined(separator: "/")
    }

    /// Writes the package, rewriting only files whose contents changed (so
    /// rebuilds stay incremental) and removing files of earlier runs.
    /// - Parameter cases: The cases of the run.
    /// - Throws: File-system errors.
    public func write(_ cases: [LabCase]) throws {
        let manager = FileManager.default
        let files = files(for: cases)
        let sources = directory.appendingPathComponent("Sources")
        if let enumerator = manager.enumerator(at: sources, includingPropertiesForKeys: nil) {
            let stale = enumerator.compactMap { $0 as? URL }.filter { url in
                url.pathExtension == "swift"
                    && files[String(url.path.dropFirst(directory.path.count + 1))] == nil
            }
            for url in stale { try manager.removeItem(at: url) }
        }
        for (path, contents) in files {
            let url = directory.appendingPathComponent(path)
            if let existing = try? String(contentsOf: url, encoding: .utf8), existing == contents { continue }
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
        // Remove now-empty module folders of earlier runs.
        if let modules = try? manager.contentsOfDirectory(atPath: sources.path) {
            for module in modules where !files.keys.contains(where: { $0.hasPrefix("Sources/\(module)/") }) {
                try manager.removeItem(at: sources.appendingPathComponent(module))
            }
        }
    }
}
