import Foundation
import TestDoubles
import Testing

// A location service whose updates are async sequences, in the shapes SDKs
// expose them: an erased `any AsyncSequence<Element, Never>` (what a protocol
// writes where it cannot say `some AsyncSequence`), an `AsyncStream` behind
// an async call, and an `AsyncThrowingStream` that ends with an error.

struct CRCoordinate: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
}

enum CRLocationError: Error, Equatable {
    case denied
}

protocol CRLocationService: Sendable {
    func updates(every seconds: Int) -> any AsyncSequence<CRCoordinate, Never>
    func authorizationChanges() async -> AsyncStream<Bool>
    func headings() throws -> AsyncThrowingStream<Double, any Error>
}

struct CRCoreLocationService: CRLocationService {
    func updates(every seconds: Int) -> any AsyncSequence<CRCoordinate, Never> {
        AsyncStream { $0.finish() }
    }
    func authorizationChanges() async -> AsyncStream<Bool> { AsyncStream { $0.finish() } }
    func headings() throws -> AsyncThrowingStream<Double, any Error> { AsyncThrowingStream { $0.finish() } }
}

/// A main-actor map model that follows the user's position.
@MainActor final class CRMapModel {
    private let locations: any CRLocationService
    private(set) var trail: [CRCoordinate] = []
    private(set) var authorized: [Bool] = []

    init(locations: any CRLocationService) { self.locations = locations }

    func follow() async {
        for await coordinate in locations.updates(every: 5) { trail.append(coordinate) }
    }

    func watchAuthorization() async {
        for await granted in await locations.authorizationChanges() { authorized.append(granted) }
    }
}

@MainActor @Suite struct RealCodeAsyncSequenceFeedTests {
    static let home = CRCoordinate(latitude: 52.52, longitude: 13.40)
    static let office = CRCoordinate(latitude: 52.50, longitude: 13.45)

    @Test func anErasedAsyncSequenceResultIsConsumedByAMainActorModel() async throws {
        let service = try Stub<any CRLocationService>()
        let (stream, continuation) = AsyncStream<CRCoordinate>.makeStream()
        service.when { $0.updates(every: Match.equal(5)) }.thenReturn(stream)
        let map = CRMapModel(locations: service())
        let following = Task { await map.follow() }
        continuation.yield(Self.home)
        continuation.yield(Self.office)
        continuation.finish()
        await following.value
        #expect(map.trail == [Self.home, Self.office])
        service.verify(1...1) { $0.updates(every: 5) }
    }

    @Test func aHandlerBuildsAFreshSequenceForEveryCaller() async throws {
        let service = try Stub<any CRLocationService>()
        // Task-group children call the synchronous requirement: the handler
        // is `@Sendable`, so it is not isolated to this main-actor test.
        service.when { $0.updates(every: Match.any()) }.then {
            @Sendable (seconds: Int) -> any AsyncSequence<CRCoordinate, Never> in
            AsyncStream { continuation in
                for step in 0..<seconds {
                    continuation.yield(CRCoordinate(latitude: Double(step), longitude: Double(seconds)))
                }
                continuation.finish()
            }
        }
        let locations = service()
        let counts = await withTaskGroup(of: Int.self) { group in
            for seconds in 1...4 {
                group.addTask {
                    var count = 0
                    for await coordinate in locations.updates(every: seconds) {
                        #expect(coordinate.longitude == Double(seconds))
                        count += 1
                    }
                    return count
                }
            }
            var total = 0
            for await count in group { total += count }
            return total
        }
        #expect(counts == 10)  // 1 + 2 + 3 + 4 coordinates
        let periods: [Int] = service.when { $0.updates(every: Match.any()) }.arguments()
        #expect(periods.sorted() == [1, 2, 3, 4])
    }

    @Test func anAsyncStreamBehindAnAsyncCallFeedsTheModel() async throws {
        let service = try Stub<any CRLocationService>()
        await service.when { await $0.authorizationChanges() }.then {
            AsyncStream<Bool> { continuation in
                continuation.yield(false)
                continuation.yield(true)
                continuation.finish()
            }
        }
        let map = CRMapModel(locations: service())
        await map.watchAuthorization()
        #expect(map.authorized == [false, true])
    }

    @Test func aThrowingStreamFailsTheConsumerWithTheStubbedError() async throws {
        let service = try Stub<any CRLocationService>()
        let (headings, continuation) = AsyncThrowingStream<Double, any Error>.makeStream()
        service.when { try $0.headings() }.thenReturn(headings).thenThrow(CRLocationError.denied)
        var seen: [Double] = []
        let reading = try service().headings()
        continuation.yield(90)
        continuation.yield(180)
        continuation.finish(throwing: CRLocationError.denied)
        await #expect(throws: CRLocationError.denied) {
            for try await heading in reading { seen.append(heading) }
        }
        #expect(seen == [90, 180])
        #expect(throws: CRLocationError.denied) { _ = try service().headings() }
    }
}
