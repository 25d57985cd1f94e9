#if canImport(XCTest)
import Foundation
import TestDoubles
import XCTest

// XCTest suites as teams wrote them against the seed's API: doubles made in
// `setUpWithError()` and dropped in `tearDown()`, `addTeardownBlock` checks,
// async `setUp()`/`tearDown()` of a `@MainActor` test case, and a failed
// verification that must become an XCTest failure at the verify's own line.

/// Collects the failures a test expects instead of failing it, like
/// `XCTExpectFailure` (which swift-corelibs-xctest does not have).
class S4FailureCollectingTestCase: XCTestCase {
    struct Failure: Sendable {
        let description: String
        let filePath: String
        let line: Int
    }

    private(set) var expectedFailures: [Failure] = []
    private var collecting = false

    /// Runs `body`, collecting the failures it records; returns them.
    func collectingFailures(_ body: () throws -> Void) rethrows -> [Failure] {
        collecting = true
        defer { collecting = false }
        let before = expectedFailures.count
        try body()
        return Array(expectedFailures[before...])
    }

    /// Checks that `failure` names `line` of this file: at that line, or, when
    /// the issue came before XCTest told the doubles which test runs (the
    /// first double of the process made inside this test), in its text.
    func assertNames(
        _ failure: Failure?, line: Int, fileID: String = #fileID, filePath: String = #filePath,
        file: StaticString = #filePath, assertionLine: UInt = #line
    ) {
        guard let failure else { return XCTFail("no failure", file: file, line: assertionLine) }
        let atTheLine = failure.line == line && failure.filePath == filePath
        let named = failure.description.contains("\(fileID):\(line):")
        XCTAssertTrue(atTheLine || named, "\(failure)", file: file, line: assertionLine)
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if collecting {
            expectedFailures.append(Failure(description: description, filePath: filePath, line: lineNumber))
            return
        }
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
}

final class RealCodeS4XCTestSetUpTests: S4FailureCollectingTestCase {
    private var gateway: Stub<any S4PaymentGateway>!
    private var analytics: Stub<any S4OrderAnalytics>!
    private var tracked: CallPattern<Void>!

    override func setUpWithError() throws {
        try super.setUpWithError()
        gateway = try Stub<any S4PaymentGateway>()
        analytics = try Stub<any S4OrderAnalytics>()
        tracked = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        tracked.thenDoNothing()
    }

    override func tearDown() {
        gateway = nil
        analytics = nil
        tracked = nil
        super.tearDown()
    }

    func testARefundIsVerifiedWithItsReceipt() throws {
        gateway.when { try $0.refund(receipt: Match.hasPrefix("r-")) }.thenDoNothing()
        gateway.when { try $0.refund(receipt: Match.any()) }.thenThrow(S4ChargeError.declined(code: 12))

        try gateway().refund(receipt: "r-7")
        XCTAssertThrowsError(try gateway().refund(receipt: "x")) { error in
            XCTAssertEqual(error as? S4ChargeError, .declined(code: 12))
        }

        gateway.verify(2...2) { try $0.refund(receipt: Match.any()) }
        gateway.verify { try $0.refund(receipt: Match.equal("r-7")) }
    }

    func testAFailedVerifyIsAnXCTestFailureAtTheVerifyLine() throws {
        analytics().track(event: "open", value: 1)
        var line = 0
        let failures = collectingFailures {
            analytics.verify(.never) { $0.track(event: Match.equal("open"), value: Match.any()) }
            line = #line - 1
        }
        XCTAssertEqual(failures.count, 1)
        assertNames(failures.first, line: line)
        XCTAssertTrue(failures.first?.description.contains("track") == true, failures.first?.description ?? "")
    }

    /// An async test runs off the main thread: its failed verify must fail it
    /// even when it is the first test of the process to make a double.
    func testAFailedVerifyInAnAsyncTestIsAnXCTestFailureAtTheVerifyLine() async throws {
        analytics().track(event: "open", value: 1)
        await Task.yield()
        var line = 0
        let failures = collectingFailures {
            analytics.verify(.never) { $0.track(event: Match.equal("open"), value: Match.any()) }
            line = #line - 1
        }
        XCTAssertEqual(failures.count, 1)  // before the fix, as the first test of a process: none
        assertNames(failures.first, line: line)
    }

    func testAddTeardownBlockChecksTheDoublesAfterTheTestBody() throws {
        let gateway = try XCTUnwrap(self.gateway)
        let analytics = try XCTUnwrap(self.analytics)
        addTeardownBlock {
            gateway.verifyNoUnusedStubs()
            analytics.verify(2...2) { $0.track(event: Match.any(), value: Match.any()) }
        }
        gateway.when { try $0.refund(receipt: Match.any()) }.thenDoNothing()
        try gateway().refund(receipt: "a")
        analytics().track(event: "refund", value: 1)
        analytics().track(event: "refund", value: 2)
    }

    func testAnAsyncTestPaysThroughTheMainActorModel() async throws {
        await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }
            .thenReturn("r-1", "r-2")
        let model = await S4CheckoutModel(gateway: gateway(), analytics: analytics())

        await model.pay(S4Order(id: 1, cents: 10), token: "t")
        await model.pay(S4Order(id: 2, cents: 20), token: "t")

        let receipts = await model.receipts
        XCTAssertEqual(receipts, ["r-1", "r-2"])
        let events: [(String, Int)] = tracked.arguments()
        XCTAssertEqual(events.map(\.0), ["pay_tapped", "paid", "pay_tapped", "paid"])
        XCTAssertEqual(events.map(\.1), [1, 10, 2, 20])
    }
}

@MainActor final class RealCodeS4MainActorXCTests: XCTestCase {
    private var gateway: Stub<any S4PaymentGateway>!
    private var analytics: Stub<any S4OrderAnalytics>!
    private var model: S4CheckoutModel!

    // No `super` calls: swift-corelibs-xctest's `XCTestCase` is not `Sendable`,
    // so a main-actor override cannot hand `self` to its nonisolated `setUp()`.
    override func setUp() async throws {
        gateway = try Stub<any S4PaymentGateway>()
        analytics = try Stub<any S4OrderAnalytics>()
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        await gateway.when { try await $0.charge(cents: Match.any(), token: Match.equal("expired")) }
            .thenThrow(S4ChargeError.declined(code: 54))
        await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }.thenReturn("ok")
        model = S4CheckoutModel(gateway: gateway(), analytics: analytics())
    }

    override func tearDown() async throws {
        model = nil
        gateway = nil
        analytics = nil
    }

    func testAnExpiredCardIsDeclined() async {
        await model.pay(S4Order(id: 3, cents: 99), token: "expired")
        XCTAssertEqual(model.lastError, .declined(code: 54))
        XCTAssertEqual(model.receipts, [])
        analytics.verify { $0.track(event: Match.equal("declined"), value: Match.equal(99)) }
    }

    func testAValidCardIsCharged() async {
        await model.pay(S4Order(id: 4, cents: 5), token: "fresh")
        XCTAssertEqual(model.receipts, ["ok"])
        await gateway.verify { try await $0.charge(cents: Match.equal(5), token: Match.equal("fresh")) }
        let charges: [(Int, String)] =
            await gateway.when { try await $0.charge(cents: Match.any(), token: Match.any()) }.arguments()
        XCTAssertEqual(charges.map(\.0), [5])
    }
}
#endif
