import CTestDoublesElf
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

        /// Chains the positions of `storage` by their values (a record that is no entry is chained too).
        init(_ storage: Storage) {
            // About one bucket per four positions: a lookup compares about four candidates, and the buckets,
            // which are cleared, take a quarter of the fresh memory of one per position (the first `Stub` of a
            // process reads an executable's ~27,000 symbols for about twenty lookups).
            let buckets = storage.count / 4
            switch storage.entries {
            case .made(let entries):
                chains = entries.withUnsafeBufferPointer { entries in
                    AddressChains(count: entries.count, buckets: buckets) { entries[$0].value }
                }
            case .records(let records):
                // Each record's value (`st_value`), read in place section by section.
                chains = AddressChains(
                    runs: records.sections.map { section in
                        AddressChains.StridedRun(
                            base: section.base + SymbolRecords.valueOffset,
                            count: section.count, stride: MemoryLayout<Elf64_Sym>.size)
                    },
                    buckets: buckets)
            }
        }

        /// Calls `body` with every entry whose value is `value`, in ascending position order
        /// (table order, `.symtab` first), as a sort by value then position would list them.
        func forEachEntry(at value: UInt64, in storage: Storage, _ body: (Entry) -> Void) {
            chains.forEachCandidate(for: value) { position in
                if let entry = storage.entry(at: position), entry.value == value { body(entry) }
            }
        }

        /// The entries' positions sorted by value, then position; sorted on first use.
        func sorted(_ storage: Storage) -> [UInt32] {
            sortedOrder.withLock { order in
                if let order { return order }
                let made = ELFSymbolTable.sortedByAddress(storage)
                order = made
                return made
            }
        }
    }
}
