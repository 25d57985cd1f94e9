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
///
/// A value a front lends as a ``WideArgument`` (wider than an `Any`'s
/// buffer) is copied into bytes of its chunk's own, not boxed
/// (``keepWideValues(lentIn:)``): the chunk's `Any` is then a marker naming
/// those bytes and the value's type, the value is destroyed with the chunk,
/// and ``values(at:)`` gives a real `Any` of it (a copy) to every reader. A
/// ``DeferredArgument`` marker is kept as any other `Any` (its reference
/// released with the chunk), and ``values(at:)`` gives every reader the
/// value its maker makes. An argument kept weakly (``keepWeakly(at:positions:)``)
/// is a ``WeakArgument`` marker in its chunk, and ``values(at:)`` gives every
/// reader the object while it lives, a ``ReleasedArgument`` once it is gone.
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
        /// The bytes of the chunk's wide values (see ``WideArgument``),
        /// allocated with the first, ``bytesPerValue`` for each of its
        /// arguments (or one value's, when more); nil while it has none.
        /// Its markers are the values at ``values`` that name these bytes.
        var bytes: UnsafeMutableRawPointer?
        var bytesCapacity = 0
        /// The bytes taken so far.
        var bytesUsed = 0

        init(capacity: Int) {
            self.capacity = capacity
            values = .allocate(capacity: capacity)
        }

        deinit {
            // Only the values whose destruction is not nothing are destroyed, each through its own
            // type: an `Int` or a `Double` kept in its box's buffer (and a marker) is left as it is.
            // Destroying every box (`deinitialize(count:)`) called two witnesses for each such value,
            // about 19 instructions per argument kept, paid again by every call the ledger recorded.
            guard let bytes else {
                for index in 0..<count where !AnyContainerLayout.destroysNothing(at: values + index) {
                    (values + index).deinitialize(count: 1)
                }
                values.deallocate()
                return
            }
            for index in 0..<count {
                guard WideArgument.isMarker(values + index) else {
                    if !AnyContainerLayout.destroysNothing(at: values + index) {
                        (values + index).deinitialize(count: 1)
                    }
                    continue
                }
                // The marker itself is trivial; the value it names is the chunk's to destroy.
                let marker = WideArgument.marker(at: values + index)
                guard !AnyContainerLayout.layout(of: marker.type).isPlainData else { continue }
                marker.destroyValue()
            }
            values.deallocate()
            bytes.deallocate()
        }

        /// Whether `size` more bytes, 16-byte aligned, fit in ``bytes`` (or they are not allocated yet).
        @inline(__always)
        func hasRoom(forBytes size: Int) -> Bool {
            bytes == nil || (bytesUsed + 15) & ~15 + size <= bytesCapacity
        }

        /// Allocates ``bytes`` when they are not yet, with room for at least `size`.
        @inline(__always)
        func allocateBytes(atLeast size: Int) {
            guard bytes == nil, size > 0 else { return }
            allocateBytes(size)
        }

        @inline(never)
        private func allocateBytes(_ size: Int) {
            bytesCapacity = Swift.max(capacity * BoxedArgumentStore.bytesPerValue, size)
            bytes = .allocate(byteCount: bytesCapacity, alignment: 16)
        }

        /// A copy of the wide value `marker` names in this chunk's bytes,
        /// which must have room (``hasRoom(forBytes:)``, ``allocateBytes(atLeast:)``); its marker.
        @inline(__always)
        func keep(_ marker: WideArgument) -> WideArgument {
            let (size, isPlainData) = AnyContainerLayout.layout(of: marker.type)
            let offset = (bytesUsed + 15) & ~15
            let destination = bytes.unsafelyUnwrapped + offset
            bytesUsed = offset + size
            if isPlainData {
                destination.copyMemory(from: marker.address, byteCount: size)
            } else {
                Chunk.copy(marker, to: destination)
            }
            return WideArgument(address: destination, type: marker.type)
        }

        /// Initializes `destination` with a copy of the value `marker` names (out of line: the lane's
        /// common path copies plain data).
        @inline(never)
        private static func copy(_ marker: WideArgument, to destination: UnsafeMutableRawPointer) {
            marker.copyValue(to: destination)
        }
    }

    /// The bytes a chunk keeps per argument for wide values: a five-word
    /// value takes 48 with its alignment (a chunk of wider ones fills its
    /// bytes before its arguments, and the next chunk starts then).
    static let bytesPerValue = 48

    /// The arguments of the first chunk; each later chunk holds twice as
    /// many, up to ``largestChunkCapacity`` (or one call's, when more).
    static let firstChunkCapacity = 16
    static let largestChunkCapacity = 1_024

    private var chunks: [Chunk] = []
    /// Whether some argument kept is a wide value (a ``WideArgument``
    /// marker in its chunk): a snapshot's own copy says so for the calls it
    /// counts, where a chunk's ``Chunk/bytes``, which the recorder's store
    /// may set meanwhile, could not be read without a race.
    private var holdsWideValues = false
    /// Whether some argument kept is a ``WeakArgument`` marker, set as
    /// ``holdsWideValues`` is: the calls of most ledgers have none, and
    /// ``values(at:)`` then looks for none.
    private var holdsWeakValues = false

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

    /// Copies the value each ``WideArgument`` marker among `values` names
    /// into the bytes of the chunk that takes the next `values.count`
    /// arguments, and points the marker at its copy (the caller's value is
    /// left as it was): the next append, ``append(moving:)`` of these
    /// values, keeps the markers in that chunk, which destroys the copies
    /// with itself. A lane that lends wide values calls the two in one hold.
    @inline(__always)
    mutating func keepWideValues(lentIn values: UnsafeMutableBufferPointer<Any>) {
        guard let base = values.baseAddress else { return }
        var wideBytes = 0
        for index in 0..<values.count where WideArgument.isMarker(base + index) {
            wideBytes += (AnyContainerLayout.layout(of: WideArgument.marker(at: base + index).type).size + 15) & ~15
        }
        guard wideBytes > 0 else { return }
        holdsWideValues = true
        // The chunk ``withRoom(for:_:)`` gives the append next: the last, when it has room for the values and
        // their bytes, else a new one.
        if chunks.isEmpty
            || !Unmanaged.passUnretained(chunks[chunks.count - 1])._withUnsafeGuaranteedRef({
                $0.capacity - $0.count >= values.count && $0.hasRoom(forBytes: wideBytes)
            })
        {
            startChunk(values.count)
        }
        Unmanaged.passUnretained(chunks[chunks.count - 1])._withUnsafeGuaranteedRef { chunk in
            chunk.allocateBytes(atLeast: wideBytes)
            for index in 0..<values.count where WideArgument.isMarker(base + index) {
                // Rewriting the address word alone: initializing the `Any` anew with the new
                // marker went through an outlined existential initialization.
                WideArgument.repoint(base + index, to: chunk.keep(WideArgument.marker(at: base + index)).address)
            }
        }
    }

    /// Replaces each argument at `location` whose bit is set in `positions`
    /// (bit `n`: the location's argument `n`) by a ``WeakArgument`` marker
    /// of the object it holds, releasing the store's strong reference; an
    /// argument that holds no object is kept as it is. Only for arguments
    /// the store owns alone (copied in, or moved in with no reader of the
    /// moved bits left): nothing may read the replaced value's bits.
    mutating func keepWeakly(at location: Location, positions: UInt64) {
        let start = chunks[Int(location.chunk)].values + Int(location.offset)
        var remaining = positions
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            guard index < Int(location.count) else { break }
            if WeakArgument.weaken(start + index) { holdsWeakValues = true }
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

    /// The arguments kept at `location`, in declaration order: a wide
    /// value's a real `Any` of its own (``WideArgument/materialize(_:)``), a
    /// deferred argument's made (``DeferredArgument``), a weakly kept one's
    /// object or its stand-in (``WeakArgument/value(at:)``). Every reader of
    /// the kept arguments reads them here: no marker leaves the store.
    func values(at location: Location) -> [Any] {
        guard location.count > 0 else { return [] }
        let start = chunks[Int(location.chunk)].values + Int(location.offset)
        // Deferred arguments are looked for here, where they are read, so that appending one costs nothing more.
        guard
            holdsWideValues || holdsWeakValues
                || (0..<Int(location.count)).contains(where: { DeferredArgument.isMarker(start + $0) })
        else { return Array(UnsafeBufferPointer(start: start, count: Int(location.count))) }
        return (0..<Int(location.count)).map { index in
            WeakArgument.isMarker(start + index)
                ? WeakArgument.value(at: start + index) : DeferredArgument.valueOrCopy(at: start + index)
        }
    }
}
