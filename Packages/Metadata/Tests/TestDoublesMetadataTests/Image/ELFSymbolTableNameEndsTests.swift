import Testing

@testable import TestDoublesMetadata

/// A prefix lookup's ends and its loop over every record answer as the
/// plain definitions: a name ends with one of the ends when its last bytes
/// equal one of them, and a lookup gives the names that start with the
/// prefix and so end, in table order.
@Suite struct ELFSymbolTableNameEndsTests {
    /// The plain definition of a name's wanted end.
    static func hasEnd(_ name: [UInt8], _ suffixes: [[UInt8]]?) -> Bool {
        guard let suffixes else { return true }
        return suffixes.contains { $0.count <= name.count && name.suffix($0.count).elementsEqual($0) }
    }

    @Test func endsMatchAsTheirDefinition() {
        let names: [[UInt8]] = [
            [], Array("T".utf8), Array("Tj".utf8), Array("$s3Foo3barTj".utf8), Array("$s3FooVMn".utf8),
            Array("$s3FooMn".utf8), Array("vpMV".utf8), Array("pMV".utf8), [0xC3, 0xA9], [0x41, 0xFF], [0x80],
            Array("$s3Foo3barTq".utf8), Array("WC".utf8), Array("xWC".utf8), Array("$s3FooMo".utf8),
        ]
        let cases: [[[UInt8]]?] = [
            nil, [], [[]], [Array("Tj".utf8)], ModuleResilienceEvidence.evidenceSuffixes.map { Array($0.utf8) },
            [Array("VMn".utf8), []], [[0xFF]], [[0xC3, 0xA9], [0x80]], [Array("longer than every name here".utf8)],
            [Array("j".utf8), Array("Tj".utf8), Array("3barTj".utf8)],
        ]
        for suffixes in cases {
            let ends = ELFSymbolTable.NameEnds(suffixes)
            for name in names {
                let matched = name.withUnsafeBufferPointer { buffer in
                    ends.match(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, length: buffer.count)
                }
                #expect(matched == Self.hasEnd(name, suffixes), "\(name) \(String(describing: suffixes))")
            }
        }
    }

    /// Prefixes shorter than the hashed index's (16 bytes) read every record: of 8 bytes or more (first
    /// compared as one word), of fewer (first compared by their first byte) and none.
    @Test func scansOfEveryRecordAgreeWithTheWholeList() throws {
        let table = try ThisBinary.symbolTable.get()
        #expect(table.readsRecordsInPlace)
        let all = table.symbols
        let names = all.map { Array($0.name.utf8) }
        let cases: [(String, [String]?)] = [
            ("$s19TestDoubles", ModuleResilienceEvidence.evidenceSuffixes), ("$s19TestDoubles", nil),
            ("$s19Test", ["Tj", ""]), ("$s19Tes", ["VMn"]), ("$", ["Mp", "Tq"]), ("$s", nil), ("", ["N"]),
            ("", nil), ("_", []), ("$s15no_such_module", ["Tj"]),
        ]
        for (prefix, suffixes) in cases {
            let wanted = Array(prefix.utf8)
            let ends = suffixes.map { $0.map { Array($0.utf8) } }
            let expected = all.indices.filter { names[$0].starts(with: wanted) && Self.hasEnd(names[$0], ends) }
                .map { all[$0] }
            let found =
                suffixes.map { table.symbols(withNamePrefix: prefix, endingWithAnyOf: $0) }
                ?? table.symbols(withNamePrefix: prefix)
            #expect(found == expected, "\(prefix) \(String(describing: suffixes))")
        }
        #expect(!table.symbols(withNamePrefix: "$s19TestDoubles", endingWithAnyOf: ["VMn"]).isEmpty)
    }

    /// The same scans over libelf's copies of the records (entries made in memory) agree with those in place.
    @Test func scansInPlaceAgreeWithLibelfsEntries() throws {
        let inPlace = try ELFSymbolTable(contentsOf: "/proc/self/exe", readingThroughLibelf: false)
        let throughLibelf = try ELFSymbolTable(contentsOf: "/proc/self/exe", readingThroughLibelf: true)
        for (prefix, suffixes) in [
            ("$s19TestDoubles", ModuleResilienceEvidence.evidenceSuffixes), ("$s1", ["Mp", ""]), ("$s", ["VMn"]),
        ] {
            #expect(
                inPlace.symbols(withNamePrefix: prefix, endingWithAnyOf: suffixes)
                    == throughLibelf.symbols(withNamePrefix: prefix, endingWithAnyOf: suffixes), "\(prefix)")
        }
    }
}
