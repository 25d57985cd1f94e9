#if compiler(>=6.2)
import Foundation
import TestDoubles
import Testing

// Isolated conformances (SE-0470): a main-actor model conforms to a
// nonisolated protocol only on the main actor (`extension Model: @MainActor
// Service`), as Swift 6.2 code writes it instead of making the protocol
// `@MainActor`. A Spy wraps the model, the `any Service` comes from it, and
// the tests call it from the main actor. (Synchronous requirements: a
// nonisolated async one could not be called on the non-`Sendable` existential
// from the main actor in Swift 6 mode without sending it.)

protocol ICPlayback {
    var volume: Double { get set }
    func play(_ trackID: Int, from start: Duration) -> Bool
    func queue() -> [Int]
    func position() -> Duration
    func skip(by tracks: Int) throws -> Int
}

enum ICPlaybackError: Error, Equatable {
    case endOfQueue(remaining: Int)
}

@MainActor final class ICPlayerModel {
    var volume = 0.5
    private(set) var tracks: [Int] = [10, 20, 30]
    private(set) var playing: (id: Int, start: Duration)?
    private var index = 0
}

extension ICPlayerModel: @MainActor ICPlayback {
    func play(_ trackID: Int, from start: Duration) -> Bool {
        MainActor.assertIsolated()
        guard tracks.contains(trackID) else { return false }
        playing = (trackID, start)
        return true
    }
    func queue() -> [Int] { tracks }
    func position() -> Duration { playing?.start ?? .zero }
    func skip(by count: Int) throws -> Int {
        guard index + count < tracks.count else {
            throw ICPlaybackError.endOfQueue(remaining: tracks.count - index - 1)
        }
        index += count
        return tracks[index]
    }
}

/// The view model under test: it only knows the protocol.
@MainActor final class ICNowPlaying {
    private var playback: any ICPlayback
    private(set) var status = ""
    init(playback: any ICPlayback) { self.playback = playback }
    func start(_ id: Int) {
        status = playback.play(id, from: .seconds(3)) ? "playing \(id)" : "missing \(id)"
    }
    func louder() { playback.volume = min(1, playback.volume + 0.25) }
    func next() {
        do { status = "next \(try playback.skip(by: 1))" } catch { status = "\(error)" }
    }
}

@MainActor @Suite struct RealCodeIsolatedConformanceSpyTests {
    @Test func aSpyForwardsToTheIsolatedConformer() throws {
        let model = ICPlayerModel()
        let spy = try Spy<any ICPlayback>(forwardingTo: model)
        let screen = ICNowPlaying(playback: spy())
        screen.start(20)
        #expect(screen.status == "playing 20")
        #expect(model.playing?.id == 20 && model.playing?.start == .seconds(3))
        screen.start(99)
        #expect(screen.status == "missing 99")
        screen.louder()
        screen.louder()
        #expect(spy().volume == 1)
        screen.next()
        #expect(screen.status == "next 20")
        screen.next()
        screen.next()
        #expect(screen.status == "\(ICPlaybackError.endOfQueue(remaining: 0))")
        #expect(spy().position() == .seconds(3))
        spy.verify(2...2) { $0.play(Match.any(), from: Match.equal(.seconds(3))) }
        spy.verify(.once) { $0.volume = 1 }
        let starts: [(Int, Duration)] = spy.when { $0.play(Match.any(), from: Match.any()) }.arguments()
        #expect(starts.map(\.0) == [20, 99])
    }

    @Test func registrationsOverrideTheIsolatedConformer() throws {
        let model = ICPlayerModel()
        let spy = try Spy<any ICPlayback>(forwardingTo: model)
        spy.when { $0.play(Match.equal(30), from: Match.any()) }.thenReturn(false)
        spy.when { $0.queue() }.thenReturn([1])
        spy.when { try $0.skip(by: Match.greaterThan(5)) }.thenThrow(ICPlaybackError.endOfQueue(remaining: 9))
        let playback: any ICPlayback = spy()
        #expect(playback.play(30, from: .zero) == false)
        #expect(playback.play(10, from: .milliseconds(1)))
        #expect(playback.queue() == [1])
        #expect(throws: ICPlaybackError.endOfQueue(remaining: 9)) { try playback.skip(by: 6) }
        #expect(try playback.skip(by: 2) == 30)
        #expect(model.playing?.id == 10)
        spy.verify(2...2) { try $0.skip(by: Match.any()) }
        let forwarded = spy.when { $0.play(Match.any(), from: Match.any()) }.forwarded
        #expect(forwarded.callCount == 1)
    }

    @Test func aStubOfTheProtocolAnswersTheModelsScreen() throws {
        let playback = try Stub<any ICPlayback>()
        playback.when { $0.play(Match.any(), from: Match.any()) }.then { (id: Int, start: Duration) in
            id > 0 && start < .seconds(10)
        }
        playback.when { $0.volume }.thenReturn(0.75)
        playback.when { $0.volume = Match.any() }.thenDoNothing()
        playback.when { try $0.skip(by: Match.any()) }.thenReturn(42)
        let screen = ICNowPlaying(playback: playback())
        screen.start(5)
        #expect(screen.status == "playing 5")
        screen.louder()
        playback.verify(.once) { $0.volume = 1 }
        screen.next()
        #expect(screen.status == "next 42")
    }
}
#endif
