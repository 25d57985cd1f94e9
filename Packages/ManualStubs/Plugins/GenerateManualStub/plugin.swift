import Foundation
import PackagePlugin

/// `swift package plugin generate-manual-stub`: the seed's positional form of
/// the manual-stub generator, run by `doubles-gen`.
///
/// - `generate-manual-stub <Protocol> <input> <output>` writes the conformer
///   and `<Protocol>Stub` alias for one protocol;
/// - `generate-manual-stub --all <input> <output>` writes every protocol a
///   conformer can be generated for.
///
/// `<input>` is a Swift file or a directory (searched recursively, in path
/// order); paths are relative to the package directory. Each non-test target
/// with a Swift file in the input is imported with `@testable import` in the
/// output, and its protocols named through it, unless the output lies in the
/// folder holding that target's files. Everything else (skipped
/// protocols, duplicate names, unchanged files) is `doubles-gen`'s behavior.
@main
struct GenerateManualStub: CommandPlugin {
    static let usage = """
        usage: swift package plugin --allow-writing-to-package-directory generate-manual-stub \
        (<Protocol> | --all) <input> <output>
        """

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard arguments.count == 3 else {
            throw PluginFailure(message: "expected 3 arguments, got \(arguments.count)\n\(Self.usage)")
        }
        guard arguments[0] == "--all" || !arguments[0].hasPrefix("-") else {
            throw PluginFailure(message: "unknown option '\(arguments[0])'\n\(Self.usage)")
        }
        let (selection, input, output) = (arguments[0], arguments[1], arguments[2])
        var forwarded = [input, "-o", output]
        forwarded += selection == "--all" ? ["--all"] : ["--protocol", selection]

        let package = context.package.directoryURL
        let inputPath = URL(fileURLWithPath: input, relativeTo: package).standardizedFileURL.path
        let outputPath = URL(fileURLWithPath: output, relativeTo: package).standardizedFileURL.path
        func contains(_ directory: String, _ path: String) -> Bool {
            path == directory || path.hasPrefix(directory + "/")
        }
        for case let target as SourceModuleTarget in context.package.targets where target.kind != .test {
            // Tools 6.0 plugins have no target directory URL: the sources' common folder stands for it.
            let files = target.sourceFiles(withSuffix: "swift").map { $0.url.standardizedFileURL.path }
            guard files.contains(where: { contains(inputPath, $0) }) else { continue }
            let folders = files.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
            let common = folders.dropFirst().reduce(folders[0]) { shared, folder in
                Array(zip(shared, folder).prefix { $0 == $1 }.map(\.0))[...]
            }
            if !contains(common.joined(separator: "/"), outputPath) {
                // The target's files in the input, each with its module (doubles-gen reads each file once).
                forwarded += files.filter { contains(inputPath, $0) }.flatMap {
                    ["--module-source", "\(target.moduleName)=\($0)"]
                }
            }
        }

        let process = Process()
        process.executableURL = try context.tool(named: "doubles-gen").url
        process.arguments = forwarded
        process.currentDirectoryURL = package
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
