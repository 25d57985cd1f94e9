/// Compares a generated file with what is on disk, per protocol section,
/// for `--check`.
enum FileCheck {
    /// A summary of how `existing` differs from `expected`, or `nil` when
    /// they are equal.
    ///
    /// - Parameters:
    ///   - existing: The file's current contents.
    ///   - expected: What generation writes now.
    /// - Returns: Lines describing missing, stale and extra conformers and
    ///   the first differing line.
    static func summary(existing: String, expected: String) -> [String]? {
        guard existing != expected else { return nil }
        let old = sections(existing)
        let new = sections(expected)
        var lines: [String] = []
        let missing = new.keys.filter { old[$0] == nil }.sorted()
        let extra = old.keys.filter { new[$0] == nil }.sorted()
        let stale = new.keys.filter { old[$0] != nil && old[$0] != new[$0] }.sorted()
        if !missing.isEmpty { lines.append("missing conformers: \(missing.joined(separator: ", "))") }
        if !stale.isEmpty { lines.append("out-of-date conformers: \(stale.joined(separator: ", "))") }
        if !extra.isEmpty {
            lines.append("conformers for protocols no longer in the input: \(extra.joined(separator: ", "))")
        }
        let oldLines = existing.split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        var line = 0
        while line < oldLines.count && line < newLines.count && oldLines[line] == newLines[line] { line += 1 }
        let found = line < oldLines.count ? "'\(oldLines[line])'" : "end of file"
        let wanted = line < newLines.count ? "'\(newLines[line])'" : "end of file"
        lines.append("first difference at line \(line + 1): expected \(wanted), found \(found)")
        return lines
    }

    /// Splits a generated file at its `// MARK: - Name` lines.
    static func sections(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var name: String?
        var body: [Substring] = []
        func flush() {
            if let name { result[name] = body.joined(separator: "\n") }
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// MARK: - ") {
                flush()
                name = String(line.dropFirst("// MARK: - ".count))
                body = []
            } else if line == "#endif" || line.hasPrefix("#if ") {
                continue  // a section's condition belongs to it either way
            } else {
                body.append(line)
            }
        }
        flush()
        return result
    }
}
