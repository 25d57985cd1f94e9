import Synchronization

extension ELFSymbolTable {
    /// The entries of a table read from a file, grouped by a hash of their
    /// names' first ``hashedBytes`` bytes, so that a lookup by a prefix at
    /// least that long reads a handful of entries instead of all of them.
    ///
    /// Made on the first such lookup and shared by copies of the table. A
    /// class double's construction looks its class's members up by prefix
    /// in every image: in a debug build, scanning every entry cost ~14 ms
    /// per double in the lab's class tier (a runner of 39,000 symbols), and
    /// the index took the tier's 101 cases from 1.56 to 0.37 s of CPU.
    ///
    /// Each key packs a name hash's high bits over the entry's index, so one
    /// radix sort groups the entries by hash and keeps each group in table
    /// order. A hash says only "maybe": the caller compares every candidate's
    /// name with the whole prefix.
    final class NamePrefixIndex: Sendable {
        /// How many leading bytes of a name the hash covers.
        static let hashedBytes = 16
        /// The low bits of a key, which hold the entry's index.
        static let indexBits = 24

        private enum State {
            case notMade
            /// Keys sorted ascending: the hash's high bits, then the index.
            case made([UInt64])
            /// The table cannot be indexed (its names are not in string tables, or it is too large).
            case unavailable
        }

        private let state = Mutex<State>(.notMade)

        /// The indices of the entries whose names may start with `prefix`, in
        /// table order, or `nil` when the prefix is too short for the index or
        /// the table has none (scan every entry then).
        func candidates(for prefix: UnsafeBufferPointer<UInt8>, in storage: Storage) -> [Int]? {
            guard prefix.count >= Self.hashedBytes, let base = prefix.baseAddress else { return nil }
            let keys: [UInt64]? = state.withLock { state in
                switch state {
                case .made(let keys): return keys
                case .unavailable: return nil
                case .notMade:
                    guard let keys = Self.makeKeys(storage) else {
                        state = .unavailable
                        return nil
                    }
                    state = .made(keys)
                    return keys
                }
            }
            guard let keys else { return nil }
            let indexMask = UInt64(1) << UInt64(Self.indexBits) - 1
            let lower = Self.hash(base, count: Self.hashedBytes) & ~indexMask
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < lower { low = middle + 1 } else { high = middle }
            }
            var found: [Int] = []
            while low < keys.count, keys[low] & ~indexMask == lower {
                found.append(Int(truncatingIfNeeded: keys[low] & indexMask))
                low += 1
            }
            return found
        }

        /// The sorted keys of every entry, or `nil` when the table cannot be indexed.
        private static func makeKeys(_ storage: Storage) -> [UInt64]? {
            guard storage.names.isEmpty, storage.count < 1 << indexBits else { return nil }
            let indexMask = UInt64(1) << UInt64(indexBits) - 1
            var keys: [UInt64] = []
            keys.reserveCapacity(storage.count)
            storage.stringTables.withUnsafeBufferPointer { tables in
                // Only entries are keyed: a record that is none is never a candidate.
                storage.forEachEntry { position, entry in
                    let table = Int(entry.table)
                    let offset = Int(entry.nameOffset)
                    var hashed: UInt64 = 0
                    if let tableBase = tables.baseAddress, table < tables.count {
                        let strings = tableBase[table]
                        if offset >= 0, offset < strings.count {
                            let name = strings.base + offset
                            var length = 0
                            let limit = min(hashedBytes, strings.count - offset)
                            while length < limit, name[length] != 0 { length += 1 }
                            hashed = hash(name, count: length)
                        }
                    }
                    keys.append(hashed & ~indexMask | UInt64(position))
                }
            }
            ELFSymbolTable.radixSort(&keys, significantBits: UInt64.bitWidth)
            return keys
        }

        /// FNV-1a over `count` bytes at `bytes`.
        static func hash(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var index = 0
            while index < count {
                hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
                index += 1
            }
            return hash
        }
    }
}
