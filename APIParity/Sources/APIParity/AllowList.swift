import Foundation

/// Listed declarations that cannot apply on Linux (or to this design), each
/// with the reason. One entry a line: the key as the report prints it, then
/// ` -- `, then the reason; `#` starts a comment.
struct AllowList {
    /// Reasons by entry key.
    private(set) var reasons: [String: String] = [:]

    /// Parses the allow-list; an entry without a reason is an error.
    init(text: String) throws(ParityError) {
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let separator = line.range(of: " -- ") else {
                throw ParityError("allow-list, line \(number + 1): no ' -- <reason>' in '\(line)'")
            }
            let key = line[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
            let reason = line[separator.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else { throw ParityError("allow-list, line \(number + 1): empty reason") }
            reasons[key] = reason
        }
    }
}
