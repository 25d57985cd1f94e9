/// The boxed arguments of a ledger's calls, one call's after another's in
/// chunks that never move.
///
/// A call keeps its own copy of each argument (the existential, retaining
/// what it holds) for as long as the ledger keeps the call; the array or
/// buffer the front passed in is not kept, so recording a call allocates
/// nothing of its own once a chunk has room. A copy of a store is a snapshot: it shares the
/// chunks and reads only the arguments of the calls it counts, while the
/// recorder's own store goes on appending past them. Only the recorder's
/// store appends.
struct BoxedArgumentStore {
    /// Where one call's arguments are: a chunk, the position of the first in
    /// it, and how many there are.
    struct Location {
        var chunk: UInt32
        var offset: UInt32
        var count: UInt32
    }

    /// A block of arguments, initialized once each, in order.
    final class Chunk: @unchecked Sendable {
        let values: UnsafeMutablePointer<Any>
        let capacity: Int
        /// The arguments initialized so far. Written only by the recorder's
        /// store, under the recorder's lock; read by `deinit`, which runs
        /// once neither the store nor any snapshot holds the chunk.
        var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            values = .allocate(capacity: capacity)
        }

        deinit {
            values.deinitialize(count: count)
            values.deallocate()
        }
    }

    /// The arguments of the first chunk; each later chunk holds twice as
    /// many, up to ``largestChunkCapacity`` (or one call's, when more).
    static let firstChunkCapacity = 16
    static let largestChunkCapacity = 1_024

    private var chunks: [Chunk] = []

    /// Keeps a copy of `values`, returning where they are.
    @inline(__always)
    mutating func append(_ values: UnsafeBufferPointer<Any>) -> Location {
        withRoom(for: values.count) { chunk in
            if let base = values.baseAddress {
                (chunk.values + chunk.count).initialize(from: base, count: values.count)
            }
        }
    }

    /// Keeps `values` themselves, moved out of the caller's buffer (left
    /// uninitialized), returning where they are: no copy to retain, and none
    /// for the caller to release.
    @inline(__always)
    mutating func append(moving values: UnsafeMutableBufferPointer<Any>) -> Location {
        withRoom(for: values.count) { chunk in
            guard let base = values.baseAddress else { return }
            let destination = chunk.values + chunk.count
            guard values.count == 1 else {
                destination.moveInitialize(from: base, count: values.count)
                return
            }
            // An `Any` is bitwise takable, so moving one is copying its words
            // (the source is then uninitialized, as `moveInitialize` leaves
            // it): a copy of constant size, four loads and stores in place of
            // the call to `memmove` and its overlap checks.
            UnsafeMutableRawPointer(destination).copyMemory(from: base, byteCount: MemoryLayout<Any>.size)
        }
    }

    /// Runs `initialize` on the chunk that takes the next `needed` arguments
    /// (started when the last has no room), which writes them from the
    /// chunk's `count` on; counts them in and gives their location.
    ///
    /// The chunk is borrowed, not retained: the store holds it.
    @inline(__always)
    private mutating func withRoom(for needed: Int, _ initialize: (Chunk) -> Void) -> Location {
        if chunks.isEmpty || chunks[chunks.count - 1].capacity - chunks[chunks.count - 1].count < needed {
            startChunk(needed)
        }
        let index = chunks.count - 1
        return Unmanaged.passUnretained(chunks[index])._withUnsafeGuaranteedRef { chunk in
            let location = Location(
                chunk: UInt32(truncatingIfNeeded: index), offset: UInt32(truncatingIfNeeded: chunk.count),
                count: UInt32(truncatingIfNeeded: needed))
            initialize(chunk)
            chunk.count += needed
            return location
        }
    }

    private mutating func startChunk(_ needed: Int) {
        let doubled = BoxedArgumentStore.firstChunkCapacity << Swift.min(chunks.count, 6)
        chunks.append(Chunk(capacity: Swift.max(needed, Swift.min(doubled, BoxedArgumentStore.largestChunkCapacity))))
    }

    /// The arguments kept at `location`, in declaration order.
    func values(at location: Location) -> [Any] {
        guard location.count > 0 else { return [] }
        let start = chunks[Int(location.chunk)].values + Int(location.offset)
        return Array(UnsafeBufferPointer(start: start, count: Int(location.count)))
    }
}
