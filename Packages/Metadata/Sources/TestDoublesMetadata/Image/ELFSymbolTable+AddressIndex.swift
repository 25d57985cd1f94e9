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
        /// Marks the end of a chain.
        private static let none = UInt32.max
        /// The first entry of each bucket's chain (`none` when empty).
        private let heads: [UInt32]
        /// The next entry of each entry's chain, in ascending index order.
        private let next: [UInt32]
        /// How far a value's hash is shifted to give its bucket.
        private let shift: UInt64
        private let sortedOrder = Mutex<[UInt32]?>(nil)

        /// Chains `entries` by a hash of their values. A table has fewer than
        /// `UInt32.max` entries (its file's symbol tables would be ~100 GB).
        init(_ entries: [Entry]) {
            // About one bucket per entry, a power of two: chains stay short, and the buckets are half the
            // memory (and half the clearing) of two per entry.
            let bits = max(1, Int.bitWidth - entries.count.leadingZeroBitCount)
            let shift = UInt64(UInt64.bitWidth - bits)
            var heads = [UInt32](repeating: Self.none, count: 1 << bits)
            // Every link is written below: no clearing first.
            let next = [UInt32](unsafeUninitializedCapacity: entries.count) { next, initialized in
                entries.withUnsafeBufferPointer { entries in
                    heads.withUnsafeMutableBufferPointer { heads in
                        // Last to first, each pushed in front: every chain runs in ascending index order.
                        var index = entries.count
                        while index > 0 {
                            index -= 1
                            let bucket = Int(truncatingIfNeeded: Self.hash(entries[index].value) >> shift)
                            next.initializeElement(at: index, to: heads[bucket])
                            heads[bucket] = UInt32(truncatingIfNeeded: index)
                        }
                    }
                }
                initialized = entries.count
            }
            self.shift = shift
            self.heads = heads
            self.next = next
        }

        /// Fibonacci hashing: the product's high bits depend on every bit of the value.
        private static func hash(_ value: UInt64) -> UInt64 {
            value &* 0x9E37_79B9_7F4A_7C15
        }

        /// Calls `body` with the index of every entry whose value is `value`, in ascending index order
        /// (table order, `.symtab` first), as a sort by value then index would list them.
        func forEachEntry(at value: UInt64, in entries: [Entry], _ body: (Int) -> Void) {
            let bucket = Int(truncatingIfNeeded: Self.hash(value) >> shift)
            var index = heads[bucket]
            while index != Self.none {
                if entries[Int(index)].value == value { body(Int(index)) }
                index = next[Int(index)]
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
