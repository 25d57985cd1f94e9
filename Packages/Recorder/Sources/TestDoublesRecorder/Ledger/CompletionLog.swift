/// How the recorded calls that finished after their lock hold finished, in
/// the order they finished, kept beside the ledger.
///
/// Appending is the whole cost a call pays: no hashing, and the
/// completions are kept in chunks of fixed capacity that never grow, so an
/// append never moves the completions before it (growing one array moved
/// every completion, each through its value witnesses: about a fifth of
/// what recording a handler's answer cost). The rare readers (completions,
/// timelines) look completions up by position through ``byPosition``.
struct CompletionLog {
    /// How many completions a chunk holds.
    private static let chunkCapacity = 256

    private var positions: [Int] = []
    private var chunks: [[CallCompletion]] = []

    /// Records how the call at ledger `position` finished; each call finishes once.
    mutating func record(_ completion: CallCompletion, at position: Int) {
        positions.append(position)
        let last = chunks.count - 1
        if last >= 0, chunks[last].count < Self.chunkCapacity {
            chunks[last].append(completion)
        } else {
            var chunk: [CallCompletion] = []
            chunk.reserveCapacity(Self.chunkCapacity)
            chunk.append(completion)
            chunks.append(chunk)
        }
    }

    /// The completions by ledger position.
    var byPosition: [Int: CallCompletion] {
        var table: [Int: CallCompletion] = [:]
        table.reserveCapacity(positions.count)
        for (position, completion) in zip(positions, chunks.joined()) { table[position] = completion }
        return table
    }

    /// Forgets every completion.
    mutating func removeAll() {
        self = CompletionLog()
    }
}
