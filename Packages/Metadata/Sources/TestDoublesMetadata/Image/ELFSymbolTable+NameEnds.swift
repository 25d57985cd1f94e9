extension ELFSymbolTable {
    /// The ends a prefix lookup wants its names to have, compared in a
    /// string table's bytes.
    ///
    /// The ends are kept in one array of bytes, so a comparison retains
    /// nothing, and the last byte of every end is in a 256-bit set, so most
    /// names are refused by one test: a module's resilience evidence compares
    /// the ends of its ~1,500 names with seven ends each.
    struct NameEnds {
        /// Every name has a wanted end: none were asked for, or one of them is empty.
        private let acceptsEvery: Bool
        /// The ends' bytes, one after another.
        private let bytes: [UInt8]
        /// Where each end stops in `bytes` (each starts where the previous one stops).
        private let stops: [Int]
        /// The last byte of each end, as bits of four words (byte `b` is bit `b % 64` of word `b / 64`).
        private let lastBytes: (UInt64, UInt64, UInt64, UInt64)

        /// The ends `suffixes`, or every end when `suffixes` is nil.
        init(_ suffixes: [[UInt8]]?) {
            var bytes: [UInt8] = []
            var stops: [Int] = []
            var words: [UInt64] = [0, 0, 0, 0]
            var acceptsEvery = suffixes == nil
            for suffix in suffixes ?? [] {
                guard let last = suffix.last else {
                    acceptsEvery = true
                    continue
                }
                bytes += suffix
                stops.append(bytes.count)
                words[Int(last >> 6)] |= 1 << UInt64(last & 63)
            }
            self.acceptsEvery = acceptsEvery
            self.bytes = bytes
            self.stops = stops
            self.lastBytes = (words[0], words[1], words[2], words[3])
        }

        /// Whether every name has a wanted end, so a name's length need not be found.
        var acceptsEveryName: Bool { acceptsEvery }

        /// Whether the `length` bytes at `name` end with one of the ends.
        func match(_ name: UnsafePointer<UInt8>, length: Int) -> Bool {
            if acceptsEvery { return true }
            guard length > 0 else { return false }
            let last = name[length - 1]
            let word: UInt64
            switch last >> 6 {
            case 0: word = lastBytes.0
            case 1: word = lastBytes.1
            case 2: word = lastBytes.2
            default: word = lastBytes.3
            }
            guard word & (1 << UInt64(last & 63)) != 0 else { return false }
            return bytes.withUnsafeBufferPointer { bytes in
                var start = 0
                for stop in stops {
                    defer { start = stop }
                    let count = stop - start
                    guard count <= length else { continue }
                    let end = name + (length - count)
                    var byte = 0
                    while byte < count, end[byte] == bytes[start + byte] { byte += 1 }
                    if byte == count { return true }
                }
                return false
            }
        }
    }
}
