import TestDoublesManual
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

protocol ProfileLoader {
    func load(id: Int, completion: @escaping @Sendable (Result<String, LoadError>) -> Void)
}

struct ProfileLoaderStubConformer: ProfileLoader, ManualStubConformer {
    let stub: ManualStub<Self>
    func load(id: Int, completion: @escaping @Sendable (Result<String, LoadError>) -> Void) {
        stub.call(id, completion)
    }
}

/// A view model that calls back later, as UIKit-era code does.
final class ProfileModel: @unchecked Sendable {
    let loader: any ProfileLoader
    private let lock = Locked<[String]>([])
    var shown: [String] { lock.withLock { $0 } }
    init(loader: any ProfileLoader) { self.loader = loader }
    func refresh(_ id: Int) {
        loader.load(id: id) { [lock] result in
            lock.withLock { $0.append((try? result.get()) ?? "error") }
        }
    }
}

@Suite struct CallbackCaptureHandOverTests {
    typealias Completion = @Sendable (Result<String, LoadError>) -> Void

    func loader(
        handingTo completions: CallbackCapture<Result<String, LoadError>>
    ) -> ManualStub<
        ProfileLoaderStubConformer
    > {
        let loader = ManualStub<ProfileLoaderStubConformer>()
        loader.when { $0.load(id: Match.any(), completion: Match.any(using: { _ in } as Completion)) }
            .then { (_: Int, completion: @escaping Completion) in completions.capture(completion) }
        return loader
    }

    @Test func invokeNextAnswersTheOldestCallback() throws {
        let completions = CallbackCapture<Result<String, LoadError>>().named("profile completions")
        let model = ProfileModel(loader: loader(handingTo: completions)())
        model.refresh(1)
        model.refresh(2)
        #expect(completions.pendingCount == 2)
        completions.invokeNext(.success("ada"))
        #expect(model.shown == ["ada"])
        completions.invokeNext(.failure(.offline))
        #expect(model.shown == ["ada", "error"])
        #expect(completions.pendingCount == 0)
        completions.assertReleased()

        let issues = TestDoubleIssueReporting.capture { completions.invokeNext(.success("late")) }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.hasPrefix("profile completions: invokeNext expected 1"))
    }

    @Test func invokeAllRepeatingAndRelease() {
        let completions = CallbackCapture<Result<String, LoadError>>()
        let model = ProfileModel(loader: loader(handingTo: completions)())
        for id in 1...4 { model.refresh(id) }
        completions.invokeNext(repeating: 2, .success("x"))
        #expect(model.shown == ["x", "x"])
        completions.invokeAll(.success("y"))
        #expect(model.shown == ["x", "x", "y", "y"])

        model.refresh(5)
        let pending = TestDoubleIssueReporting.capture { completions.assertReleased() }
        #expect(pending.count == 1)
        completions.releaseAll()
        #expect(completions.pendingCount == 0)
        #expect(model.shown.count == 4)
    }

    @Test func waitForCallbackSuspendsUntilTheCallArrives() async {
        let completions = CallbackCapture<Result<String, LoadError>>()
        let model = ProfileModel(loader: loader(handingTo: completions)())
        let refresh = Task.detached { model.refresh(9) }
        // Returns as soon as the call arrives; the long limit only covers a
        // starved emulator (qemu on a loaded CI machine).
        await completions.waitForCallback(within: .seconds(120))
        await refresh.value
        completions.invokeNext(.success("ok"))
        #expect(model.shown == ["ok"])

        let issues = await TestDoubleIssueReporting.capture {
            await completions.waitForCallback(count: 2, within: .milliseconds(20))
        }
        #expect(issues.count == 1)
    }

    @Test func waitForCallbackMeasuresItsTimeoutWithTheGivenClock() async throws {
        let completions = CallbackCapture<Result<String, LoadError>>().named("completions")
        let clock = ManualStubClock()
        let issues = await TestDoubleIssueReporting.capture {
            async let waited: Void = completions.waitForCallback(within: .seconds(30), using: clock)
            await clock.waitForSleepers(atLeast: 1)
            clock.advance(by: .seconds(30))
            await waited
        }
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.message.hasPrefix("completions: expected 1 callback(s) within 30.0 seconds"))

        let model = ProfileModel(loader: loader(handingTo: completions)())
        model.refresh(3)
        let none = await TestDoubleIssueReporting.capture {
            await completions.waitForCallback(within: .seconds(30), using: clock)
        }
        #expect(none.isEmpty)
        completions.invokeNext(.success("ok"))
        #expect(model.shown == ["ok"])
    }

    @Test func theCallbackAliasIsTheClosureTheCaptureKeeps() {
        let completions = CallbackCapture<Int>()
        var received: [Int] = []
        let callback: CallbackCapture<Int>.Callback = { received.append($0) }
        completions.capture(callback)
        completions.invokeNext(7)
        #expect(received == [7])
    }
}
