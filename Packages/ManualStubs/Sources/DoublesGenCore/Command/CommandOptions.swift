/// The parsed command line of `doubles-gen`.
struct CommandOptions: Hashable, Sendable {
    var paths: [String] = []
    var all = false
    var protocols: [String] = []
    var output: String?
    var check = false
    var modules: [String] = []
    /// `--module-source` pairs: a path and the module its files belong to.
    var moduleSources: [ModuleSource] = []
    var requireProtocols = false
    var help = false

    static let usage = """
        USAGE: doubles-gen [<path> ...] [--all | --protocol <name> ...] [-o <file>] [--check] [--module <name> ...]
                           [--module-source <name>=<path> ...] [--require-protocols]

        Writes a ManualStub conformer and a `<Name>Stub` controller alias for Swift
        protocols. With no paths it reads one file from standard input and generates
        for every protocol in it. Inherited requirements are flattened across all the
        input files.

        ARGUMENTS:
          <path>                  A .swift file or a directory searched for .swift files.

        OPTIONS:
          --all                   Generate for every protocol in the input.
          --protocol <name>       Generate for this protocol (repeatable).
          -o, --output <file>     Write to this file instead of standard output.
          --check                 Do not write: exit 1 with a summary when the output
                                  file is not what generation would write.
          --module <name>         Add `@testable import <name>` (repeatable). With exactly one
                                  --module and no --module-source, the <path> files are taken
                                  as that module's.
          --module-source <name>=<path>
                                  Read <path> (a file or directory) as module <name>'s sources
                                  and add `@testable import <name>` (repeatable). A protocol of
                                  an imported module is also imported by name
                                  (`import protocol <name>.<Protocol>`), so an app protocol
                                  named like a type of another imported module (Foundation's
                                  `Formatter`) is not ambiguous in the output.
          --require-protocols     Fail, writing nothing, when no conformer would be
                                  generated (the build plugin passes it).
          -h, --help              Show this help.

        EXAMPLES:
          echo 'protocol P { func price(_ item: String) throws -> Int }' | doubles-gen
          doubles-gen Sources/ --all -o Tests/Generated/Stubs.swift --module App
          doubles-gen Sources/ --all -o Tests/Generated/Stubs.swift --module App --check
        """

    /// Parses arguments (without the program name).
    ///
    /// - Parameter arguments: The command-line arguments.
    /// - Returns: The options.
    /// - Throws: A message for a malformed command line.
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandOptions {
        var options = CommandOptions()
        var index = 0
        func value(for flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" else {
                throw UsageError(message: "\(flag) needs a value")
            }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--all": options.all = true
            case "--protocol": options.protocols.append(try value(for: argument))
            case "-o", "--output": options.output = try value(for: argument)
            case "--check": options.check = true
            case "--module": options.modules.append(try value(for: argument))
            case "--module-source":
                let pair = try value(for: argument)
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex,
                    pair.index(after: equals) != pair.endIndex
                else {
                    throw UsageError(message: "--module-source needs <module>=<path>, got '\(pair)'")
                }
                let module = String(pair[..<equals])
                options.moduleSources.append(
                    ModuleSource(module: module, path: String(pair[pair.index(after: equals)...])))
                if !options.modules.contains(module) { options.modules.append(module) }
            case "--require-protocols": options.requireProtocols = true
            case "-h", "--help": options.help = true
            default:
                if argument.hasPrefix("-") {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
                options.paths.append(argument)
            }
            index += 1
        }
        if options.check && options.output == nil {
            throw UsageError(message: "--check needs the file to check: pass -o <file>")
        }
        if !(options.paths.isEmpty && options.moduleSources.isEmpty) && !options.all && options.protocols.isEmpty {
            throw UsageError(message: "name the protocols to generate with --protocol <name>, or pass --all")
        }
        if options.all && !options.protocols.isEmpty {
            throw UsageError(message: "--all and --protocol cannot be combined")
        }
        return options
    }
}

/// A `--module-source` pair: files and the module they belong to.
struct ModuleSource: Hashable, Sendable {
    var module: String
    var path: String
}

/// A malformed command line.
struct UsageError: Error, Hashable {
    var message: String
}
