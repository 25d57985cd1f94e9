// abi-lab: the ABI conformance lab. See ConformanceLab/README.md.
import Foundation
import LabCore

let options: LabOptions
do {
    options = try LabOptions(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    print("abi-lab: \(error)")
    exit(2)
}
let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
guard let root = LabCommand.findRepositoryRoot(from: here) else {
    print(
        "abi-lab: error: run inside the TestDoubles repository (no Package.swift beside ConformanceLab/ above \(here.path))"
    )
    exit(2)
}
exit(await LabCommand(options: options, repositoryRoot: root).run())
