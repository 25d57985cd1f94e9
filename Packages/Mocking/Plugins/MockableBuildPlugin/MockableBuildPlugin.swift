import Foundation
import PackagePlugin

/// Generates SwiftMocking mocks for every protocol of the targets a test
/// target depends on, on every build, into the plugin's work directory.
///
/// Apply it to a test target that depends on `SwiftMocking` and on the
/// modules whose protocols it mocks:
///
///     .testTarget(
///         name: "AppTests",
///         dependencies: ["App", .product(name: "SwiftMocking", package: "Mocking")],
///         plugins: [.plugin(name: "MockableBuildPlugin", package: "Mocking")]
///     )
///
/// The generated file imports each dependency with `@testable import`, has
/// no `#if DEBUG` wrapper, and skips (with a warning) a protocol no mock can
/// be generated for.
@main
struct MockableBuildPlugin: BuildToolPlugin {
    /// The mocking library's own modules: never the code under test.
    static let libraryModules: Set<String> = [
        "SwiftMocking", "SwiftMockingTestSupport", "MockableGenerator", "TestDoublesRecorder", "DoublesGenCore",
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
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedMocks.swift")
        var arguments = inputs.map(\.path) + ["--no-debug-wrap", "--skip-unsupported", "-o", output.path]
        for module in modules.sorted() { arguments += ["--testable-import", module] }
        return [
            .buildCommand(
                displayName: "Generating SwiftMocking mocks for \(modules.sorted().joined(separator: ", "))",
                executable: try context.tool(named: "mockable").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
