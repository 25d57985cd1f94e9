@preconcurrency import Dispatch
import Foundation
import TestDoubles
import Testing

// A media player SDK that predates Swift Concurrency, wrapped by a Swift 6
// app: a `@preconcurrency` protocol whose callbacks are plain (non-Sendable)
// closures, a `@preconcurrency @MainActor` class-bound delegate held weakly,
// an inheritance diamond over an identity protocol, a conformer whose
// witnesses are a custom `@propertyWrapper` and a `lazy var`, protocol
// extension helpers that call requirements, and a trace ID read from a
// `@TaskLocal` inside the handlers.

enum LPTrace {
    @TaskLocal static var requestID = "none"
}

@propertyWrapper struct LPClamped: Sendable {
    private var value: Int
    let range: ClosedRange<Int>
    init(wrappedValue: Int, _ range: ClosedRange<Int>) {
        self.range = range
        value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }
    var wrappedValue: Int {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }
}

enum LPLoadResult: Equatable {
    case ready(duration: TimeInterval)
    case failed(code: Int)
}

@preconcurrency protocol LPLegacyPlayer: AnyObject {
    func load(_ url: URL, progress: @escaping (Double) -> Void, completion: @escaping (LPLoadResult) -> Void)
    func seek(to seconds: TimeInterval, completion: ((Bool) -> Void)?)
    var volume: Int { get set }
    var codecDescription: String { get }
    func enqueue(_ items: [URL], transform: (URL) -> String) -> [String]
}

extension LPLegacyPlayer {
    /// Not a requirement: the app's helper over the SDK's calls.
    func loadAndReport(_ url: URL, into log: LPLog) {
        load(url, progress: { log.append("progress \($0)") }, completion: { log.append("done \($0)") })
    }
    /// Not a requirement: reads and writes a requirement.
    func duck(by amount: Int) -> Int {
        volume -= amount
        return volume
    }
}

/// A non-Sendable log, as the SDK's sample code keeps one.
final class LPLog {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}

/// The SDK's own player, linked into the app.
final class LPSDKPlayer: LPLegacyPlayer {
    @LPClamped(0...100) var volume: Int = 50
    lazy var codecDescription: String = {
        loads += 1
        return "h264 / aac (\(loads))"
    }()
    private var loads = 0

    func load(_ url: URL, progress: @escaping (Double) -> Void, completion: @escaping (LPLoadResult) -> Void) {
        progress(0.5)
        progress(1)
        completion(url.pathExtension == "m3u8" ? .ready(duration: 12.5) : .failed(code: 415))
    }
    func seek(to seconds: TimeInterval, completion: ((Bool) -> Void)?) { completion?(seconds >= 0) }
    func enqueue(_ items: [URL], transform: (URL) -> String) -> [String] { items.map(transform) }
}

@preconcurrency @MainActor protocol LPPlayerDelegate: AnyObject {
    func playerDidStart(_ title: String, at offset: TimeInterval)
    func playerShouldAutoplay(next title: String) -> Bool
}

extension LPPlayerDelegate {
    /// A default the delegate may keep.
    func playerDidStart(_ title: String, at offset: TimeInterval) {}
}

/// The app's screen, a real delegate.
@MainActor final class LPNowPlayingScreen: LPPlayerDelegate {
    var started: [String] = []
    func playerDidStart(_ title: String, at offset: TimeInterval) { started.append("\(title)@\(offset)") }
    func playerShouldAutoplay(next title: String) -> Bool { !title.hasPrefix("ad:") }
}

/// The code under test: a queue controller that tells its weak delegate.
@MainActor final class LPQueueController {
    weak var delegate: (any LPPlayerDelegate)?
    func play(_ titles: [String]) -> [String] {
        var played: [String] = []
        for (index, title) in titles.enumerated() {
            if index > 0, delegate?.playerShouldAutoplay(next: title) == false { continue }
            delegate?.playerDidStart(title, at: TimeInterval(index) * 1.5)
            played.append(title)
        }
        return played
    }
}

