/// How the recorded calls that finished after their lock hold finished, in
/// the order they finished, kept beside the ledger.
///
/// Appending is the whole cost a call pays: no hashing, no array to grow or
/// check for uniqueness. Completions are kept, each with its ledger
/// position, in chunks of fixed capacity that never move (growing one array
/// moved every completion, each through its value witnesses; appending to
/// an array inside an array checked both for uniqueness on every call). A
/// copy of a log is a snapshot: it shares the chunks and reads only the
/// completions it counts, while the recorder's own log goes on appending
/// past them, under the recorder's lock. The rare readers (completions,
/// timelines) look completions up by position through ``byPosition``.
struct CompletionLog {
    /// One finished call: its ledger position and how it finished.
    struct Entry {
        let position: Int
        let completion: CallCompletion
    }

    /// A block of entries, initialized once each, in order.
    final class Chunk: @unchecked Sendable {
        let entries: UnsafeMutablePointer<Entry>
        /// The entries initialized so far. Written only by the recorder's
        /// log, under the recorder's lock; read by `deinit`, which runs once
        /// neither that log nor any snapshot holds the chunk.
        var count = 0
        /// Whether an entry may hold a reference (a boxed answer, a configured
        /// value); written and read as ``count`` is. A chunk of unboxed answers
        /// only (what `then` handlers of scalar results record) is freed
        /// without destroying its entries one by one through their value witness.
        var holdsReferences = false

        init() {
            entries = .allocate(capacity: CompletionLog.chunkCapacity)
        }

        deinit {
            if holdsReferences { entries.deinitialize(count: count) }
            entries.deallocate()
        }
    }

    /// How many completions a chunk holds: a power of two (``record(_:at:)``
    /// takes a remainder by masking).
    static let chunkCapacity = 256

    private var chunks: [Chunk] = []
    /// The last chunk, which ``chunks`` holds: reached without a retain.
    private var tail: Unmanaged<Chunk>?
    /// The completions this log (or snapshot) counts.
    private(set) var count = 0

    /// Records how the call at ledger `position` finished; each call finishes once.
    /// Inlined: a call wrote the completion to the stack, then copied it here.
    @inline(__always)
    mutating func record(_ completion: consuming CallCompletion, at position: Int) {
        append(Entry(position: position, completion: completion), holdsReferences: true)
    }

    /// Records that the call at ledger `position` finished with `answer`,
    /// unboxed, as ``record(_:at:)`` records
    /// `CallCompletion(answer, sequence: sequence, time: time)`: such an
    /// entry holds no reference, so a chunk of them only is freed without
    /// destroying them one by one.
    @inline(__always)
    mutating func record(
        unboxed answer: ImmediateAnswer, sequence: UInt64, time: InvocationTime, at position: Int
    ) {
        append(
            Entry(position: position, completion: CallCompletion(answer, sequence: sequence, time: time)),
            holdsReferences: false)
    }

    /// Appends `entry`, which holds a reference when `holdsReferences` (a
    /// caller that cannot tell says true: the entries are then destroyed, as always valid).
    @inline(__always)
    private mutating func append(_ entry: consuming Entry, holdsReferences: Bool) {
        // `count` is never negative: the remainder is its low bits.
        let offset = count & (Self.chunkCapacity - 1)
        if offset == 0 || tail == nil {
            let chunk = Chunk()
            chunks.append(chunk)
            tail = Unmanaged.passUnretained(chunk)
        }
        guard let tail else { return }
        let entries = tail._withUnsafeGuaranteedRef { $0.entries }
        (entries + offset).initialize(to: entry)
        tail._withUnsafeGuaranteedRef {
            $0.count = offset + 1
            if holdsReferences { $0.holdsReferences = true }
        }
        count += 1
    }

    /// The completions by ledger position.
    var byPosition: [Int: CallCompletion] {
        var table: [Int: CallCompletion] = [:]
        table.reserveCapacity(count)
        for index in 0..<count {
            let entry = chunks[index / Self.chunkCapacity].entries[index % Self.chunkCapacity]
            table[entry.position] = entry.completion
        }
        return table
    }

    /// Forgets every completion.
    mutating func removeAll() {
        self = CompletionLog()
    }
}
