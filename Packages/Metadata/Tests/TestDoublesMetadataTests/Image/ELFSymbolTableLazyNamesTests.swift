import Testing

@testable import TestDoublesMetadata

/// A table read from a file makes names only for the symbols asked for; the
/// answers are those of the whole list.
@Suite struct ELFSymbolTableLazyNamesTests {
    @Test func prefixLookupsAgreeWithTheWholeList() throws {
        let table = try ThisBinary.symbolTable.get()
        for prefix in ["$s", "$s19TestDoublesMetadata", "_Z", "main", "no such prefix"] {
            let expected = table.symbols.filter { Array($0.name.utf8).starts(with: Array(prefix.utf8)) }
            #expect(table.symbols(withNamePrefix: prefix) == expected, "\(prefix)")
        }
    }

    @Test func addressLookupsAgreeWithTheWholeList() throws {
        let table = try ThisBinary.symbolTable.get()
        let all = table.symbols
        var generator = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let symbol = all[Int(generator.next() % UInt64(all.count))]
            var expected: [ELFSymbolTable.Symbol] = []
            for candidate in all
            where candidate.value == symbol.value && !expected.contains(where: { $0.name == candidate.name }) {
                expected.append(candidate)
            }
            #expect(table.symbols(at: symbol.value) == expected)
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
}
