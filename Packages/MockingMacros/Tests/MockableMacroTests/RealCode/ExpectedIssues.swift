import Foundation
import Testing

/// Runs a verification that must fail, and checks that it reported
/// an issue at `line` whose message contains `message`; any other issue fails the test.
func expectFailure(
    atLine line: Int, containing message: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () -> Void
) {
    withKnownIssue(sourceLocation: sourceLocation) {
        body()
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined(separator: " ")
        return issue.sourceLocation?.line == line && text.contains(message)
    }
}

/// The async form of ``expectFailure(atLine:containing:sourceLocation:_:)``.
func expectFailure(
    atLine line: Int, containing message: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async -> Void
) async {
    await withKnownIssue(sourceLocation: sourceLocation) {
        await body()
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined(separator: " ")
        return issue.sourceLocation?.line == line && text.contains(message)
    }
}

/// A locked collector for `@Sendable` stub handlers (`CaptureBox` lives in
/// `SwiftMockingTestSupport`, which this target does not depend on).
final class Collected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    /// Adds a value.
    func append(_ value: Value) {
        lock.withLock { stored.append(value) }
    }

    /// The values added so far, in order.
    var values: [Value] {
        lock.withLock { stored }
    }
}
