import Foundation

/// Writes the JSON, Markdown and SVG outputs of a run.
public enum ReportWriter {
    /// The JSON document: every result with its samples and ratios.
    ///
    /// - Parameter results: The results.
    /// - Returns: The JSON text.
    /// - Throws: An encoding error.
    public static func json(_ results: [BenchmarkResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(results), as: UTF8.self)
    }

    /// Writes `text` to `path`, creating the directories it needs.
    ///
    /// - Parameters:
    ///   - text: The contents.
    ///   - path: The file path.
    /// - Throws: A file-system error.
    public static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
