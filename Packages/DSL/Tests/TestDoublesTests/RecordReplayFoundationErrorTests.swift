import Foundation
import TestDoubles
import Testing

// A feed client that fails with Foundation's own errors, recorded through a
// forwarding Spy, saved to a file and replayed on a plain Stub: code that
// catches `URLError` must see a `URLError` with the recorded code and user
// info, not a `RecordedError`.

protocol FeedDownloading: Sendable {
    func download(_ path: String) async throws -> Data
    func cached(_ path: String) throws -> Data
}

/// A live object in a user-info dictionary, as URLSession puts its task there.
final class FeedTask: Sendable {}

struct FailingFeedDownloader: FeedDownloading {
    static let base = URL(string: "https://feeds.example.com/")!

    func download(_ path: String) async throws -> Data {
        switch path {
        case "slow":
            let underlying = NSError(
                domain: "kCFErrorDomainCFNetwork", code: -1001, userInfo: ["_kCFStreamErrorCodeKey": -2102])
            throw URLError(
                .timedOut,
                userInfo: [
                    NSURLErrorFailingURLErrorKey: Self.base.appendingPathComponent(path),
                    NSURLErrorFailingURLStringErrorKey: Self.base.appendingPathComponent(path).absoluteString,
                    NSLocalizedDescriptionKey: "The request timed out.",
                    NSUnderlyingErrorKey: underlying,
                    "_NSURLErrorFailingURLSessionTaskErrorKey": FeedTask(),
                    "retryable": true,
                    "backoff": 1.5,
                ])
        case "offline": throw URLError(.notConnectedToInternet)
        case "gone": throw NSError(domain: "FeedServer", code: 410, userInfo: ["reason": "removed"])
        default: return Data(path.utf8)
        }
    }

    func cached(_ path: String) throws -> Data {
        switch path {
        case "missing": throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/cache/\(path)"])
        case "locked": throw POSIXError(.EACCES)
        default: return Data(path.utf8)
        }
    }
}

@Suite struct RecordReplayFoundationErrorTests {
    /// What a feed screen's loader would make of each path.
    static func load(_ feed: any FeedDownloading) async -> [String] {
        var outcomes: [String] = []
        for path in ["ok", "slow", "offline", "gone"] {
            do {
                outcomes.append(String(decoding: try await feed.download(path), as: UTF8.self))
            } catch let error as URLError {
                outcomes.append("URLError \(error.code.rawValue) \(error.failureURLString ?? "-")")
            } catch {
                let bridged = error as NSError
                outcomes.append("\(type(of: error)) \(bridged.domain) \(bridged.code)")
            }
        }
        for path in ["missing", "locked"] {
            do {
                outcomes.append(String(decoding: try feed.cached(path), as: UTF8.self))
            } catch let error as CocoaError {
                outcomes.append("CocoaError \(error.code.rawValue) \(error.filePath ?? "-")")
            } catch let error as POSIXError {
                outcomes.append("POSIXError \(error.code.rawValue)")
            } catch {
                outcomes.append("other \(type(of: error))")
            }
        }
        return outcomes
    }

    /// Records `load` against the failing downloader through a spy, saves
    /// the fixture to a file and loads it back.
    static func recordedFixture() async throws -> (outcomes: [String], fixture: InteractionFixture) {
        let directory = try FixtureDirectory()
        let session = RecordingSession(named: "feed")
        let spy = try Spy<any FeedDownloading>(forwardingTo: FailingFeedDownloader(), recordingInto: session)
        let outcomes = await load(spy())
        let url = directory.file("feed.json")
        try session.save(to: url)
        return (outcomes, try InteractionFixture.load(from: url))
    }

    @Test func foundationErrorsReplayAsTheirOwnTypesWithTheirCodes() async throws {
        let recorded = try await Self.recordedFixture()
        #expect(
            recorded.outcomes == [
                "ok", "URLError -1001 https://feeds.example.com/slow", "URLError -1009 -", "NSError FeedServer 410",
                "CocoaError 260 /cache/missing", "POSIXError \(POSIXErrorCode.EACCES.rawValue)",
            ])

