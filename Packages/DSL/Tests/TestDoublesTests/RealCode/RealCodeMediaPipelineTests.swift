import Foundation
import TestDoubles
import Testing

// An image and video pipeline as a media feature writes it: a downloader that
// streams progress through an `AsyncThrowingStream`, a completion-handler
// thumbnail API answering `Result<_, MDMediaError>`, a memory cache addressed
// by subscript, an async `diskUsage` property and a throwing `quota` getter,
// timeouts as `Duration`, and a gallery loader under test.

enum MDMediaError: Error, Equatable, Sendable {
    case notFound(URL)
    case corrupt(bytes: Int)
    case timedOut(Duration)
}

struct MDImage: Equatable, Sendable {
    var url: URL
    var pixels: Data
    var scale: Double
}

enum MDDownloadEvent: Equatable, Sendable {
    case progress(Double)
    case finished(Data)
}

protocol MDDownloader: Sendable {
    func download(_ url: URL, timeout: Duration) -> AsyncThrowingStream<MDDownloadEvent, any Error>
    func thumbnail(
        for url: URL, maxPixelSize: Int, completion: @escaping @Sendable (Result<MDImage, MDMediaError>) -> Void)
    func cancelAll() async
}

protocol MDImageCache: AnyObject, Sendable {
    subscript(url: URL) -> MDImage? { get set }
    subscript(prefix prefix: String) -> [URL] { get }
    var diskUsage: Int { get async }
    var quota: Int { get throws }
    func purge(olderThan age: Duration) async throws -> Int
}

struct MDLiveDownloader: MDDownloader {
    func download(_ url: URL, timeout: Duration) -> AsyncThrowingStream<MDDownloadEvent, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(.progress(1))
            continuation.yield(.finished(Data(url.absoluteString.utf8)))
            continuation.finish()
        }
    }
    func thumbnail(
        for url: URL, maxPixelSize: Int, completion: @escaping @Sendable (Result<MDImage, MDMediaError>) -> Void
    ) {
        completion(.success(MDImage(url: url, pixels: Data(count: maxPixelSize), scale: 1)))
    }
    func cancelAll() async {}
}

final class MDMemoryCache: MDImageCache, @unchecked Sendable {
    private let lock = NSLock()
    private var images: [URL: MDImage] = [:]
    let limit: Int
    init(limit: Int) { self.limit = limit }
    subscript(url: URL) -> MDImage? {
        get { lock.withLock { images[url] } }
        set { lock.withLock { images[url] = newValue } }
    }
    subscript(prefix prefix: String) -> [URL] {
        lock.withLock {
            images.keys.filter { $0.absoluteString.hasPrefix(prefix) }.sorted { $0.absoluteString < $1.absoluteString }
        }
    }
    var diskUsage: Int {
        get async { lock.withLock { images.values.reduce(0) { $0 + $1.pixels.count } } }
    }
    var quota: Int {
        get throws {
            guard limit > 0 else { throw MDMediaError.corrupt(bytes: 0) }
            return limit
        }
    }
    func purge(olderThan age: Duration) async throws -> Int {
        lock.withLock {
            let count = images.count
            images.removeAll()
            return count
        }
    }
}

/// The code under test.
actor MDGalleryLoader {
    private let downloader: any MDDownloader
    private let cache: any MDImageCache
    private(set) var progress: [Double] = []

    init(downloader: any MDDownloader, cache: any MDImageCache) {
        self.downloader = downloader
        self.cache = cache
    }

    func image(at url: URL) async throws -> MDImage {
        if let cached = cache[url] { return cached }
        var bytes: Data?
        for try await event in downloader.download(url, timeout: .seconds(30)) {
            switch event {
            case .progress(let fraction): progress.append(fraction)
            case .finished(let data): bytes = data
            }
        }
        guard let bytes else { throw MDMediaError.notFound(url) }
        guard bytes.count >= 4 else { throw MDMediaError.corrupt(bytes: bytes.count) }
        let image = MDImage(url: url, pixels: bytes, scale: 2)
        cache[url] = image
        return image
    }

    func thumbnail(_ url: URL) async -> Result<MDImage, MDMediaError> {
        await withCheckedContinuation { continuation in
            downloader.thumbnail(for: url, maxPixelSize: 256) { continuation.resume(returning: $0) }
        }
    }

    func freeSpaceIfNeeded() async throws -> Int {
        let used = await cache.diskUsage
        guard used > (try cache.quota) else { return 0 }
        return try await cache.purge(olderThan: .seconds(7 * 86_400))
    }

    func cached(under prefix: String) -> [URL] { cache[prefix: prefix] }
}

@Suite struct RealCodeMediaPipelineTests {
    static let hero = URL(string: "https://cdn.example/img/hero.jpg")!
    static let logo = URL(string: "https://cdn.example/img/logo.png")!

