import Foundation
import PackagePlugin

/// Generates ManualStub conformers, on every build, for the protocols the
/// target it is attached to declares in its own Swift sources.
///
/// Attach it to the target that declares the protocols and depends on
/// `TestDoubles` (or `TestDoublesManual`); the conformers compile into that
/// target as a derived source file:
///
///     .target(
///         name: "Services",
///         dependencies: [.product(name: "TestDoubles", package: "DSL")],
///         plugins: [.plugin(name: "ManualStubBuildPlugin", package: "ManualStubs")]
///     )
///
/// Every source file is an input of the command, so an edit regenerates
/// the file and an unchanged build reuses it. A target whose sources
/// declare no protocol a conformer can be generated for fails the build
/// with that message rather than compiling an empty file.
///
/// Attached to a test target, it also reads the sources of the library
/// targets the test target depends on and imports them with
/// `@testable import`, so a test target can hold the conformers of the
/// modules it tests (how the plugin worked before it read the attached
/// target's own sources; this package's `DoublesGenRoundTripTests` uses it).
/// The library's own modules (`TestDoublesManual` and the rest) are never read.
@main
struct ManualStubsBuildPlugin: BuildToolPlugin {
    /// The test-double library's own modules: never the code under test.
    static let libraryModules: Set<String> = [
        "TestDoubles", "TestDoublesManual", "TestDoublesRecorder", "TestDoublesTesting", "TestDoublesMetadata",
        "TestDoublesTrampolines", "DoublesGenCore", "TestDoublesMacros",
    ]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let attached = target as? SourceModuleTarget else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedManualStubs.swift")
        var inputs = attached.sourceFiles(withSuffix: "swift").map(\.url)
        var arguments = inputs.map(\.path) + ["--all", "--require-protocols", "-o", output.path]
        var modules: [String] = []
        if attached.kind == .test {
            for dependency in target.dependencies {
                guard case .target(let dependencyTarget) = dependency,
                    let module = dependencyTarget as? SourceModuleTarget,
                    module.kind == .generic, !Self.libraryModules.contains(module.moduleName)
                else { continue }
                modules.append(module.moduleName)
                // Each file with its module: the output imports the module and names its protocols through it.
                let files = module.sourceFiles(withSuffix: "swift").map(\.url)
                inputs += files
                arguments += files.flatMap { ["--module-source", "\(module.moduleName)=\($0.path)"] }
            }
        }
        let read = ([attached.moduleName] + modules.sorted()).joined(separator: ", ")
        return [
            .buildCommand(
                displayName: "Generating ManualStub conformers for \(read)",
                executable: try context.tool(named: "doubles-gen").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
