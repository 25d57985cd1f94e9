import Synchronization
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

@testable import TestDoublesTesting

/// A front with one requirement taking a completion handler.
private final class FetchDouble: RecordingTestDouble, Sendable {
    typealias Completion = @Sendable (Result<String, any Error>) -> Void
    let recorder = InvocationRecorder(name: "FetchDouble")
    static let fetch = Requirement("fetch(id:completion:)")
    var recordingSubject: FetchDouble { self }
    func fetch(id: Int, completion: @escaping Completion) {
        let _: Void = recorder.call(Self.fetch, [id, completion])
    }

    /// A double whose `fetch` keeps every completion in the returned capture
    /// (created at the caller's line) and does nothing else.
    static func capturing(line: Int = #line) -> (FetchDouble, CallbackCapture<Completion>) {
        let double = FetchDouble()
        let completion = CallbackCapture<Completion>(line: line)
        double.when { $0.fetch(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
        return (double, completion)
    }
}

#if compiler(>=6.1)
@Suite struct CallbackCaptureTraitTests {
    @Test func strictScopeReportsPendingCallbacksWhereTheCaptureWasCreated() async throws {
        let line = #line + 2
        let found = try await teardownIssues(.strictTestDoubles) {
            let (double, completion) = FetchDouble.capturing()
            double.fetch(id: 1) { _ in }
            double.fetch(id: 2) { _ in }
            double.verify(2...2) { $0.fetch(id: Match.any(), completion: completion.capture()) }
        }
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.contains("2 captured callback(s) were never called or released"))
        #expect(found.first?.location?.line == line)
        #expect(found.first?.location?.fileID == #fileID)
    }

    @Test func strictScopeIsQuietWhenEveryCallbackWasCalledOrReleased() async throws {
        let found = try await teardownIssues(.strictTestDoubles) {
            let (double, completion) = FetchDouble.capturing()
            double.fetch(id: 1) { _ in }
            double.fetch(id: 2) { _ in }
            double.verify(2...2) { $0.fetch(id: Match.any(), completion: completion.capture()) }
            completion.last?(.success("two"))
            completion.release()
        }
        #expect(found.isEmpty)
    }

    @Test func standardScopeDoesNotCheckCaptures() async throws {
        let found = try await teardownIssues(.testDoubles) {
            let (double, completion) = FetchDouble.capturing()
            double.fetch(id: 1) { _ in }
        }
        #expect(found.isEmpty)
    }

    @Test func onlyTheCaptureCheckCanBeSelected() async throws {
        let found = try await teardownIssues(.testDoubles(.noPendingCallbackCaptures)) {
            let (double, completion) = FetchDouble.capturing()
            double.fetch(id: 1) { _ in }
        }
        #expect(found.count == 1)
        let message = try #require(found.first?.message)
        #expect(message.hasPrefix("CallbackCapture<@Sendable (Result<String, "))
        #expect(message.hasSuffix(">: 1 captured callback(s) were never called or released"))
    }

    @Test(.strictTestDoubles) func traitAppliesToATestDeclaration() {
        let (double, completion) = FetchDouble.capturing()
        let received = Locked(String())
        double.fetch(id: 1) { result in received.withLock { $0 = "\(result)" } }
        double.verify { $0.fetch(id: Match.equal(1), completion: completion.capture()) }
        completion.last?(.success("profile"))
        #expect(received.withLock { $0 } == "success(\"profile\")")
    }
}
#endif
