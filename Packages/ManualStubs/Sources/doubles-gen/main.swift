import DoublesGenCore
import Foundation

let command = DoublesGenCommand(arguments: Array(CommandLine.arguments.dropFirst()))
let status = command.run(
    readStandardInput: {
        String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    },
    writeOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
    writeError: { text in FileHandle.standardError.write(Data(text.utf8)) }
)
exit(status)
