import Foundation
import PackagePlugin

/// Generates ManualStub conformers for every protocol of the targets a test
/// target depends on, on every build, into the plugin's work directory.
///
/// Apply it to a test target that depends on `TestDoublesManual` and on the
/// modules whose protocols it doubles:
///
///     .testTarget(
///         name: "AppTests",
///         dependencies: ["App", .product(name: "TestDoublesManual", package: "ManualStubs")],
///         plugins: [.plugin(name: "ManualStubsBuildPlugin", package: "ManualStubs")]
///     )
///
/// The generated file imports each dependency with `@testable import`. The
/// library's own modules (`TestDoublesManual` and the rest) are not read.
@main
struct ManualStubsBuildPlugin: BuildToolPlugin {
    /// The test-double library's own modules: never the code under test.
    static let libraryModules: Set<String> = [
        "TestDoubles", "TestDoublesManual", "TestDoublesRecorder", "TestDoublesTesting", "TestDoublesMetadata",
        "TestDoublesTrampolines", "DoublesGenCore",
    ]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        var inputs: [URL] = []
        var modules: [String] = []
        for dependency in target.dependencies {
            guard case .target(let dependencyTarget) = dependency,
                let module = dependencyTarget as? SourceModuleTarget,
                module.kind == .generic, !Self.libraryModules.contains(module.moduleName)
            else { continue }
            modules.append(module.moduleName)
            inputs += module.sourceFiles(withSuffix: "swift").map(\.url)
        }
        guard !inputs.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedManualStubs.swift")
        var arguments = inputs.map(\.path) + ["--all", "-o", output.path]
        for module in modules.sorted() { arguments += ["--module", module] }
        return [
            .buildCommand(
                displayName: "Generating ManualStub conformers for \(modules.sorted().joined(separator: ", "))",
                executable: try context.tool(named: "doubles-gen").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
