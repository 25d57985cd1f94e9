import Foundation

extension LabReport {
    /// The report as pretty-printed JSON with sorted keys.
    /// - Returns: UTF-8 JSON.
    /// - Throws: Encoding errors.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a report written by ``jsonData()``.
    /// - Parameter data: UTF-8 JSON.
    /// - Returns: The report.
    /// - Throws: Decoding errors.
    public static func decode(_ data: Data) throws -> LabReport {
        try JSONDecoder().decode(LabReport.self, from: data)
    }
}
