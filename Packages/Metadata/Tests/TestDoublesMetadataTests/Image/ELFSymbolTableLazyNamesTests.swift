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

    @Test func suffixLookupsAgreeWithTheWholeList() throws {
        let table = try ThisBinary.symbolTable.get()
        let cases: [(String, [String])] = [
            ("$s19TestDoublesMetadata", ModuleResilienceEvidence.evidenceSuffixes), ("$s", ["Mp", "Tq"]),
            ("", ["VMn"]), ("$s19TestDoublesMetadata14ELFSymbolTableV", ["Tj", "WC", "Mo", "vpMV"]),
            ("$s19TestDoublesMetadata", []), ("$s19TestDoublesMetadata", [""]), ("no such prefix", ["Mp"]),
        ]
        for (prefix, suffixes) in cases {
            let expected = table.symbols.filter { symbol in
                symbol.name.utf8.starts(with: prefix.utf8)
                    && suffixes.contains { Array(symbol.name.utf8.suffix($0.utf8.count)) == Array($0.utf8) }
            }
            #expect(
                table.symbols(withNamePrefix: prefix, endingWithAnyOf: suffixes) == expected, "\(prefix) \(suffixes)")
        }
        #expect(!table.symbols(withNamePrefix: "$s19TestDoublesMetadata", endingWithAnyOf: ["Mp"]).isEmpty)
    }

    @Test func symbolsReadInPlaceAreThoseLibelfReads() throws {
        let inPlace = try ELFSymbolTable(contentsOf: "/proc/self/exe", readingThroughLibelf: false)
        let throughLibelf = try ELFSymbolTable(contentsOf: "/proc/self/exe", readingThroughLibelf: true)
        #expect(inPlace.symbols.count > 1_000)
        #expect(inPlace.symbols == throughLibelf.symbols)
        #expect(inPlace.hasStaticSymbolTable == throughLibelf.hasStaticSymbolTable)
    }

    @Test func everyAddressFindsWhatTheWholeListHolds() throws {
        let table = try ThisBinary.symbolTable.get()
        var expectedAt: [UInt64: [ELFSymbolTable.Symbol]] = [:]
        var seen: Set<Pair> = []
        for candidate in table.symbols where seen.insert(Pair(value: candidate.value, name: candidate.name)).inserted {
            expectedAt[candidate.value, default: []].append(candidate)
        }
        var mismatches = 0
        for (value, expected) in expectedAt where table.symbols(at: value) != expected { mismatches += 1 }
        #expect(mismatches == 0)
        // Values no symbol has find nothing.
        var generator = SplitMix64(seed: 5)
        var absent = 0
        while absent < 500 {
            let value = generator.next() % (expectedAt.keys.max() ?? 1)
            guard expectedAt[value] == nil else { continue }
            absent += 1
            #expect(table.symbols(at: value).isEmpty)
        }
    }

    @Test func containingLookupsAgreeWithALinearSearch() throws {
        let table = try ThisBinary.symbolTable.get()
        let all = table.symbols
        let sized = all.filter { $0.size > 0 && !$0.isAbsolute }
        var generator = SplitMix64(seed: 9)
        for _ in 0..<40 {
            let symbol = sized[Int(generator.next() % UInt64(sized.count))]
            let address = symbol.value + generator.next() % symbol.size
            // The lookup's rule: the closest start at or below the address whose extent covers it.
            let expected = all.enumerated()
                .filter {
                    $0.element.value <= address
                        && ($0.element.value == address || address < $0.element.value + $0.element.size)
                }
                .max { ($0.element.value, $0.offset) < ($1.element.value, $1.offset) }?.element
            #expect(table.symbol(containing: address) == expected, "0x\(String(address, radix: 16))")
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
