import Foundation
import Testing

/// Where test-double issues go.
///
/// By default an issue becomes a Swift Testing issue at its location when a
/// Swift Testing test is running on the current task, an XCTest failure at
/// its location when an XCTest test case is running, and a line on standard
/// error otherwise; never more than one of these. A task-local handler installed with
/// `withHandler(_:operation:)` or `capture(_:)`
/// replaces the default for everything the operation does, which is how
/// tests of test doubles assert the diagnostics themselves.
public enum TestDoubleIssueReporting {
    /// The handler in scope. A struct, not the closure itself: Swift 6.3's
    /// optimizer passes a task-local of closure type to the runtime with
    /// metadata the runtime cannot read, and the first `withValue` of a
    /// release build stopped the process (swiftlang/swift#88321).
    @TaskLocal static var handler: IssueHandler?

    /// A handler of issues, held by the task-local ``handler``.
    struct IssueHandler: Sendable {
        let receive: @Sendable (TestDoubleIssue) -> Void
    }

    /// Reports an issue to the handler in scope, or to the running test framework.
    ///
    /// - Parameter issue: The issue to report.
    public static func report(_ issue: TestDoubleIssue) {
        _ = deliver(issue)
    }

    /// Reports an issue the process stops right after: to the handler or
    /// test framework in scope (so the test's report names its line), and
    /// on standard error as well, once, whatever took it.
    ///
    /// - Parameter issue: The issue to report.
    static func reportBeforeStopping(_ issue: TestDoubleIssue) {
        if !deliver(issue) { writeToStandardError("TestDoubles: \(issue.message)\n") }
    }

    /// Reports an issue (see ``report(_:)``); true when it went to standard error.
    private static func deliver(_ issue: TestDoubleIssue) -> Bool {
        if let handler {
            handler.receive(issue)
            return false
        }
        if Test.current != nil {
            let location = issue.location.map {
                Testing.SourceLocation(fileID: $0.fileID, filePath: $0.filePath, line: $0.line, column: $0.column)
            }
            if let location {
                Issue.record(Comment(rawValue: issue.message), sourceLocation: location)
            } else {
                Issue.record(Comment(rawValue: issue.message))
            }
            return false
        }
        #if canImport(XCTest)
        if XCTestReporting.shared.record(issue) { return false }
        #endif
        writeToStandardError("TestDoubles: \(issue)\n")
        return true
    }

    /// Runs an operation with every issue it reports sent to a handler instead.
    ///
    /// - Parameters:
    ///   - handler: Receives each issue, on the thread that reports it.
    ///   - operation: The work to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withHandler<R>(
        _ handler: @escaping @Sendable (TestDoubleIssue) -> Void,
        operation: () throws -> R
    ) rethrows -> R {
        try $handler.withValue(IssueHandler(receive: handler), operation: operation)
    }

    /// Runs an async operation, on the caller's actor, with every issue it
    /// reports sent to a handler instead.
    ///
    /// - Parameters:
    ///   - handler: Receives each issue, on the thread that reports it.
    ///   - isolation: The caller's actor, which `operation` runs on; leave the default.
    ///   - operation: The work to run.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public static func withHandler<R>(
        _ handler: @escaping @Sendable (TestDoubleIssue) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await $handler.withValue(IssueHandler(receive: handler), operation: operation, isolation: isolation)
    }

    /// Runs an operation and returns the issues it reported instead of reporting them.
    ///
    /// - Parameter operation: The work to run.
    /// - Returns: The issues, in the order they were reported.
    /// - Throws: What `operation` throws.
    public static func capture(_ operation: () throws -> Void) rethrows -> [TestDoubleIssue] {
        let box = IssueBox()
        try withHandler({ box.append($0) }, operation: operation)
        return box.issues
    }

    /// Runs an async operation, on the caller's actor, and returns the issues
    /// it reported instead of reporting them.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which `operation` runs on; leave the default.
    ///   - operation: The work to run.
    /// - Returns: The issues, in the order they were reported.
    /// - Throws: What `operation` throws.
    public static func capture(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Void
    ) async rethrows -> [TestDoubleIssue] {
        let box = IssueBox()
        try await withHandler({ box.append($0) }, isolation: isolation, operation: operation)
        return box.issues
    }

    static func writeToStandardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// A thread-safe list of issues.
final class IssueBox: Sendable {
    private let storage = Locked<[TestDoubleIssue]>([])

    func append(_ issue: TestDoubleIssue) { storage.withLock { $0.append(issue) } }

    var issues: [TestDoubleIssue] { storage.withLock { $0 } }
}
