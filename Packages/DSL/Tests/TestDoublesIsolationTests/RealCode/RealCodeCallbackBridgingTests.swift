import Dispatch
import Foundation
import TestDoubles
import Testing

// A callback-era SDK wrapped into async/await: completions delivered later
// from another thread or on the main actor, progress reported many times,
// observed with Swift Testing's `confirmation` and `CallbackCapture`.

struct CRUpload: Sendable, Equatable {
    var fileName: String
    var bytes: Int
}

enum CRUploadError: Error, Equatable {
    case quotaExceeded
}

protocol CRUploadClient: Sendable {
    func upload(
        _ upload: CRUpload,
        progress: @escaping @Sendable (Double) -> Void,
        completion: @escaping @Sendable (Result<URL, CRUploadError>) -> Void)
    func requestPermission(completion: @escaping @MainActor (Bool) -> Void)
}

struct CRLegacyUploadClient: CRUploadClient {
    func upload(
        _ upload: CRUpload,
        progress: @escaping @Sendable (Double) -> Void,
        completion: @escaping @Sendable (Result<URL, CRUploadError>) -> Void
    ) {}
    func requestPermission(completion: @escaping @MainActor (Bool) -> Void) {}
}

/// The async front the app writes over the callback client.
struct CRUploader: Sendable {
    let client: any CRUploadClient

    func upload(_ upload: CRUpload, onProgress: @escaping @Sendable (Double) -> Void) async throws -> URL {
        try await withCheckedThrowingContinuation { continuation in
            client.upload(upload, progress: onProgress) { continuation.resume(with: $0) }
        }
    }

    @MainActor func permission() async -> Bool {
        await withCheckedContinuation { continuation in
            client.requestPermission { granted in
                MainActor.assertIsolated()
                continuation.resume(returning: granted)
            }
        }
    }
}

@Suite struct RealCodeCallbackBridgingTests {
    static let photo = CRUpload(fileName: "beach.heic", bytes: 4_000_000)

    @Test func progressAndCompletionArriveFromADispatchQueueLater() async throws {
        let client = try Stub<any CRUploadClient>()
        client.when { $0.upload(Match.any(), progress: Match.any(), completion: Match.any()) }.then {
            @Sendable (
                upload: CRUpload, progress: @escaping @Sendable (Double) -> Void,
                completion: @escaping @Sendable (Result<URL, CRUploadError>) -> Void
            ) in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
                for step in 1...4 { progress(Double(step) / 4) }
                completion(.success(URL(string: "https://cdn.example.com/\(upload.fileName)")!))
            }
        }
        let uploader = CRUploader(client: client())
        let url = try await confirmation("progress", expectedCount: 4) { reported in
            try await uploader.upload(Self.photo) { _ in reported() }
        }
        #expect(url.absoluteString == "https://cdn.example.com/beach.heic")
        client.verify(1...1) { $0.upload(Match.equal(Self.photo), progress: Match.any(), completion: Match.any()) }
    }

    @Test func aCapturedCompletionIsFinishedByTheTestFromAnotherTask() async throws {
        let client = try Stub<any CRUploadClient>()
        let completions = CallbackCapture<@Sendable (Result<URL, CRUploadError>) -> Void>()
        client.when { $0.upload(Match.any(), progress: Match.any(), completion: completions.capture()) }
            .thenDoNothing()
        let uploader = CRUploader(client: client())
        let pending = Task { try await uploader.upload(Self.photo) { _ in } }

        await completions.waitForCallback(within: .seconds(10))
        let complete = try #require(completions.last)
        Task.detached { complete(.failure(.quotaExceeded)) }
        await #expect(throws: CRUploadError.quotaExceeded) { _ = try await pending.value }
    }

    @MainActor @Test func aMainActorCompletionIsCalledBackOnTheMainActor() async throws {
        let client = try Stub<any CRUploadClient>()
        let permissions = CallbackCapture<@MainActor (Bool) -> Void>()
        client.when { $0.requestPermission(completion: permissions.capture()) }.thenDoNothing()
        let uploader = CRUploader(client: client())
        async let granted = uploader.permission()
        await permissions.waitForCallback(within: .seconds(10))
        let answer = try #require(permissions.last)
        answer(true)
        #expect(await granted)
    }

    @MainActor @Test func aMainActorCompletionIsAnsweredByASynchronousHandler() async throws {
        let client = try Stub<any CRUploadClient>()
        client.when { $0.requestPermission(completion: Match.any()) }.then {
            (completion: @escaping @MainActor (Bool) -> Void) in
            Task { @MainActor in completion(false) }
        }
        let uploader = CRUploader(client: client())
        await confirmation("asked once") { asked in
            #expect(await uploader.permission() == false)
            asked()
        }
        client.verify(1...1) { $0.requestPermission(completion: Match.any()) }
    }
}
