import Foundation
import TestDoublesManual
import Testing

// Clients whose closures take and return what real features pass around:
// multi-word structs, optionals, enums with payloads, progress callbacks,
// typed throws, main-actor closures and streams.

struct UploadRequest: Equatable, Sendable {
    var path: String
    var size: Int
    var checksum: UInt64
    var contentType: String?
    var retries: Int
}

enum UploadOutcome: Equatable, Sendable {
    case done(id: String)
    case partial(sent: Int, of: Int)
    case rejected(reason: String?)
}

enum UploadError: Error, Equatable { case quota(Int), cancelled }

struct UploadClient: Sendable {
    var upload: @Sendable (UploadRequest, @escaping @Sendable (Double) -> Void) async throws -> UploadOutcome
    var cancel: @Sendable (String?) -> Bool
    var validate: @Sendable (UploadRequest) throws(UploadError) -> Int
    var events: @Sendable (String) -> AsyncStream<Int>
    var lastOutcome: @Sendable () -> UploadOutcome?
}

let uploadClients = ClientDoublePreset<UploadClient> { endpoints in
    UploadClient(
        upload: endpoints.asyncThrowingFunction("upload"),
        cancel: endpoints.function("cancel"),
        validate: endpoints.throwingFunction("validate", throwing: UploadError.self),
        events: endpoints.function("events"),
        lastOutcome: endpoints.function("lastOutcome"))
}

struct BadgeClient {
    var setBadge: @MainActor @Sendable (Int) async -> Void
    var badge: @MainActor @Sendable () async throws -> Int
}

@MainActor @Suite struct RichShapeClientTests {
    /// Recording values: this target links no runtime synthesis (see `Match.any(using:)`).
    static let anyRequest = UploadRequest(path: "", size: 0, checksum: 0, contentType: nil, retries: 0)
    static let noProgress: @Sendable (Double) -> Void = { _ in }

    static let request = UploadRequest(
        path: "/a.png", size: 1_024, checksum: 0xDEAD_BEEF_CAFE_F00D, contentType: "image/png", retries: 3)

    @Test func structArgumentAndEnumResultRoundTrip() async throws {
        let uploads = uploadClients.failing()
        await uploads.when { try await $0.upload(Match.equal(Self.request), Match.any(using: Self.noProgress)) }
            .thenReturn(.partial(sent: 10, of: 20))
        await uploads.when { try await $0.upload(Match.any(using: Self.anyRequest), Match.any(using: Self.noProgress)) }
            .thenReturn(.rejected(reason: nil))
        let client = uploads()
        #expect(try await client.upload(Self.request, { _ in }) == .partial(sent: 10, of: 20))
        var other = Self.request
        other.contentType = nil
        #expect(try await client.upload(other, { _ in }) == .rejected(reason: nil))

        let calls: [(UploadRequest, @Sendable (Double) -> Void)] = await uploads.when {
            try await $0.upload(Match.any(using: Self.anyRequest), Match.any(using: Self.noProgress))
        }.arguments()
        #expect(calls.map(\.0) == [Self.request, other])
    }

    @Test func handlerCallsTheProgressCallback() async throws {
        let uploads = uploadClients.failing()
        await uploads.when { try await $0.upload(Match.any(using: Self.anyRequest), Match.any(using: Self.noProgress)) }
            .then {
                (request: UploadRequest, progress: @escaping @Sendable (Double) -> Void) in
                progress(0.5)
                progress(1.0)
                return UploadOutcome.done(id: request.path)
            }
        let seen = LockedBox([Double]())
        let outcome = try await uploads().upload(Self.request) { value in seen.withLock { $0.append(value) } }
        #expect(outcome == .done(id: "/a.png"))
        #expect(seen.withLock { $0 } == [0.5, 1.0])
    }

    @Test func optionalArgumentsAndResults() {
        let uploads = uploadClients.failing()
        uploads.when { $0.cancel(Match.equal(nil)) }.thenReturn(false)
        uploads.when { $0.cancel(Match.any()) }.thenReturn(true)
        uploads.when { $0.lastOutcome() }.thenReturn(nil).thenReturn(.done(id: "x"))
        let client = uploads()
        #expect(client.cancel(nil) == false)
        #expect(client.cancel("job") == true)
        #expect(client.lastOutcome() == nil)
        #expect(client.lastOutcome() == .done(id: "x"))
        let cancelled: [String?] = uploads.when { $0.cancel(Match.any()) }.arguments()
        #expect(cancelled == [nil, "job"])
    }

    @Test func typedThrowsKeepsTheErrorType() throws {
        let uploads = uploadClients.failing()
        uploads.when { try $0.validate(Match.any(using: Self.anyRequest)) }.thenThrow(UploadError.quota(5)).thenReturn(
            7)
        let client = uploads()
        let first = Result { () throws(UploadError) -> Int in try client.validate(Self.request) }
        #expect(first == .failure(.quota(5)))
        #expect(try client.validate(Self.request) == 7)
    }

    @Test func streamResult() async {
        let uploads = uploadClients.failing()
        uploads.when { $0.events(Match.any()) }.then { (_: String) in
            AsyncStream { continuation in
                for value in 1...3 { continuation.yield(value) }
                continuation.finish()
            }
        }
        var received: [Int] = []
        for await value in uploads().events("job") { received.append(value) }
        #expect(received == [1, 2, 3])
    }

    @Test func mainActorClosures() async throws {
        let badge = ClientStub<BadgeClient> { endpoints in
            BadgeClient(
                setBadge: endpoints.mainActorAsyncFunction("setBadge"),
                badge: endpoints.mainActorAsyncThrowingFunction("badge"))
        }
        await badge.when { await $0.setBadge(Match.any()) }.thenDoNothing()
        await badge.when { try await $0.badge() }.thenReturn(4)
        let client = badge()
        await client.setBadge(3)
        #expect(try await client.badge() == 4)
        let set: [Int] = await badge.when { await $0.setBadge(Match.any()) }.arguments()
        #expect(set == [3])
    }
}

/// A tiny lock for the tests' own bookkeeping.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
