/// How the recorded calls that finished after their lock hold finished, in
/// the order they finished, kept beside the ledger.
///
/// Appending is the whole cost a call pays: no hashing, and growing moves
/// the completions without rehashing them (a dictionary keyed by ledger
/// position cost more than the rest of a call answered by a handler). The
/// rare readers (completions, timelines) look completions up by position
/// through ``byPosition``.
struct CompletionLog {
    private var positions: [Int] = []
    private var completions: [CallCompletion] = []

    /// Records how the call at ledger `position` finished; each call finishes once.
    mutating func record(_ completion: CallCompletion, at position: Int) {
        positions.append(position)
        completions.append(completion)
    }

    /// The completions by ledger position.
    var byPosition: [Int: CallCompletion] {
        var table: [Int: CallCompletion] = [:]
        table.reserveCapacity(positions.count)
        for (position, completion) in zip(positions, completions) { table[position] = completion }
        return table
    }

    /// Forgets every completion.
    mutating func removeAll() {
        self = CompletionLog()
    }
}
