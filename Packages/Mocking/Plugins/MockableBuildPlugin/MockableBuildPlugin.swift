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
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedMocks.swift")
        var arguments = ["--no-debug-wrap", "--skip-unsupported", "-o", output.path]
        let dependencies = target.dependencies.compactMap { dependency -> SourceModuleTarget? in
            guard case .target(let dependencyTarget) = dependency,
                let module = dependencyTarget as? SourceModuleTarget,
                module.kind == .generic, !Self.libraryModules.contains(module.moduleName)
            else { return nil }
            return module
        }
        for module in dependencies.sorted(by: { $0.moduleName < $1.moduleName }) {
            modules.append(module.moduleName)
            // Each file with its module: the output imports the module and names its protocols through it.
            let files = module.sourceFiles(withSuffix: "swift").map(\.url)
            inputs += files
            arguments += files.flatMap { ["--module-source", "\(module.moduleName)=\($0.path)"] }
        }
        guard !inputs.isEmpty else { return [] }
        return [
            .buildCommand(
                displayName: "Generating SwiftMocking mocks for \(modules.joined(separator: ", "))",
                executable: try context.tool(named: "mockable").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