    static func stream(
        _ events: [MDDownloadEvent], failing error: (any Error)? = nil
    )
        -> AsyncThrowingStream<MDDownloadEvent, any Error>
    {
        AsyncThrowingStream { continuation in
            for event in events { continuation.yield(event) }
            continuation.finish(throwing: error)
        }
    }

    static func makeCache() throws -> Stub<any MDImageCache> {
        // Both subscripts' getters, then `diskUsage` (`get async`) and `quota` (`get throws`).
        try Stub<any MDImageCache>(getterEffects: .nonthrowing, .nonthrowing, .nonthrowing, .throwing)
    }

    @Test func aMissIsDownloadedWithProgressAndStoredInTheCache() async throws {
        let downloader = try Stub<any MDDownloader>()
        let cache = try Self.makeCache()
        let pixels = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        downloader.when { $0.download(Match.any(), timeout: Match.any()) }.then { (_: URL, _: Duration) in
            Self.stream([.progress(0.25), .progress(0.75), .finished(pixels)])
        }
        cache.when { $0[Match.any()] }.thenReturn(nil)
        cache.when { $0[Match.any()] = Match.any() }.thenDoNothing()

        let loader = MDGalleryLoader(downloader: downloader(), cache: cache())
        let image = try await loader.image(at: Self.hero)
        #expect(image == MDImage(url: Self.hero, pixels: pixels, scale: 2))
        #expect(await loader.progress == [0.25, 0.75])

        downloader.verify(.once) { $0.download(Self.hero, timeout: .seconds(30)) }
        cache.verify(.once) { $0[Self.hero] = MDImage(url: Self.hero, pixels: pixels, scale: 2) }
        let stored: [(URL, MDImage?)] = cache.when { $0[Match.any()] = Match.any() }.arguments()
        #expect(stored.count == 1)
        #expect(stored.first?.0 == Self.hero)
        #expect(stored.first?.1?.pixels == pixels)
    }

    @Test func aHitNeverTouchesTheNetwork() async throws {
        let downloader = try Stub<any MDDownloader>()
        let cache = try Self.makeCache()
        let cached = MDImage(url: Self.logo, pixels: Data(repeating: 7, count: 32), scale: 3)
        cache.when { $0[Self.logo] }.thenReturn(cached)
        let loader = MDGalleryLoader(downloader: downloader(), cache: cache())
        #expect(try await loader.image(at: Self.logo) == cached)
        downloader.verify(.never) { $0.download(Match.any(), timeout: Match.any()) }
        cache.verify(.never) { $0[Match.any()] = Match.any() }
    }

    @Test func streamFailuresAndShortPayloadsSurfaceAsMediaErrors() async throws {
        let downloader = try Stub<any MDDownloader>()
        let cache = try Self.makeCache()
        cache.when { $0[Match.any()] }.thenReturn(nil)
        downloader.when { $0.download(Match.equal(Self.hero), timeout: Match.any()) }.then {
            (_: URL, timeout: Duration) in
            Self.stream([.progress(0.1)], failing: MDMediaError.timedOut(timeout))
        }
        downloader.when { $0.download(Match.equal(Self.logo), timeout: Match.any()) }.then { (_: URL, _: Duration) in
            Self.stream([.finished(Data([1, 2]))])
        }
        let loader = MDGalleryLoader(downloader: downloader(), cache: cache())
        await #expect(throws: MDMediaError.timedOut(.seconds(30))) { try await loader.image(at: Self.hero) }
        await #expect(throws: MDMediaError.corrupt(bytes: 2)) { try await loader.image(at: Self.logo) }
        let unknown = URL(string: "https://cdn.example/img/missing.gif")!
        downloader.when { $0.download(Match.equal(unknown), timeout: Match.any()) }.then { (_: URL, _: Duration) in
            Self.stream([])
        }
        await #expect(throws: MDMediaError.notFound(unknown)) { try await loader.image(at: unknown) }
        downloader.verify(.exactly(3)) { $0.download(Match.any(), timeout: Match.greaterThan(.seconds(10))) }
    }

    @Test func thumbnailCompletionsAnswerBothResultCases() async throws {
        let downloader = try Stub<any MDDownloader>()
        let cache = try Self.makeCache()
        downloader.when {
            $0.thumbnail(for: Match.equal(Self.hero), maxPixelSize: Match.any(), completion: Match.any())
        }.then {
            (url: URL, size: Int, completion: @escaping @Sendable (Result<MDImage, MDMediaError>) -> Void) in
            completion(.success(MDImage(url: url, pixels: Data(count: size), scale: 1)))
        }
        downloader.when {
            $0.thumbnail(for: Match.equal(Self.logo), maxPixelSize: Match.any(), completion: Match.any())
        }.then {
            (url: URL, _: Int, completion: @escaping @Sendable (Result<MDImage, MDMediaError>) -> Void) in
            DispatchQueue.global().async { completion(.failure(.notFound(url))) }
        }
        let loader = MDGalleryLoader(downloader: downloader(), cache: cache())
        let hero = await loader.thumbnail(Self.hero)
        #expect((try? hero.get())?.pixels.count == 256)
        #expect(await loader.thumbnail(Self.logo) == .failure(.notFound(Self.logo)))
        let sizes: [(URL, Int, @Sendable (Result<MDImage, MDMediaError>) -> Void)] =
            downloader.when { $0.thumbnail(for: Match.any(), maxPixelSize: Match.any(), completion: Match.any()) }
            .arguments()
        #expect(sizes.map(\.1) == [256, 256])
        #expect(sizes.map(\.0) == [Self.hero, Self.logo])
    }