        let stub = try Stub<any FeedDownloading>()
        let replay = stub.replay(recorded.fixture)
        var replayed: [String] = []
        let issues = await TestDoubleIssueReporting.capture { () async in
            replayed = await Self.load(stub())
            replay.assertFullyReplayed()
        }
        #expect(issues.map(\.message) == [])
        #expect(replayed == recorded.outcomes)
    }

    @Test func theUserInfoComesBackWithItsTypesAndTheLiveObjectIsNamedAsDropped() async throws {
        let recorded = try await Self.recordedFixture()
        let fixture = recorded.fixture
        let stub = try Stub<any FeedDownloading>()
        stub.replay(fixture)
        let live = FailingFeedDownloader()
        var liveError: URLError?
        do { _ = try await live.download("slow") } catch let error as URLError { liveError = error }
        var replayedError: URLError?
        do { _ = try await stub().download("ok") } catch {}
        do { _ = try await stub().download("slow") } catch let error as URLError { replayedError = error }

        let expected = try #require(liveError)
        let error = try #require(replayedError)
        #expect(error.code == .timedOut)
        #expect(error.failingURL == expected.failingURL)
        #expect(error.userInfo[NSLocalizedDescriptionKey] as? String == "The request timed out.")
        #expect(error.userInfo["retryable"] as? Bool == true)
        #expect(error.userInfo["backoff"] as? Double == 1.5)
        let underlying = try #require(error.userInfo[NSUnderlyingErrorKey] as? NSError)
        #expect(underlying.domain == "kCFErrorDomainCFNetwork")
        #expect(underlying.code == -1001)
        #expect(underlying.userInfo["_kCFStreamErrorCodeKey"] as? Int == -2102)
        // The session task cannot be replayed: it is left out, and the fixture says so.
        #expect(error.userInfo["_NSURLErrorFailingURLSessionTaskErrorKey"] == nil)
        #expect(
            Set(error.userInfo.keys)
                == Set(expected.userInfo.keys).subtracting(["_NSURLErrorFailingURLSessionTaskErrorKey"]))
        let slow = try #require(fixture.interactions.first { $0.arguments == [.string("slow")] })
        guard case .threw(let recordedError) = slow.outcome else {
            Issue.record("the slow download was recorded as \(slow.outcome)")
            return
        }
        #expect(recordedError.type == String(reflecting: URLError.self))
        #expect("\(recordedError.value.map { "\($0)" } ?? "")".contains("_NSURLErrorFailingURLSessionTaskErrorKey"))
    }

    @Test func aKeyedReplayThrowsTheFoundationErrorToo() async throws {
        let session = RecordingSession(named: "keyed")
        let live = FailingFeedDownloader()
        let recorder = try Stub<any FeedDownloading>()
        recorder.when { try $0.cached(Match.any()) }
            .thenRecord(as: "cached", into: session) { (path: String) in try live.cached(path) }
        for path in ["missing"] { _ = try? recorder().cached(path) }
        let fixture = try InteractionFixture(json: try session.snapshot().json())

        let stub = try Stub<any FeedDownloading>()
        stub.when { try $0.cached(Match.any()) }.thenReplay(as: "cached", from: fixture)
        var caught: (any Error)?
        do { _ = try stub().cached("anything") } catch { caught = error }
        let error = try #require(caught as? CocoaError)
        #expect(error.code == .fileReadNoSuchFile)
        #expect(error.filePath == "/cache/missing")
    }

    @Test func anNSErrorSubclassIsNotRebuiltAsAnNSError() async throws {
        final class ServerError: NSError, @unchecked Sendable {}
        struct Failing: FeedDownloading {
            func download(_ path: String) async throws -> Data { throw ServerError(domain: "S", code: 1) }
            func cached(_ path: String) throws -> Data { Data() }
        }
        let session = RecordingSession(named: "subclass")
        let spy = try Spy<any FeedDownloading>(forwardingTo: Failing(), recordingInto: session)
        _ = try? await spy().download("x")
        let stub = try Stub<any FeedDownloading>()
        stub.replay(try InteractionFixture(json: try session.snapshot().json()))
        var caught: (any Error)?
        do { _ = try await stub().download("x") } catch { caught = error }
        #expect(caught is RecordedError)
    }
}
