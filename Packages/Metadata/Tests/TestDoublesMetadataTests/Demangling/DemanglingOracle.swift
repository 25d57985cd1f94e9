@testable import TestDoublesMetadata

#if canImport(Glibc)
import Glibc
#endif

/// The toolchain's `swift-demangle`, used only as an oracle in tests.
enum DemanglingOracle {
    /// The oracle's path, nil when the toolchain does not ship it.
    static let path: String? = {
        var candidates = ["/opt/swift/usr/bin/swift-demangle", "/usr/bin/swift-demangle"]
        // The toolchain that runs the tests: lib/swift/linux/libswiftCore.so sits three levels below bin/.
        if let core = LoadedImage.currentlyLoaded().first(where: { $0.path.hasSuffix("/libswiftCore.so") }) {
            let parts = core.path.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count > 4 {
                candidates.insert(parts.dropLast(4).joined(separator: "/") + "/bin/swift-demangle", at: 0)
            }
        }
        return candidates.first { access($0, X_OK) == 0 }
    }()

    /// `swift-demangle --expand` trees, one per name, keyed by name (names may not contain quotes).
    static func expandedTrees(of names: [String]) throws -> [String: String] {
        guard let path else { return [:] }
        var trees: [String: String] = [:]
        try TemporaryFiles.with { directory in
            for chunk in stride(from: 0, to: names.count, by: 500) {
                let slice = names[chunk..<min(chunk + 500, names.count)]
                let list = try directory.write(Array(slice.joined(separator: "\n").utf8), named: "names-\(chunk)")
                guard let pipe = popen("xargs -a '\(list)' '\(path)' --expand", "r") else { continue }
                var output: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let count = fread(&buffer, 1, buffer.count, pipe)
                    guard count > 0 else { break }
                    output += buffer[0..<count]
                }
                pclose(pipe)
                var current: String?
                var lines: [String] = []
                func flush() {
                    if let current { trees[current] = lines.joined(separator: "\n") }
                    lines = []
                }
                for line in String(decoding: output, as: UTF8.self).split(
                    separator: "\n", omittingEmptySubsequences: false)
                {
                    if line.hasPrefix("Demangling for ") {
                        flush()
                        current = String(line.dropFirst("Demangling for ".count))
                    } else if line.contains(" ---> ") || line.isEmpty {
                        continue
                    } else {
                        lines.append(String(line))
                    }
                }
                flush()
            }
        }
        return trees
    }

    /// The witness-thunk symbols (`TW`, `TWTu`) of the running test binary.
    static func witnessSymbolsOfThisBinary() throws -> [String] {
        let table = try ThisBinary.symbolTable.get()
        let names = table.symbols.map(\.name).filter {
            $0.hasPrefix("$s") && ($0.hasSuffix("TW") || $0.hasSuffix("TWTu")) && !$0.contains("'")
        }
        return Array(Set(names)).sorted()
    }

    /// Whether a witness symbol belongs to a conformance of one of the `Fixture...` types of this target.
    static func isFixtureWitness(_ name: String) -> Bool {
        let prefix = "$s24TestDoublesMetadataTests"
        guard name.hasPrefix(prefix) else { return false }
        return name.dropFirst(prefix.count).drop(while: \.isNumber).hasPrefix("Fixture")
    }

    /// Requirement symbols (`TW`, `Tq`) of the Swift standard library loaded in this process.
    static func standardLibraryRequirementSymbols() throws -> [String] {
        guard let core = ImageRegistry.shared.images().first(where: { $0.path.hasSuffix("/libswiftCore.so") }) else {
            return []
        }
        let table = try ELFSymbolTable(contentsOf: core.path)
        let names = table.symbols.map(\.name).filter {
            $0.hasPrefix("$s") && ($0.hasSuffix("TW") || $0.hasSuffix("Tq")) && !$0.contains("'")
        }
        return Array(Set(names)).sorted()
    }
}