    @Test func asyncAndThrowingGettersDecideWhetherToPurge() async throws {
        let downloader = try Stub<any MDDownloader>()
        let cache = try Self.makeCache()
        await cache.when { await $0.diskUsage }.thenReturn(900).thenReturn(1_500).thenReturn(10)
        cache.when { try $0.quota }.thenReturn(1_000).thenReturn(1_000).thenThrow(MDMediaError.corrupt(bytes: -1))
        await cache.when { try await $0.purge(olderThan: Match.any()) }.thenReturn(12)

        let loader = MDGalleryLoader(downloader: downloader(), cache: cache())
        #expect(try await loader.freeSpaceIfNeeded() == 0)
        #expect(try await loader.freeSpaceIfNeeded() == 12)
        await #expect(throws: MDMediaError.corrupt(bytes: -1)) { try await loader.freeSpaceIfNeeded() }

        await cache.verify(.once) { try await $0.purge(olderThan: .seconds(604_800)) }
        await cache.verify(.exactly(3)) { await $0.diskUsage }
        cache.verify(.exactly(3)) { try $0.quota }
    }

    @Test func aLabeledSubscriptGetterAnswersPerPrefix() async throws {
        let cache = try Self.makeCache()
        cache.when { $0[prefix: "https://cdn.example/img/"] }.thenReturn([Self.hero, Self.logo])
        cache.when { $0[prefix: Match.any()] }.thenReturn([])
        let loader = MDGalleryLoader(downloader: Dummy.make(), cache: cache())
        #expect(await loader.cached(under: "https://cdn.example/img/") == [Self.hero, Self.logo])
        #expect(await loader.cached(under: "ftp://").isEmpty)
        cache.verify(.exactly(2)) { $0[prefix: Match.any()] }
    }

    @Test func aSpyOfTheMemoryCacheKeepsRealStorageAndOverridesTheQuota() async throws {
        let real = MDMemoryCache(limit: 4)
        let spy = try Spy<any MDImageCache>(
            forwardingTo: real, getterEffects: .nonthrowing, .nonthrowing, .nonthrowing, .throwing)
        spy.when { try $0.quota }.thenReturn(1)
        let downloader = try Spy<any MDDownloader>(forwardingTo: MDLiveDownloader())

        let loader = MDGalleryLoader(downloader: downloader(), cache: spy())
        let image = try await loader.image(at: Self.hero)
        #expect(image.pixels == Data(Self.hero.absoluteString.utf8))
        #expect(real[Self.hero] == image)
        #expect(try await loader.image(at: Self.hero) == image)
        downloader.verify(.once) { $0.download(Match.any(), timeout: Match.any()) }
        #expect(await loader.cached(under: "https://cdn.example/") == [Self.hero])

        #expect(try await loader.freeSpaceIfNeeded() == 1)
        #expect(real[Self.hero] == nil)
        #expect(try real.quota == 4)
        spy.verify(.exactly(2)) { $0[Self.hero] }
        await spy.verify(.once) { try await $0.purge(olderThan: Match.any()) }
    }

    @Test func theLinkedCacheProvesItsGetterEffectsWithoutHints() async throws {
        // The app links `MDMemoryCache`, whose debug information says which getters throw.
        let cache = try Stub<any MDImageCache>()
        await cache.when { await $0.diskUsage }.thenReturn(2_048)
        cache.when { try $0.quota }.thenThrow(MDMediaError.corrupt(bytes: 3))
        #expect(await cache().diskUsage == 2_048)
        #expect(throws: MDMediaError.corrupt(bytes: 3)) { try cache().quota }
    }

    @Test func tooFewGetterHintsNameEveryGetterInOrder() throws {
        do {
            _ = try Stub<any MDImageCache>(getterEffects: .nonthrowing, .throwing)
            Issue.record("two hints for four getters must be refused")
        } catch {
            let message = "\(error)"
            #expect(message.contains("MDImageCache"))
            #expect(message.contains("4 getters"))
            #expect(message.contains("diskUsage (async)"))
            #expect(message.contains("quota"))
        }
    }

    @Test func aCancelAllRequestIsRecordedForADummyFreeDownloader() async throws {
        let downloader = try Stub<any MDDownloader>()
        await downloader.when { await $0.cancelAll() }.thenDoNothing()
        await downloader().cancelAll()
        await downloader().cancelAll()
        await downloader.verify(.exactly(2)) { await $0.cancelAll() }
    }
}
