import Foundation
import TestDoubles
import Testing

// Dummies for the dependencies a screen needs only to be constructed: an image
// pipeline whose requirements answer Foundation values, enums, optionals,
// closures, other protocols and generic values; and the concrete values the
// same initializers take.

enum RCSyncState: Sendable, Equatable {
    case idle
    case syncing(progress: Double)
    case failed(message: String, retryAt: Date?)
}

struct RCImageRequest: Sendable, Equatable {
    var url: URL
    var targetSize: Int
    var cacheKey: UUID
    var requestedAt: Date
}

protocol RCImageDecoder: Sendable {
    func decode(_ data: Data) throws -> [UInt8]
}

protocol RCImagePipeline: AnyObject, Sendable {
    var cacheDirectory: URL { get }
    var lastPurge: Date { get }
    var estimatedCost: Decimal { get }
    var state: RCSyncState { get }
    var decoder: any RCImageDecoder { get }
    var onPurge: (@Sendable (Int) -> Void)? { get set }
    func image(for request: RCImageRequest) async throws -> Data
    func cachedImage(for url: URL) -> Data?
    func token() -> UUID
    func prefetch(_ urls: [URL], completion: @escaping @Sendable (Result<Int, any Error>) -> Void)
    func metadata<Value>(_ key: String) -> Value?
}

/// Linked so the fabricated conformance has signatures to read if a test needs a Stub.
final class RCLiveImagePipeline: RCImagePipeline, @unchecked Sendable {
    let cacheDirectory = URL(fileURLWithPath: "/tmp/images")
    let lastPurge = Date.distantPast
    let estimatedCost = Decimal(0)
    let state = RCSyncState.idle
    var decoder: any RCImageDecoder { fatalError("not used") }
    var onPurge: (@Sendable (Int) -> Void)?
    func image(for request: RCImageRequest) async throws -> Data { Data() }
    func cachedImage(for url: URL) -> Data? { nil }
    func token() -> UUID { UUID() }
    func prefetch(_ urls: [URL], completion: @escaping @Sendable (Result<Int, any Error>) -> Void) {}
    func metadata<Value>(_ key: String) -> Value? { nil }
}

/// A screen that takes everything at construction but reads only its title.
struct RCGalleryScreen {
    let pipeline: any RCImagePipeline
    let decoder: any RCImageDecoder
    let request: RCImageRequest
    let state: RCSyncState
    let onSelect: @Sendable (UUID) -> Void
    let title: String

    var headline: String { title.uppercased() }
}

@Suite struct RealCodeDummyDependencyTests {
    @Test func aScreenBuiltFromDummiesOnlyUsesItsTitle() throws {
        let screen = RCGalleryScreen(
            pipeline: Dummy.make(),
            decoder: Dummy.make(),
            request: Dummy.make(),
            state: Dummy.make(),
            onSelect: Dummy.make(),
            title: "Trip to Lisbon")
        #expect(screen.headline == "TRIP TO LISBON")
    }

    @Test func foundationValuesAreMadeOrFailClosed() throws {
        // Each either builds a value or throws a StubError; none ends the process.
        func attempt<Value>(_ type: Value.Type) -> String {
            do {
                _ = try Dummy<Value>()()
                return "ok"
            } catch {
                return "\(error)"
            }
        }
        for result in [
            attempt(URL.self), attempt(Date.self), attempt(Data.self), attempt(UUID.self),
            attempt(Decimal.self), attempt(RCSyncState.self), attempt(RCImageRequest?.self),
            attempt(Result<Int, RCPaymentError>.self), attempt([URL: Date].self),
        ] {
            #expect(result == "ok")
        }
    }

    @Test func aDummyFactoryRegisteredForTheSuiteWins() throws {
        Dummy<RCImageRequest>.register {
            RCImageRequest(
                url: URL(string: "https://cdn.example.com/p.jpg")!, targetSize: 1, cacheKey: UUID(), requestedAt: .now)
        }
        defer { Dummy<RCImageRequest>.unregister() }
        let request: RCImageRequest = Dummy.make()
        #expect(request.url.host == "cdn.example.com")
        let local: RCImageRequest = Dummy.make(using: {
            RCImageRequest(url: URL(fileURLWithPath: "/x"), targetSize: 2, cacheKey: UUID(), requestedAt: .distantPast)
        })
        #expect(local.targetSize == 2)
    }

    @Test func closuresOfEveryEffectAreDummies() throws {
        let completion: @Sendable (Result<Int, any Error>) -> Void = Dummy.make()
        let loader: @Sendable (URL) async throws -> Data = Dummy.make()
        let mainActorHandler: @MainActor (RCSyncState) -> Void = Dummy.make()
        let optionalHandler: (@Sendable (Int) -> Void)? = try Dummy()()
        _ = (completion, loader, mainActorHandler, optionalHandler)
    }

    @Test func aStubOfTheSamePipelineAnswersFoundationValues() async throws {
        let stub = try Stub<any RCImagePipeline>()
        let directory = URL(fileURLWithPath: "/var/mobile/Caches/images", isDirectory: true)
        let token = UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000001")!
        stub.when { $0.cacheDirectory }.thenReturn(directory)
        stub.when { $0.estimatedCost }.thenReturn(Decimal(string: "1.25")!)
        stub.when { $0.state }.thenReturn(.failed(message: "offline", retryAt: Date(timeIntervalSince1970: 60)))
        stub.when { $0.token() }.thenReturn(token)
        stub.when { $0.cachedImage(for: Match.any()) }.thenReturn(Data([0xFF, 0xD8]))
        stub.when { $0.metadata(Match.equal("width")) as Int? }.thenReturn(640)
        await stub.when { try await $0.image(for: Match.any()) }.thenThrow(URLError(.notConnectedToInternet))
        let pipeline = stub()
        #expect(pipeline.cacheDirectory == directory)
        #expect(pipeline.estimatedCost == Decimal(string: "1.25")!)
        #expect(pipeline.state == .failed(message: "offline", retryAt: Date(timeIntervalSince1970: 60)))
        #expect(pipeline.token() == token)
        #expect(pipeline.cachedImage(for: directory) == Data([0xFF, 0xD8]))
        let width: Int? = pipeline.metadata("width")
        #expect(width == 640)
        let request = RCImageRequest(url: directory, targetSize: 64, cacheKey: token, requestedAt: .distantFuture)
        await #expect(throws: URLError.self) { try await pipeline.image(for: request) }
        await stub.verify { try await $0.image(for: Match.equal(request)) }
    }
}
