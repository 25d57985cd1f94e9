import SwiftMocking
import Testing

/// A class to fake: its overrides are backed by spies.
class ImageLoader {
    func load(_ url: String) -> Int { url.count }
    func cancel() {}
    var cacheSize: Int { 100 }
    func fetch(_ url: String) async throws -> [UInt8] { [] }
}

final class FakeImageLoader: ImageLoader, @unchecked Sendable {
    let loadSpy = Spy<String, None, Int>()
    let cancelSpy = Spy<Void, None, Void>()
    let cacheSizeSpy = Spy<Void, None, Int>()
    let fetchSpy = Spy<String, AsyncThrows, [UInt8]>()

    override func load(_ url: String) -> Int { loadSpy(url) }
    override func cancel() { cancelSpy(()) }
    override var cacheSize: Int { cacheSizeSpy(()) }
    override func fetch(_ url: String) async throws -> [UInt8] { try await fetchSpy(url) }
}

/// A type whose dependencies are closures.
struct Downloader {
    var fetch: @Sendable (String) async throws -> [UInt8]
    var now: @Sendable () -> Int
    var log: @Sendable (String, Int) -> Void

    func download(_ url: String) async throws -> Int {
        let bytes = try await fetch(url)
        log(url, bytes.count)
        return now()
    }
}

@Suite struct SpyDirectTests {
    @Test func spiesBackTheOverridesOfAFakedClass() async throws {
        let fake = FakeImageLoader()
        when(fake.loadSpy(.any)).thenReturn(7)
        when(fake.cacheSizeSpy(.any)).thenReturn(5)
        when(fake.fetchSpy(.startsWith("https"))).thenReturn([1, 2])
        let loader: ImageLoader = fake
        #expect(loader.load("x") == 7)
        #expect(loader.cacheSize == 5)
        loader.cancel()
        #expect(try await loader.fetch("https://a") == [1, 2])
        verify(fake.loadSpy("x")).called(1)
        verify(fake.cancelSpy(.any)).called(1)
        verify(fake.fetchSpy(.any)).called(1)
    }

    @Test func freeAdaptTurnsSpiesIntoClosureDependencies() async throws {
        let fetch = Spy<String, AsyncThrows, [UInt8]>()
        let now = Spy<Void, None, Int>()
        let log = Spy<String, Int, None, Void>()
        when(fetch(.any)).thenReturn([9, 9, 9])
        when(now(.any)).thenReturn(1234)
        let downloader = Downloader(fetch: adapt(fetch), now: adapt(now), log: adapt(log))
        #expect(try await downloader.download("u") == 1234)
        verify(fetch("u")).called(1)
        verify(log("u", 3)).called(1)
        verify(now(.any)).called(1)
    }

    @Test func zeroArgumentClosuresComeFromVoidPackSpies() async throws {
        let load = Spy<Void, AsyncThrows, [Int]>()
        when(load(.any)).thenReturn([1])
        let closure: () async throws -> [Int] = adapt(load)
        #expect(try await closure() == [1])
        let syncSpy = Spy<Void, Throws, Int>()
        syncSpy.when(calledWith: .any).thenThrow(PriceError(code: 2))
        let throwing: () throws -> Int = adapt(syncSpy)
        #expect(throws: PriceError(code: 2)) { try throwing() }
        let asyncSpy = Spy<Void, Async, String>()
        let asyncClosure: () async -> String = adapt(asyncSpy)
        #expect(await asyncClosure() == "")
    }

    @Test func aSpyBuildsInteractionsAndLogs() {
        let spy = Spy<String, None, Int>(label: "Service.count")
        #expect(spy.methodLabel == "Service.count")
        spy.isLoggingEnabled = true
        #expect(spy.isLoggingEnabled)
        spy.when(calledWith: .equal("a")).thenReturn(1)
        spy("a")
        let interaction: Interaction<String, None, Int> = spy(.any)
        #expect(interaction.invocations() == ["a"])
        spy.clear()
        #expect(spy.invocationCount == 0)
        let function: @Sendable (String) -> Int = spy.asFunction()
        #expect(function("a") == 0)
    }
}
