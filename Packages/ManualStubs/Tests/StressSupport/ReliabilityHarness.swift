import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

// What the stress and memory tests of this package and of the DSL package
// share: the test-support target `StressSupport`, which both test targets
// depend on (the DSL package through this package's product of that name).
// It imports nothing of ours: the tests hand in their doubles' calls.

/// The loops and checks of the stress and memory tests, for any double:
/// the tests hand in how to call it and how to read what it recorded.
public enum ReliabilityHarness {
    /// How many tasks call the double at once.
    public static let callers = 16
    /// 50,000, or `TESTDOUBLES_STRESS_CALLS` (ci/sanitize lowers it: ThreadSanitizer is ~20x slower).
    public static let callsPerCaller = positiveCount("TESTDOUBLES_STRESS_CALLS") ?? 50_000
    /// The calls all callers make together.
    public static var total: Int { callers * callsPerCaller }
    /// How many snapshots the reader takes while the callers run, at most.
    public static let snapshots = 12
    /// The size of the large arguments: 10 MB natively; 500 KB under an
    /// emulator (`TESTDOUBLES_EMULATOR`, set by ci/arm64-test), where copying
    /// and comparing 10 MB in a debug build took about 3 minutes under qemu.
    public static let largeArgumentBytes = getenv("TESTDOUBLES_EMULATOR") == nil ? 10_000_000 : 500_000
    /// 100,000, or `TESTDOUBLES_MEMORY_ITERATIONS`.
    public static var memoryIterations: Int { positiveCount("TESTDOUBLES_MEMORY_ITERATIONS") ?? 100_000 }

    /// A positive whole number from the environment variable `name`.
    public static func positiveCount(_ name: String) -> Int? {
        guard let text = getenv(name), let count = Int(String(cString: text)), count > 0 else { return nil }
        return count
    }

    /// `callers` tasks call `call` `callsPerCaller` times each, with the
    /// distinct values `caller * callsPerCaller + index`, while one more
    /// task checks the recorded values as they grow; then every call must
    /// have been answered right, counted and recorded exactly once.
    ///
    /// - Parameters:
    ///   - call: Calls the double with a value; returns whether its answer was right.
    ///   - verify: Verifies the number of recorded calls (the pattern's `verify`).
    ///   - recorded: The values recorded so far (the pattern's `arguments()`).
    public static func expectEveryCallRecordedOnce(
        calling call: @escaping @Sendable (Int) async -> Bool,
        verify: @escaping @Sendable (ClosedRange<Int>) -> Void,
        recorded: @escaping @Sendable () -> [Int]
    ) async {
        let finished = ReliabilityCounter()
        let wrongAnswers = ReliabilityCounter()
        await withTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    for index in 0..<callsPerCaller {
                        if await !call(caller * callsPerCaller + index) { wrongAnswers.increment() }
                    }
                    finished.increment()
                }
            }
            group.addTask {
                await readWhileRunning(finished: finished) {
                    verify(0...total)
                    return recorded()
                }
            }
        }
        #expect(wrongAnswers.value == 0)
        verify(total...total)
        #expect(recorded().sorted() == Array(0..<total))
    }

    /// Takes snapshots until every caller has finished (or `snapshots` were
    /// taken), yielding between them, and checks each one: it grows, and it
    /// holds each caller's calls in order, with none skipped or repeated.
    public static func readWhileRunning(finished: ReliabilityCounter, snapshot: () -> [Int]) async {
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
    public static func isConsistentPrefix(_ values: [Int]) -> Bool {
        var next = Array(repeating: 0, count: callers)
        for value in values {
            let caller = value / callsPerCaller
            guard caller >= 0, caller < callers, value % callsPerCaller == next[caller] else { return false }
            next[caller] += 1
        }
        return true
    }

    /// Passes a `largeArgumentBytes` array and string through `store` (a
    /// double answering with the sum of their byte counts), then an empty
    /// pair, and checks the double recorded both intact.
    ///
    /// - Parameters:
    ///   - store: Calls the double.
    ///   - verify: Verifies the number of recorded calls.
    ///   - recorded: The recorded argument pairs.
    ///   - verifyRecorded: Verifies one call with exactly the given arguments was recorded.
    public static func expectLargeArgumentsIntact(
        store: ([UInt8], String) -> Int,
        verify: (ClosedRange<Int>) -> Void,
        recorded: () -> [([UInt8], String)],
        verifyRecorded: ([UInt8], String) -> Void
    ) {
        var bytes = [UInt8](repeating: 0x5A, count: largeArgumentBytes)
        for index in stride(from: 0, to: bytes.count, by: 4_099) { bytes[index] = UInt8(truncatingIfNeeded: index) }
        let name = String(repeating: "abcdefghij", count: largeArgumentBytes / 10)
        #expect(store(bytes, name) == 2 * largeArgumentBytes)
        #expect(store([], "") == 0)
        verify(2...2)
        let pairs = recorded()
        #expect(pairs.count == 2)
        #expect(pairs.first?.0 == bytes)
        #expect(pairs.first?.1 == name)
        verifyRecorded(bytes, name)
    }

    /// Runs `body` `memoryIterations` times and expects the resident set
    /// after the last one within 5% of the one after a warm-up of a tenth of
    /// them (unless `TESTDOUBLES_MEMORY_CHECK_RSS=0`: AddressSanitizer's
    /// quarantine keeps freed memory resident by design).
    ///
    /// - Parameters:
    ///   - suite: The suite's name, for the printed measurement.
    ///   - body: One iteration, given its index.
    public static func expectFlatResidentMemory(_ suite: String, _ body: (Int) throws -> Void) throws {
        let iterations = memoryIterations
        let warmUp = iterations / 10
        for index in 0..<warmUp { try body(index) }
        let afterWarmUp = try residentBytes()
        for index in warmUp..<iterations { try body(index) }
        let atEnd = try residentBytes()
        let growth = Double(atEnd - afterWarmUp) / Double(afterWarmUp)
        print("\(suite): resident \(afterWarmUp / 1024) KiB after warm-up, \(atEnd / 1024) KiB at end")
        guard getenv("TESTDOUBLES_MEMORY_CHECK_RSS").map({ String(cString: $0) }) != "0" else { return }
        #expect(growth <= 0.05, "resident memory grew \(growth * 100)% (\(afterWarmUp) -> \(atEnd) bytes)")
    }

    /// The process's resident set size, from `/proc/self/statm`.
    public static func residentBytes() throws -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        try #require(count > 0)
        let fields = String(decoding: buffer[..<count], as: UTF8.self).split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
