import Foundation
import PackagePlugin

/// `swift package generate-manual-stubs`: runs `doubles-gen` in the package
/// directory with the given arguments.
///
/// `--target <name>` stands for that target's Swift source files, each as
/// `--module-source <name>=<file>` (read, imported with `@testable import`,
/// its protocols named through the module), so
/// `swift package generate-manual-stubs --target App --all -o Tests/AppTests/Stubs.swift`
/// writes conformers for every protocol of `App`. Every other argument goes
/// to `doubles-gen` unchanged (see `doubles-gen --help`).
@main
struct GenerateManualStubs: CommandPlugin {
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
                forwarded += target.sourceFiles(withSuffix: "swift").flatMap {
                    ["--module-source", "\(target.moduleName)=\($0.url.path)"]
                }
                index += 2
            } else {
                forwarded.append(argument)
                index += 1
            }
        }
        let tool = try context.tool(named: "doubles-gen")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = forwarded
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PluginFailure(message: "doubles-gen exited with status \(process.terminationStatus)")
        }
    }
}

/// Why the command failed.
struct PluginFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
