import Foundation
import MockableGenerator

// `mockable`: Swift protocols in (files, directories or standard input),
// SwiftMocking mock classes out. See `mockable --help`.
let outcome = MockableCommand.run(arguments: Array(CommandLine.arguments.dropFirst())) {
    FileHandle.standardInput.readDataToEndOfFile()
}
FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
FileHandle.standardError.write(Data(outcome.standardError.utf8))
exit(outcome.status)
