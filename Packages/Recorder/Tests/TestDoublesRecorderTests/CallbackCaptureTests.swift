import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A loader that answers through completion handlers.
private protocol Loader {
    func load(id: Int, completion: @escaping @Sendable (Result<String, ServiceError>) -> Void)
    func ping(_ done: @escaping () -> Void)
    func pair(_ handler: @escaping @Sendable (Int, String) -> Void)
    func lookup(_ key: String, reply: @escaping @Sendable (String) throws -> Int)
}

/// A hand-written front of `Loader`.
private final class LoaderDouble: Loader, RecordingTestDouble, Sendable {
    let recorder = InvocationRecorder(name: "LoaderDouble")
    static let load = Requirement("load(id:completion:)")
    static let ping = Requirement("ping(_:)")
    static let pair = Requirement("pair(_:)")
    static let lookup = Requirement("lookup(_:reply:)")
    var recordingSubject: any Loader { self }

    func load(id: Int, completion: @escaping @Sendable (Result<String, ServiceError>) -> Void) {
        let _: Void = recorder.call(Self.load, [id, completion])
    }
    func ping(_ done: @escaping () -> Void) { let _: Void = recorder.call(Self.ping, [done]) }
    func pair(_ handler: @escaping @Sendable (Int, String) -> Void) {
        let _: Void = recorder.call(Self.pair, [handler])
    }
    func lookup(_ key: String, reply: @escaping @Sendable (String) throws -> Int) {
        let _: Void = recorder.call(Self.lookup, [key, reply])
    }
}

private typealias Completion = @Sendable (Result<String, ServiceError>) -> Void

/// Collects what completion handlers receive, across threads.
private final class Received<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])
    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

