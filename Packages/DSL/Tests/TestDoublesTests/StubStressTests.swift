import StressSupport
import TestDoubles
import Testing

/// A protocol whose runtime Stub the stress tests share between tasks.
protocol StubStressTally: Sendable {
    func add(_ value: Int) -> Int
    func addLater(_ value: Int) async -> Int
    func store(_ bytes: [UInt8], name: String) -> Int
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveStubStressTally: StubStressTally {
    func add(_ value: Int) -> Int { value }
    func addLater(_ value: Int) async -> Int { value }
    func store(_ bytes: [UInt8], name: String) -> Int { bytes.count }
}

/// 16 tasks make 50,000 calls each on one fabricated `Stub` while another
/// task verifies and reads `arguments()`: every call goes through the
/// trampolines, is recorded exactly once and answered by its behavior, and
/// every snapshot is a consistent prefix of each caller's calls. Also: 10 MB
/// arguments pass through the fabricated witnesses intact. The loops and
/// checks are `ReliabilityHarness`'s.
@Suite struct StubStressTests {
    static var total: Int { ReliabilityHarness.total }

    @Test func concurrentSynchronousCallsAreNeitherLostNorDuplicated() async throws {
        let tally = try Stub<any StubStressTally>()
        let adds = tally.when { $0.add(Match.any()) }.then { (value: Int) in value &+ 1 }
        let service: any StubStressTally = tally()
        await ReliabilityHarness.expectEveryCallRecordedOnce(
            calling: { service.add($0) == $0 + 1 }, verify: { adds.verify($0) }, recorded: { adds.arguments() })
        tally.verify(Self.total...Self.total) { $0.add(Match.any()) }
    }

    @Test func concurrentAsynchronousCallsAreNeitherLostNorDuplicated() async throws {
        let tally = try Stub<any StubStressTally>()
        let adds = await tally.when { await $0.addLater(Match.any()) }.then { (value: Int) in value &+ 2 }
        let service: any StubStressTally = tally()
        await ReliabilityHarness.expectEveryCallRecordedOnce(
            calling: { await service.addLater($0) == $0 + 2 }, verify: { adds.verify($0) },
            recorded: { adds.arguments() })
        await tally.verify(Self.total...Self.total) { await $0.addLater(Match.any()) }
    }

    @Test func tenMegabyteArgumentsPassThroughIntact() throws {
        let tally = try Stub<any StubStressTally>()
        let stores = tally.when { $0.store(Match.any(), name: Match.any()) }
            .then { (bytes: [UInt8], name: String) in bytes.count + name.utf8.count }
        let service: any StubStressTally = tally()
        ReliabilityHarness.expectLargeArgumentsIntact(
            store: { service.store($0, name: $1) }, verify: { stores.verify($0) }, recorded: { stores.arguments() },
            verifyRecorded: { bytes, name in tally.verify { $0.store(Match.equal(bytes), name: Match.equal(name)) } })
    }
}
