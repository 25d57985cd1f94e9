internal import TestDoublesRecorder

/// Where a reporting API was called in the user's code.
struct SourceSite: Sendable {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
    /// The member that called the spy, as `#function` spells it (`discount(for:percent:)`); empty when unknown.
    var function = ""
}

/// Reports failures through the shared recorder's issue reporting: a Swift
/// Testing issue or an XCTest failure at the caller's line, standard error
/// outside a test.
enum MockingIssues {
    /// What kind of failure is reported.
    enum Kind {
        case verification, unstubbedCall, timedOut
    }

    /// Starts XCTest observation once, so failures reach the running XCTest
    /// test case: the recorder begins observing when its first engine is made.
    private static let observation: Void = {
        _ = TestDoublesRecorder.InvocationRecorder(name: "SwiftMocking")
    }()

    /// Makes sure XCTest failures find the running test case; called when a mock or spy is created.
    static func prepare() {
        _ = observation
    }

    /// Reports a failure at a site.
    static func report(_ message: String, kind: Kind = .verification, at site: SourceSite) {
        let issueKind: TestDoubleIssue.Kind
        switch kind {
        case .verification: issueKind = .verificationFailed
        case .unstubbedCall: issueKind = .unmatchedCall
        case .timedOut: issueKind = .timedOut
        }
        let location = CallSite(
            fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
        TestDoubleIssueReporting.report(TestDoubleIssue(kind: issueKind, message: message, location: location))
    }
}
