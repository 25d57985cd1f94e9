import Synchronization
import TestDoubles
import Testing

#if canImport(Glibc)
import Glibc
#endif

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

/// A counter the stress tests' tasks share.
final class StubStressCounter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .acquiring) }

    func increment() { count.add(1, ordering: .acquiringAndReleasing) }
}

/// 16 tasks make 50,000 calls each on one fabricated `Stub` while another
/// task verifies and reads `arguments()`: every call goes through the
/// trampolines, is recorded exactly once and answered by its behavior, and
/// every snapshot is a consistent prefix of each caller's calls. Also: 10 MB
/// arguments pass through the fabricated witnesses intact.
@Suite struct StubStressTests {
    static let callers = 16
    /// 50,000, or `TESTDOUBLES_STRESS_CALLS` (ci/sanitize lowers it: ThreadSanitizer is ~20x slower).
    static let callsPerCaller: Int = {
        guard let text = getenv("TESTDOUBLES_STRESS_CALLS"), let calls = Int(String(cString: text)), calls > 0 else {
            return 50_000
        }
        return calls
    }()
    static var total: Int { callers * callsPerCaller }
    /// The size of the large arguments: 10 MB natively; 500 KB under an
    /// emulator (`TESTDOUBLES_EMULATOR`, set by ci/arm64-test), where copying
    /// and comparing 10 MB in a debug build took about 3 minutes under qemu.
    static let largeArgumentBytes = getenv("TESTDOUBLES_EMULATOR") == nil ? 10_000_000 : 500_000
    static let snapshots = 12

    @Test func concurrentSynchronousCallsAreNeitherLostNorDuplicated() async throws {
        let tally = try Stub<any StubStressTally>()
        let adds = tally.when { $0.add(Match.any()) }.then { (value: Int) in value &+ 1 }
        let service: any StubStressTally = tally()
        let finished = StubStressCounter()
        let wrongAnswers = StubStressCounter()

        await withTaskGroup(of: Void.self) { group in
            for caller in 0..<Self.callers {
                group.addTask {
                    for index in 0..<Self.callsPerCaller {
                        let value = caller * Self.callsPerCaller + index
                        if service.add(value) != value + 1 { wrongAnswers.increment() }
                    }
                    finished.increment()
                }
            }
            group.addTask {
                await Self.readWhileRunning(finished: finished) {
                    adds.verify(0...Self.total)
                    let seen: [Int] = adds.arguments()
                    return seen
                }
            }
        }

        #expect(wrongAnswers.value == 0)
        adds.verify(Self.total...Self.total)
        tally.verify(Self.total...Self.total) { $0.add(Match.any()) }
        let arguments: [Int] = adds.arguments()
        #expect(arguments.sorted() == Array(0..<Self.total))
    }

    @Test func concurrentAsynchronousCallsAreNeitherLostNorDuplicated() async throws {
        let tally = try Stub<any StubStressTally>()
        let adds = await tally.when { await $0.addLater(Match.any()) }.then { (value: Int) in value &+ 2 }
        let service: any StubStressTally = tally()
        let finished = StubStressCounter()
        let wrongAnswers = StubStressCounter()

        await withTaskGroup(of: Void.self) { group in
            for caller in 0..<Self.callers {
                group.addTask {
                    for index in 0..<Self.callsPerCaller {
                        let value = caller * Self.callsPerCaller + index
                        if await service.addLater(value) != value + 2 { wrongAnswers.increment() }
                    }
                    finished.increment()
                }
            }
            group.addTask {
                await Self.readWhileRunning(finished: finished) {
                    adds.verify(0...Self.total)
                    let seen: [Int] = adds.arguments()
                    return seen
                }
            }
        }

        #expect(wrongAnswers.value == 0)
        adds.verify(Self.total...Self.total)
        await tally.verify(Self.total...Self.total) { await $0.addLater(Match.any()) }
        let arguments: [Int] = adds.arguments()
        #expect(arguments.sorted() == Array(0..<Self.total))
    }

    @Test func tenMegabyteArgumentsPassThroughIntact() throws {
        let tally = try Stub<any StubStressTally>()
        var bytes = [UInt8](repeating: 0x5A, count: Self.largeArgumentBytes)
        for index in stride(from: 0, to: bytes.count, by: 4_099) { bytes[index] = UInt8(truncatingIfNeeded: index) }
        let name = String(repeating: "abcdefghij", count: Self.largeArgumentBytes / 10)
        let stores = tally.when { $0.store(Match.any(), name: Match.any()) }
            .then { (bytes: [UInt8], name: String) in bytes.count + name.utf8.count }
        let service: any StubStressTally = tally()
        #expect(service.store(bytes, name: name) == 2 * Self.largeArgumentBytes)
        #expect(service.store([], name: "") == 0)
        stores.verify(2...2)
        let recorded: [([UInt8], String)] = stores.arguments()
        #expect(recorded.count == 2)
        #expect(recorded.first?.0 == bytes)
        #expect(recorded.first?.1 == name)
        tally.verify { $0.store(Match.equal(bytes), name: Match.equal(name)) }
    }

    /// Takes snapshots until every caller has finished (or `snapshots` were
    /// taken), yielding between them, and checks each one: it grows, and it
    /// holds each caller's calls in order, with none skipped or repeated.
    static func readWhileRunning(finished: StubStressCounter, snapshot: () -> [Int]) async {
        var previousCount = 0
        for _ in 0..<snapshots {
            if finished.value == callers { break }
            let seen = snapshot()
            #expect(seen.count >= previousCount)
            previousCount = seen.count
            #expect(isConsistentPrefix(seen))
            await Task.yield()
        }
    }

    /// Whether `values` holds, for every caller, exactly that caller's first
    /// few values in the order the caller made them.
    static func isConsistentPrefix(_ values: [Int]) -> Bool {
        var next = Array(repeating: 0, count: callers)
        for value in values {
            let caller = value / callsPerCaller
            guard caller >= 0, caller < callers, value % callsPerCaller == next[caller] else { return false }
            next[caller] += 1
        }
        return true
    }
}
