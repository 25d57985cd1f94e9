import Synchronization
import TestDoubles
import Testing

protocol ProfileLoading {
    func fetch(id: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void)
    func refresh(_ done: @escaping () -> Void)
}

struct ProfileLoadingFailure: Error, Equatable {}

/// A real conformer, linked so the runtime reads the requirements' signatures.
struct LiveProfileLoading: ProfileLoading {
    func fetch(id: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        completion(.success("live-\(id)"))
    }
    func refresh(_ done: @escaping () -> Void) { done() }
}

/// The conformer a `ManualStub` of `ProfileLoading` drives, as the generator writes it.
struct ProfileLoadingStubConformer: ProfileLoading, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }
    func fetch(id: Int, completion: @escaping @Sendable (Result<String, any Error>) -> Void) {
        let _: Void = stub.call(id, completion)
    }
    func refresh(_ done: @escaping () -> Void) { let _: Void = stub.call(done) }
}

/// What completion handlers received, across threads.
private final class Delivered: Sendable {
    private let values = Mutex<[String]>([])
    func append(_ value: String) { values.withLock { $0.append(value) } }
    var all: [String] { values.withLock { $0 } }
}

@Suite struct CallbackCaptureTests {
    @Test func capturedCompletionCalledLaterReachesTheCaller() throws {
        let loader = try Stub<any ProfileLoading>()
        let completion = CallbackCapture<@Sendable (Result<String, any Error>) -> Void>()
        loader.when { $0.fetch(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
        let delivered = Delivered()
        for id in [7, 8] {
            loader().fetch(id: id) { result in
                switch result {
                case .success(let profile): delivered.append("\(id): \(profile)")
                case .failure(let error): delivered.append("\(id): \(error)")
                }
            }
        }
        #expect(delivered.all.isEmpty)
        #expect(completion.count == 2)
        completion.last?(.success("profile-8"))
        completion.first?(.failure(ProfileLoadingFailure()))
        #expect(delivered.all == ["8: profile-8", "7: ProfileLoadingFailure()"])
        #expect(completion.count == 0)
        loader.verify(2...2) { $0.fetch(id: Match.any(), completion: completion.capture()) }
        #expect(completion.count == 0)
    }

    @Test func onlyMatchingCallsAreCapturedAndReleaseDropsThem() throws {
        let loader = try Stub<any ProfileLoading>()
        let completion = CallbackCapture<@Sendable (Result<String, any Error>) -> Void>()
        loader.when { $0.fetch(id: Match.equal(1), completion: completion.capture()) }.thenDoNothing()
        let ignored: @Sendable (Result<String, any Error>) -> Void = { _ in }
        loader.when { $0.fetch(id: Match.any(), completion: Match.any(using: ignored)) }.thenDoNothing()
        let delivered = Delivered()
        for id in 1...3 { loader().fetch(id: id) { _ in delivered.append("\(id)") } }
        #expect(completion.count == 1)
        completion.takeLast()?(.success(""))
        #expect(delivered.all == ["1"])
        loader().fetch(id: 1) { _ in delivered.append("again") }
        completion.release()
        #expect(completion.count == 0)
        #expect(delivered.all == ["1"])
    }

    @Test func nonSendableCallbackWithoutArguments() throws {
        let loader = try Stub<any ProfileLoading>()
        let done = CallbackCapture<() -> Void>()
        loader.when { $0.refresh(done.capture()) }.thenDoNothing()
        var refreshed = 0
        loader().refresh { refreshed += 1 }
        #expect(refreshed == 0)
        done.last?()
        #expect(refreshed == 1)
        #expect(done.count == 0)
    }

    @Test func scopeReportsAStubsPendingCallbackAtTheCaptureAndNothingOnceCalled() throws {
        let scope = TestDoubleSession()
        let line = #line + 3
        let (loader, completion) = try TestDoubleTestingContext.$session.withValue(scope) {
            let loader = try Stub<any ProfileLoading>()
            let completion = CallbackCapture<@Sendable (Result<String, any Error>) -> Void>()
            loader.when { $0.fetch(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
            return (loader, completion)
        }
        let delivered = Delivered()
        loader().fetch(id: 1) { _ in delivered.append("done") }
        let pending = scope.pendingCallbackCaptureIssues()
        #expect(pending.count == 1)
        #expect(pending.first?.location?.line == line)
        let issue = try #require(pending.first)
        #expect(issue.message.contains("1 captured callback(s) were never called or released"))
        completion.last?(.success("x"))
        #expect(delivered.all == ["done"])
        #expect(scope.pendingCallbackCaptureIssues().isEmpty)
    }

    @Test func manualStubCallbacksAreCapturedToo() {
        let loader = ManualStub<ProfileLoadingStubConformer>()
        let completion = CallbackCapture<@Sendable (Result<String, any Error>) -> Void>()
        loader.when { $0.fetch(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
        let delivered = Delivered()
        loader().fetch(id: 3) { result in delivered.append("\(result)") }
        #expect(completion.count == 1)
        completion.last?(.success("manual"))
        #expect(delivered.all == ["success(\"manual\")"])
        #expect(completion.count == 0)
    }

    @Test func closureDoubleTakingACallbackIsCapturedToo() {
        let subscribe = ClosureDouble<@Sendable (Int) -> Void, Void>()
        let handler = CallbackCapture<@Sendable (Int) -> Void>()
        subscribe.when { $0(handler.capture()) }.thenDoNothing()
        let delivered = Delivered()
        subscribe.function { delivered.append("\($0)") }
        subscribe.function { delivered.append("second \($0)") }
        #expect(handler.count == 2)
        handler.callbacks.forEach { $0(42) }
        #expect(delivered.all == ["42", "second 42"])
        #expect(handler.count == 0)
    }
}