@Suite struct CallbackCaptureTests {
    @Test func capturesEveryCallbackInCallOrderAndTheValueReachesTheCaller() {
        let loader = LoaderDouble()
        let completion = CallbackCapture<Completion>()
        loader.when { $0.load(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
        let received = Received<String>()
        for id in 1...3 {
            loader.load(id: id) { result in received.append("\(id):\(result)") }
        }
        #expect(completion.count == 3)
        completion.first?(.success("a"))
        completion.last?(.failure(.offline))
        #expect(received.all == ["1:success(\"a\")", "3:failure(TestDoublesRecorderTests.ServiceError.offline)"])
        #expect(completion.count == 1)
        completion.callbacks.first?(.success("b"))
        #expect(received.all.last == "2:success(\"b\")")
        #expect(completion.count == 0)
        #expect(completion.last == nil)
    }

    @Test func onlyCallsMatchingTheWholePatternAreCaptured() {
        let loader = LoaderDouble()
        let completion = CallbackCapture<Completion>()
        loader.when { $0.load(id: Match.equal(2), completion: completion.capture()) }.thenDoNothing()
        let ignored: Completion = { _ in }
        loader.when { $0.load(id: Match.any(), completion: Match.any(using: ignored)) }.thenDoNothing()
        let received = Received<Int>()
        for id in 1...3 { loader.load(id: id) { _ in received.append(id) } }
        #expect(completion.count == 1)
        completion.takeLast()?(.success(""))
        #expect(received.all == [2])
    }

    @Test func takingAndReleasingHandleCallbacksWithoutCallingThem() {
        let loader = LoaderDouble()
        let completion = CallbackCapture<Completion>()
        loader.when { $0.load(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
        let received = Received<Int>()
        for id in 1...4 { loader.load(id: id) { _ in received.append(id) } }
        let first = completion.takeFirst()
        let last = completion.takeLast()
        #expect(completion.count == 2)
        last?(.success(""))
        first?(.success(""))
        #expect(received.all == [4, 1])
        completion.release()
        #expect(completion.count == 0)
        #expect(completion.callbacks.isEmpty)
        #expect(received.all == [4, 1])
        loader.load(id: 5) { _ in received.append(5) }
        #expect(completion.count == 1)
        let all = completion.takeAll()
        #expect(all.count == 1)
        #expect(completion.takeAll().isEmpty)
        #expect(completion.takeFirst() == nil)
    }

    @Test func verifyRecordingsCaptureTheSameCallsOnce() {
        let loader = LoaderDouble()
        let completion = CallbackCapture<Completion>()
        loader.when { $0.load(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
        loader.load(id: 1) { _ in }
        loader.verify { $0.load(id: Match.equal(1), completion: completion.capture()) }
        #expect(completion.count == 1)
    }

    @Test func everyTrackedShapeMarksCallsHandled() {
        let loader = LoaderDouble()
        let done = CallbackCapture<() -> Void>()
        let pair = CallbackCapture<@Sendable (Int, String) -> Void>()
        loader.when { $0.ping(done.capture()) }.thenDoNothing()
        loader.when { $0.pair(pair.capture()) }.thenDoNothing()
        let received = Received<String>()
        loader.ping { received.append("ping") }
        loader.pair { received.append("\($0)\($1)") }
        done.last?()
        pair.last?(7, "x")
        #expect(received.all == ["ping", "7x"])
        #expect(done.count == 0)
        #expect(pair.count == 0)
    }

    @Test func untrackedShapesAreHandledByTakingOrReleasing() throws {
        let loader = LoaderDouble()
        let reply = CallbackCapture<@Sendable (String) throws -> Int>()
        loader.when { $0.lookup(Match.any(), reply: reply.capture(using: { _ in 0 })) }.thenDoNothing()
        loader.lookup("a") { $0.count }
        #expect(try reply.last?("abc") == 3)
        #expect(reply.count == 1)  // a call through `last` is not tracked for this shape
        #expect(try reply.takeLast()?("ab") == 2)
        #expect(reply.count == 0)
    }

    @Test func oneHundredConcurrentCallsAreEachCapturedExactlyOnce() async {
        let loader = LoaderDouble()
        let completion = CallbackCapture<Completion>()
        loader.when { $0.load(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
        let received = Received<Int>()
        await withTaskGroup(of: Void.self) { group in
            for id in 0..<100 {
                group.addTask { loader.load(id: id) { _ in received.append(id) } }
            }
        }
        #expect(completion.count == 100)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { completion.takeFirst()?(.success("")) }
            }
        }
        #expect(completion.count == 0)
        #expect(received.all.sorted() == Array(0..<100))
    }

    @Test func scopeReportsOneIssueAtTheCreationSiteForPendingCallbacks() throws {
        let scope = TestDoubleSession()
        let line = #line + 3
        let completion = TestDoubleTestingContext.$session.withValue(scope) {
            let loader = LoaderDouble()
            let completion = CallbackCapture<Completion>()
            loader.when { $0.load(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
            loader.load(id: 1) { _ in }
            loader.load(id: 2) { _ in }
            return completion
        }
        let found = scope.pendingCallbackCaptureIssues()
        #expect(found.count == 1)
        let issue = try #require(found.first)
        #expect(issue.message.hasSuffix("2 captured callback(s) were never called or released"))
        #expect(found.first?.location?.line == line)
        #expect(found.first?.location?.fileID == #fileID)
        #expect(found.first?.kind == .unmetExpectation)
        completion.last?(.success(""))
        #expect(try #require(scope.pendingCallbackCaptureIssues().first).message.contains(" 1 captured callback(s)"))
        completion.release()
        #expect(scope.pendingCallbackCaptureIssues().isEmpty)
    }

    @Test func scopeIsQuietWhenCallbacksWereCalledOrReleased() {
        let scope = TestDoubleSession()
        TestDoubleTestingContext.$session.withValue(scope) {
            let loader = LoaderDouble()
            let called = CallbackCapture<Completion>()
            let released = CallbackCapture<() -> Void>()
            let unused = CallbackCapture<Completion>()
            loader.when { $0.load(id: Match.any(), completion: called.capture()) }.thenDoNothing()
            loader.when { $0.ping(released.capture()) }.thenDoNothing()
            _ = unused
            loader.load(id: 1) { _ in }
            loader.ping {}
            called.callbacks.forEach { $0(.success("")) }
            released.release()
        }
        #expect(scope.pendingCallbackCaptureIssues().isEmpty)
    }

    @Test func capturesOutsideAScopeAreNotAdopted() {
        let scope = TestDoubleSession()
        let outside = CallbackCapture<Completion>()
        let loader = LoaderDouble()
        loader.when { $0.load(id: Match.any(), completion: outside.capture()) }.thenDoNothing()
        loader.load(id: 1) { _ in }
        #expect(scope.pendingCallbackCaptureIssues().isEmpty)
        outside.release()
    }

    @Test func explicitCheckReportsPendingCallbacksAtItsCallSite() throws {
        let loader = LoaderDouble()
        let completion = CallbackCapture<Completion>()
        loader.when { $0.load(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
        loader.load(id: 1) { _ in }
        var passed = true
        let line = #line + 1
        let found = TestDoubleIssueReporting.capture { passed = completion.verifyNoPendingCallbacks() }
        #expect(!passed)
        #expect(found.count == 1)
        #expect(found.first?.location?.line == line)
        let issue = try #require(found.first)
        #expect(issue.message.hasSuffix("1 captured callback(s) were never called or released"))
        completion.release()
        #expect(TestDoubleIssueReporting.capture { passed = completion.verifyNoPendingCallbacks() }.isEmpty)
        #expect(passed)
    }

    @Test func callingThePlaceholderInsideARecordingPassIsAnIssueNotAStop() throws {
        let loader = LoaderDouble()
        let line = #line + 1
        let completion = CallbackCapture<Completion>()
        let issues = TestDoubleIssueReporting.capture {
            loader.when { double in
                // Matchers are pushed in argument order: the id's first.
                let id: Int = Match.any()
                let placeholder = completion.capture()
                placeholder(.success("from the recording pass"))
                double.load(id: id, completion: placeholder)
            }.thenDoNothing()
        }
        let issue = try #require(issues.first { $0.message.contains("placeholder closure") })
        #expect(issue.kind == .invalidRecording)
        #expect(issue.location?.line == line)
        // The pass still recorded the capturing matcher: a real call's callback is kept.
        let received = Received<String>()
        loader.load(id: 7) { result in received.append("\(result)") }
        #expect(completion.count == 1)
        completion.first?(.success("real"))
        #expect(received.all == ["success(\"real\")"])
    }
}
