import TestDoublesRecorder

/// The messages of the issues an operation reports, instead of reporting them.
func issueMessages(_ operation: () throws -> Void) rethrows -> [String] {
    try TestDoubleIssueReporting.capture(operation).map(\.message)
}

/// The messages of the issues an async operation reports, instead of reporting them.
func issueMessages(_ operation: () async throws -> Void) async rethrows -> [String] {
    try await TestDoubleIssueReporting.capture(operation).map(\.message)
}

/// An error for stubs to throw.
struct PriceError: Error, Equatable, Sendable {
    var code: Int
}

/// Another error type.
struct OtherError: Error, Sendable {}

/// Where issues were reported.
enum TestDoubleIssueCapture {
    struct Location: Equatable {
        var file: String
        var line: Int
    }

    static func issues(_ operation: () -> Void) -> [Location] {
        TestDoubleIssueReporting.capture(operation).compactMap { issue in
            issue.location.map { Location(file: $0.filePath, line: $0.line) }
        }
    }
}
