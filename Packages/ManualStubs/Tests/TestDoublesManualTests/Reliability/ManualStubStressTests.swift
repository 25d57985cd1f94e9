import StressSupport
import TestDoublesManual
import TestDoublesRecorder
import Testing

/// A protocol with one synchronous and one asynchronous requirement, for the stress tests.
protocol StressTally: Sendable {
    func add(_ value: Int) -> Int
    func addLater(_ value: Int) async -> Int
    func store(_ bytes: [UInt8], name: String) -> Int
}

struct StressTallyStubConformer: StressTally, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func add(_ value: Int) -> Int { stub.call(value) }
    func addLater(_ value: Int) async -> Int { await stub.asyncCall(value) }
    func store(_ bytes: [UInt8], name: String) -> Int { stub.call(bytes, name) }
}
typealias StressTallyStub = ManualStub<StressTallyStubConformer>

/// 16 tasks make 50,000 calls each on one ManualStub while another task
/// verifies and reads `arguments()`: every call is recorded exactly once,
/// answered by the configured behavior, and every snapshot a reader sees is
/// a consistent prefix of each caller's calls. Also: 10 MB arguments are
/// recorded and answered intact. The loops and checks are
/// `ReliabilityHarness`'s.
@Suite struct ManualStubStressTests {
    static var total: Int { ReliabilityHarness.total }

    @Test func concurrentSynchronousCallsAreNeitherLostNorDuplicated() async {
        let tally = StressTallyStub()
        let adds = tally.when { $0.add(Match.any()) }.then { (value: Int) in value &+ 1 }
        let service: any StressTally = tally()
        await ReliabilityHarness.expectEveryCallRecordedOnce(
            calling: { service.add($0) == $0 + 1 }, verify: { adds.verify($0) }, recorded: { adds.arguments() })
        tally.verify(Self.total...Self.total) { $0.add(Match.any()) }
    }

    @Test func concurrentAsynchronousCallsAreNeitherLostNorDuplicated() async {
        let tally = StressTallyStub()
        let adds = await tally.when { await $0.addLater(Match.any()) }.then { (value: Int) in value &+ 2 }
        let service: any StressTally = tally()
        await ReliabilityHarness.expectEveryCallRecordedOnce(
            calling: { await service.addLater($0) == $0 + 2 }, verify: { adds.verify($0) },
            recorded: { adds.arguments() })
        await tally.verify(Self.total...Self.total) { await $0.addLater(Match.any()) }
    }

    @Test func tenMegabyteArgumentsAreRecordedAndAnsweredIntact() {
        let tally = StressTallyStub()
        let stores = tally.when { $0.store(Match.any(), name: Match.any()) }
            .then { (bytes: [UInt8], name: String) in bytes.count + name.utf8.count }
        let service: any StressTally = tally()
        ReliabilityHarness.expectLargeArgumentsIntact(
            store: { service.store($0, name: $1) }, verify: { stores.verify($0) }, recorded: { stores.arguments() },
            verifyRecorded: { bytes, name in tally.verify { $0.store(Match.equal(bytes), name: Match.equal(name)) } })
    }
}
