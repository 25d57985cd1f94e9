@testable import TestDoublesMetadata

#if canImport(Glibc)
import Glibc
#endif

/// A deterministic pseudo-random generator (SplitMix64) for reproducible fuzzing.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A private temporary directory for one test, removed afterwards.
struct TemporaryFiles {
    struct Failure: Error { var reason: String }

    let path: String

    static func with(_ body: (TemporaryFiles) throws -> Void) throws {
        var template = Array("/tmp/td-metadata-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw Failure(reason: "mkdtemp failed") }
        let directory = TemporaryFiles(path: String(cString: created))
        defer {
            if let handle = opendir(directory.path) {
                while let entry = readdir(handle) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) {
                        String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
                    }
                    if name != "." && name != ".." { unlink(directory.path + "/" + name) }
                }
                closedir(handle)
            }
            rmdir(directory.path)
        }
        try body(directory)
    }

    func write(_ bytes: [UInt8], named name: String) throws -> String {
        let file = path + "/" + name
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw Failure(reason: "cannot create \(file)") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else { throw Failure(reason: "cannot write \(file)") }
            written += result
        }
        return file
    }

    static func contents(of path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw Failure(reason: "cannot open \(path)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}

/// A small ELF object with symbol tables for the corruption tests: the
/// smallest shared object this process has mapped that parses, else the test
/// binary itself. The debug test binary weighs hundreds of megabytes, so
/// copying it once per corrupted variant dominated the suite (minutes under
/// qemu); a system library exercises the same header and section parsing.
enum SmallELFObject {
    static func path() -> String {
        var candidates: Set<String> = []
        if let maps = try? TemporaryFiles.contents(of: "/proc/self/maps") {
            for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
                guard let slash = line.firstIndex(of: "/") else { continue }
                let file = String(line[slash...])
                if file.contains(".so") { candidates.insert(file) }
            }
        }
        let sized = candidates.compactMap { file -> (path: String, size: Int)? in
            var status = stat()
            guard stat(file, &status) == 0 else { return nil }
            return (file, Int(status.st_size))
        }
        for candidate in sized.sorted(by: { ($0.size, $0.path) < ($1.size, $1.path) })
        where (try? ELFSymbolTable(contentsOf: candidate.path)) != nil {
            return candidate.path
        }
        return "/proc/self/exe"
    }
}