// An inheritance diamond: two refinements of one identity protocol, joined.
protocol LPIdentified: Sendable {
    var id: String { get }
}
protocol LPRated: LPIdentified {
    func rating(for region: String) -> Int8
}
protocol LPCached: LPIdentified {
    func cachedBytes() -> Int64
}
protocol LPCatalogItem: LPRated, LPCached {
    func title(localizedTo locale: String) async throws -> String
}

struct LPEpisode: LPCatalogItem {
    var id: String
    func rating(for region: String) -> Int8 { region == "DE" ? 16 : 12 }
    func cachedBytes() -> Int64 { 1 << 33 }
    func title(localizedTo locale: String) async throws -> String { "\(id) [\(locale)] \(LPTrace.requestID)" }
}

func lpDescribe(_ item: some LPRated & LPCached) -> String {
    "\(item.id): \(item.rating(for: "DE"))+ \(item.cachedBytes())B"
}

@Suite struct RealCodeLegacyPlayerSDKTests {
    static let stream = URL(string: "https://cdn.example.com/live/index.m3u8")!
    static let clip = URL(string: "https://cdn.example.com/clip.mov")!

    @MainActor @Test func nonSendableCallbacksAreCalledByTheHandlerInOrder() throws {
        let player = try Stub<any LPLegacyPlayer>()
        let loads = player.when { $0.load(Match.any(), progress: Match.any(), completion: Match.any()) }
        loads.then { (url: URL, progress: @escaping (Double) -> Void, completion: @escaping (LPLoadResult) -> Void) in
            progress(0.25)
            progress(0.75)
            completion(url == Self.stream ? .ready(duration: 90.5) : .failed(code: 404))
        }
        let log = LPLog()
        player().loadAndReport(Self.stream, into: log)
        player().loadAndReport(Self.clip, into: log)
        #expect(
            log.lines == [
                "progress 0.25", "progress 0.75", "done ready(duration: 90.5)",
                "progress 0.25", "progress 0.75", "done failed(code: 404)",
            ])
        let urls: [URL] = loads.arguments()
        #expect(urls == [Self.stream, Self.clip])
        player.verify(.exactly(2)) { $0.load(Match.any(), progress: Match.any(), completion: Match.any()) }
    }

    @MainActor @Test func optionalAndNonEscapingClosuresOfThePreconcurrencyProtocol() throws {
        let player = try Stub<any LPLegacyPlayer>()
        // `-> Void` spelled out: Swift 6.0.3 infers `completion?(...)` alone as a `()?` result, which the
        // double reports at the call (a Void requirement answered Optional<()>); 6.1+ infers Void.
        player.when { $0.seek(to: Match.any(), completion: Match.any()) }.then {
            (seconds: TimeInterval, completion: ((Bool) -> Void)?) -> Void in completion?(seconds < 60)
        }
        player.when { $0.enqueue(Match.any(), transform: Match.any()) }.then {
            (items: [URL], transform: (URL) -> String) in items.reversed().map(transform)
        }
        var answers: [Bool] = []
        player().seek(to: 30) { answers.append($0) }
        player().seek(to: 90) { answers.append($0) }
        player().seek(to: 10, completion: nil)
        #expect(answers == [true, false])
        #expect(player().enqueue([Self.stream, Self.clip]) { $0.lastPathComponent } == ["clip.mov", "index.m3u8"])
        let seeks: [TimeInterval] = player.when { $0.seek(to: Match.any(), completion: Match.any()) }.arguments()
        #expect(seeks == [30, 90, 10])
    }

    @MainActor @Test func extensionHelpersRunTheirCodeOverStubbedProperties() throws {
        let player = try Stub<any LPLegacyPlayer>()
        player.when { $0.volume }.thenReturn(40).thenReturn(33)
        let writes = player.when { $0.volume = Match.any() }
        writes.thenDoNothing()
        #expect(player().duck(by: 7) == 33)
        #expect(writes.arguments() == [33])
        player.verify(.exactly(2)) { $0.volume }
    }

    @MainActor @Test func aSpyReachesAPropertyWrapperAndALazyWitness() throws {
        let real = LPSDKPlayer()
        let spy = try Spy<any LPLegacyPlayer>(forwardingTo: real)
        let sut = spy()
        sut.volume = 250
        #expect(real.volume == 100)
        #expect(sut.volume == 100)
        #expect(sut.duck(by: 130) == 0)
        #expect(real.volume == 0)
        #expect(sut.codecDescription == "h264 / aac (1)")
        #expect(sut.codecDescription == "h264 / aac (1)")
        let log = LPLog()
        sut.loadAndReport(Self.clip, into: log)
        #expect(log.lines == ["progress 0.5", "progress 1.0", "done failed(code: 415)"])
        let sets: [Int] = spy.when { $0.volume = Match.any() }.arguments()
        #expect(sets == [250, -30])
        spy.verify(.exactly(2)) { $0.codecDescription }
    }

    @MainActor @Test func aPreconcurrencyMainActorDelegateHeldWeakly() throws {
        let delegate = try Stub<any LPPlayerDelegate>()
        let starts = delegate.when { $0.playerDidStart(Match.any(), at: Match.any()) }
        starts.thenDoNothing()
        delegate.when { $0.playerShouldAutoplay(next: Match.hasPrefix("ad:")) }.thenReturn(false)
        delegate.when { $0.playerShouldAutoplay(next: Match.any()) }.thenReturn(true)
        let controller = LPQueueController()
        controller.delegate = delegate()
        #expect(controller.play(["Intro", "ad:Soda", "Episode 2"]) == ["Intro", "Episode 2"])
        let seen: [(String, TimeInterval)] = starts.arguments()
        #expect(seen.map { $0.0 } == ["Intro", "Episode 2"])
        #expect(seen.map { $0.1 } == [0, 3])
        delegate.verify(.exactly(2)) { $0.playerShouldAutoplay(next: Match.any()) }

        let screen = LPNowPlayingScreen()
        let spy = try Spy<any LPPlayerDelegate>(forwardingTo: screen)
        controller.delegate = spy()
        #expect(controller.play(["A", "ad:B", "C"]) == ["A", "C"])
        #expect(screen.started == ["A@0.0", "C@3.0"])
    }

    @Test func aDiamondStubAnswersTheSharedIdentityOnce() async throws {
        let item = try Stub<any LPCatalogItem>()
        item.when { $0.id }.thenReturn("s01e07")
        item.when { $0.rating(for: Match.any()) }.then { (region: String) in region == "DE" ? Int8(18) : Int8(-1) }
        item.when { $0.cachedBytes() }.thenReturn(Int64.max - 1)
        let titles = await item.when { try await $0.title(localizedTo: Match.any()) }
        titles.then { (locale: String) in "\(locale): \(LPTrace.requestID)" }

        #expect(lpDescribe(item()) == "s01e07: 18+ \(Int64.max - 1)B")
        let rated: any LPRated = item()
        #expect(rated.rating(for: "FR") == -1)
        let cached: any LPCached = item()
        #expect(cached.id == "s01e07")
        let title = try await LPTrace.$requestID.withValue("req-42") { try await item().title(localizedTo: "hu") }
        #expect(title == "hu: req-42")
        item.verify(.exactly(2)) { $0.id }

        let spy = try Spy<any LPCatalogItem>(forwardingTo: LPEpisode(id: "pilot"))
        #expect(lpDescribe(spy()) == "pilot: 16+ 8589934592B")
        let spied = try await LPTrace.$requestID.withValue("req-7") { try await spy().title(localizedTo: "de") }
        #expect(spied == "pilot [de] req-7")
    }

    @Test func aSynchronousHandlerReadsTheCallersTaskLocal() async throws {
        let item = try Stub<any LPCatalogItem>()
        item.when { $0.rating(for: Match.any()) }.then { @Sendable (_: String) in
            Int8(LPTrace.requestID.count)
        }
        let sut = item()
        #expect(sut.rating(for: "US") == 4)  // "none"
        let inside = LPTrace.$requestID.withValue("abcdefg") { sut.rating(for: "US") }
        #expect(inside == 7)
        let detached = await Task.detached {
            LPTrace.$requestID.withValue("xy") { sut.rating(for: "US") }
        }.value
        #expect(detached == 2)
    }
}
