/// Positions `0..<count` chained by a hash of an address each has: the
/// positions whose address may equal a given one are found by walking one
/// short chain, in ascending order.
///
/// Made in one pass, with two arrays of 32-bit links: a dictionary of arrays
/// (or a sort by address) cost several times more to build, and a dictionary
/// keyed by a type of our own makes the runtime check that key's `Hashable`
/// conformance by walking every conformance record of the process. The
/// symbol table's exact lookups and the conformance record index use it.
struct AddressChains: Sendable {
    /// Marks the end of a chain.
    private static let none = UInt32.max
    /// The first position of each bucket's chain (`none` when empty).
    private let heads: [UInt32]
    /// The next position of each position's chain, in ascending order.
    private let next: [UInt32]
    /// How far a hash is shifted to give its bucket.
    private let shift: UInt64

    /// Chains `count` positions (fewer than `UInt32.max`) by `address(position)`,
    /// in about `buckets` buckets (at least `buckets`, a power of two).
    ///
    /// Fewer buckets than positions make longer chains but less memory to
    /// clear: fresh pages cost ~3 µs each on a virtual machine, more than a
    /// few more comparisons on each of a table's handful of lookups.
    init(count: Int, buckets: Int, address: (Int) -> UInt64) {
        self.init(count: count, buckets: buckets) { link in
            // Last to first, each pushed in front: every chain runs in ascending order.
            var position = count
            while position > 0 {
                position -= 1
                link(position, address(position))
            }
        }
    }

    /// Runs of addresses in memory: `count` 64-bit words at `base`, one every `stride` bytes.
    struct StridedRun {
        let base: UnsafeRawPointer
        let count: Int
        let stride: Int
    }

    /// Chains the positions of the words of `runs`, one after another (fewer
    /// than `UInt32.max` in all), by their values: the chains
    /// ``init(count:buckets:address:)`` makes when `address(position)` reads
    /// the same words.
    ///
    /// One loop per run, reading each word through a pointer: a symbol
    /// table's records, read by position through a closure, took about
    /// twice the instructions.
    init(runs: [StridedRun], buckets: Int) {
        let count = runs.reduce(0) { $0 + $1.count }
        self.init(count: count, buckets: buckets) { link in
            // Last to first, each pushed in front: every chain runs in ascending order.
            var end = count
            for run in runs.reversed() {
                let first = end - run.count
                var position = end
                var word = run.base + run.count &* run.stride
                while position > first {
                    position -= 1
                    word -= run.stride
                    link(position, word.loadUnaligned(as: UInt64.self))
                }
                end = first
            }
        }
    }

    /// Sizes the buckets and has `chain` call `link(position, address)` for
    /// every position, last to first, each pushed in front of its bucket's
    /// chain.
    ///
    /// Inlined with its caller's loop, the link is inlined too: the loops
    /// stay tight, one store to each array per position.
    @inline(__always)
    private init(count: Int, buckets: Int, chain: ((_ position: Int, _ address: UInt64) -> Void) -> Void) {
        let bits = max(1, Int.bitWidth - max(buckets, 1).leadingZeroBitCount)
        let shift = UInt64(UInt64.bitWidth - bits)
        var heads = [UInt32](repeating: Self.none, count: 1 << bits)
        // Every link is written by `chain`: no clearing first.
        let next = [UInt32](unsafeUninitializedCapacity: count) { next, initialized in
            heads.withUnsafeMutableBufferPointer { heads in
                chain { position, address in
                    let bucket = Self.bucket(of: address, shift: shift)
                    next.initializeElement(at: position, to: heads[bucket])
                    heads[bucket] = UInt32(truncatingIfNeeded: position)
                }
            }
            initialized = count
        }
        self.shift = shift
        self.heads = heads
        self.next = next
    }

    /// Fibonacci hashing: the product's high bits depend on every bit of the address.
    private static func bucket(of address: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Calls `body` with every position on `address`'s chain, in ascending
    /// order: a superset of those whose address is `address`, which the
    /// caller compares.
    func forEachCandidate(for address: UInt64, _ body: (Int) -> Void) {
        var position = heads[Self.bucket(of: address, shift: shift)]
        while position != Self.none {
            body(Int(position))
            position = next[Int(position)]
        }
    }
}
