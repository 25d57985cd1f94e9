import Foundation
import PackagePlugin

/// `swift package generate-mocks`: runs `mockable` in the package directory.
///
/// `--target <name>` stands for that target's Swift source files plus
/// `--testable-import <module>`, and `--output <file>` for `-o`, so
/// `swift package generate-mocks --target App --no-debug-wrap --output Tests/AppTests/Mocks.swift`
/// writes the mocks of every protocol of `App` into its test target. Every
/// other argument goes to `mockable` unchanged (see `mockable --help`).
@main
struct GenerateMocks: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var forwarded: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--target", index + 1 < arguments.count {
                let name = arguments[index + 1]
                guard
                    let target = context.package.targets.first(where: { $0.name == name })
                        as? SourceModuleTarget
                else {
                    throw PluginFailure(message: "no source target named '\(name)' in the package")
                }
                forwarded += target.sourceFiles(withSuffix: "swift").map(\.url.path)
                forwarded += ["--testable-import", target.moduleName]
                index += 2
            } else if argument == "--output", index + 1 < arguments.count {
                forwarded += ["-o", arguments[index + 1]]
                index += 2
            } else {
                forwarded.append(argument)
                index += 1
            }
        }
        let tool = try context.tool(named: "mockable")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = forwarded
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure(message: "mockable exited with status \(process.terminationStatus)")
        }
    }
}

/// Why the command failed.
struct PluginFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
