import Synchronization

extension ELFSymbolTable {
    /// The entries of a table by their values.
    ///
    /// Exact lookups (``ELFSymbolTable/symbols(at:)``, what signature
    /// discovery asks for each witness) go through chains of entries whose
    /// values share a hash, made in one pass when the table is read: sorting
    /// every entry by value (four radix passes over each of an executable's
    /// ~27,000 symbols) was half of the table's reading time and most of what
    /// the first `Stub` of a process spent on symbols. Lookups of the symbol
    /// containing an address need the entries in value order: that order is
    /// sorted on the first such lookup and shared by copies of the table.
    final class AddressIndex: Sendable {
        /// The entries chained by value.
        private let chains: AddressChains
        private let sortedOrder = Mutex<[UInt32]?>(nil)

        /// Chains `entries` by their values.
        init(_ entries: [Entry]) {
            // About one bucket per entry: chains stay short, and the buckets are half the memory (and half the
            // clearing) of two per entry.
            chains = entries.withUnsafeBufferPointer { entries in
                AddressChains(count: entries.count) { entries[$0].value }
            }
        }

        /// Calls `body` with the index of every entry whose value is `value`, in ascending index order
        /// (table order, `.symtab` first), as a sort by value then index would list them.
        func forEachEntry(at value: UInt64, in entries: [Entry], _ body: (Int) -> Void) {
            chains.forEachCandidate(for: value) { index in
                if entries[index].value == value { body(index) }
            }
        }

        /// The entries' indices sorted by value, then index; sorted on first use.
        func sorted(_ entries: [Entry]) -> [UInt32] {
            sortedOrder.withLock { order in
                if let order { return order }
                let made = ELFSymbolTable.sortedByAddress(entries)
                order = made
                return made
            }
        }
    }
}
