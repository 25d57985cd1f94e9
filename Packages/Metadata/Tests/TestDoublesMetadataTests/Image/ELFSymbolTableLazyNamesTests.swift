import Testing

@testable import TestDoublesMetadata

/// A table read from a file makes names only for the symbols asked for; the
/// answers are those of the whole list.
@Suite struct ELFSymbolTableLazyNamesTests {
    @Test func prefixLookupsAgreeWithTheWholeList() throws {
        let table = try ThisBinary.symbolTable.get()
        // Prefixes of 16 bytes or more go through the table's hashed index, shorter ones scan every entry.
        let prefixes = [
            "", "$s", "_Z", "main", "no such prefix", "$s19TestDoublesM", "$s19TestDoublesMetadata",
            "$s19TestDoublesMetadata14ELFSymbolTableV", "$s19TestDoublesMetadata_no_such_symbol",
        ]
        for prefix in prefixes {
            let expected = table.symbols.filter { Array($0.name.utf8).starts(with: Array(prefix.utf8)) }
            #expect(table.symbols(withNamePrefix: prefix) == expected, "\(prefix)")
        }
    }

    @Test func addressLookupsAgreeWithTheWholeList() throws {
        let table = try ThisBinary.symbolTable.get()
        let all = table.symbols
        // Every address's symbols in list order, each name once: one pass over
        // the list (200 scans of it made this the arm64 suite's longest test).
        var expectedAt: [UInt64: [ELFSymbolTable.Symbol]] = [:]
        var seen: Set<Pair> = []
        for candidate in all where seen.insert(Pair(value: candidate.value, name: candidate.name)).inserted {
            expectedAt[candidate.value, default: []].append(candidate)
        }
        var generator = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let symbol = all[Int(generator.next() % UInt64(all.count))]
            #expect(table.symbols(at: symbol.value) == expectedAt[symbol.value])
        }
    }

    @Test func radixSortSortsLikeSort() {
        var generator = SplitMix64(seed: 11)
        for (count, bits) in [(0, 1), (1, 5), (1_000, 12), (5_000, 40), (3_000, 64)] {
            let mask = bits == 64 ? UInt64.max : (UInt64(1) << UInt64(bits)) - 1
            var keys = (0..<count).map { _ in generator.next() & mask }
            let expected = keys.sorted()
            ELFSymbolTable.radixSort(&keys, significantBits: bits)
            #expect(keys == expected, "\(count) keys of \(bits) bits")
        }
    }

    /// A symbol's address and name.
    struct Pair: Hashable {
        var value: UInt64
        var name: String
    }
}
