import Testing

@testable import TestDoublesMetadata

/// The chains give, for an address, every position that has it, in ascending order, and nothing else that matches.
@Suite struct AddressChainsTests {
    @Test func everyPositionOfAnAddressIsOnItsChainInOrder() {
        var generator = SplitMix64(seed: 21)
        // Repeated addresses, neighbours and values far apart, as symbol values and descriptors are.
        let addresses: [UInt64] = (0..<5_000).map { position in
            position % 7 == 0 ? 0x1000 : 0x40_0000 + (generator.next() % 2_048) * 8
        }
        // Each address's positions in ascending order, in one pass.
        var expected: [UInt64: [Int]] = [:]
        for (position, address) in addresses.enumerated() { expected[address, default: []].append(position) }
        // A quarter of a bucket per position (as the symbol tables), one, and two (as the conformance records).
        for buckets in [addresses.count / 4, addresses.count, addresses.count * 2] {
            let chains = AddressChains(count: addresses.count, buckets: buckets) {
                addresses[$0]
            }
            for address in Set(addresses).sorted().prefix(400) + [0x1000, 0x3F_FFF8, 0] {
                var found: [Int] = []
                chains.forEachCandidate(for: address) { position in
                    if addresses[position] == address { found.append(position) }
                }
                #expect(found == expected[address, default: []], "0x\(String(address, radix: 16))")
            }
        }
    }

    @Test func noPositionsChainNothing() {
        let chains = AddressChains(count: 0, buckets: 0) { _ in 0 }
        var visited = 0
        chains.forEachCandidate(for: 0) { _ in visited += 1 }
        #expect(visited == 0)
    }
}

/// Chains made from words read in place give the chains made through a closure that reads the same words.
@Suite struct AddressChainsStridedRunsTests {
    @Test func runsChainAsTheirWordsReadOneByOne() {
        var generator = SplitMix64(seed: 29)
        // Two runs of 24-byte records with the word at byte 8, as a symbol table's values; one empty run.
        let counts = [3_000, 0, 1_700]
        let recordBytes = 24
        let records = counts.map { count in
            (0..<count * recordBytes / 8).map { _ in
                generator.next() % 3 == 0 ? 0x2000 : 0x40_0000 + generator.next() % 4_096
            }
        }
        let words = records.flatMap { record in stride(from: 1, to: record.count, by: 3).map { record[$0] } }
        #expect(words.count == counts.reduce(0, +))
        let buffers = records.map { record in
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(record.count * 8, 1), alignment: 8)
            record.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { buffer.copyMemory(from: base, byteCount: bytes.count) }
            }
            return buffer
        }
        defer { buffers.forEach { $0.deallocate() } }
        let runs = zip(buffers, counts).map { buffer, count in
            AddressChains.StridedRun(base: UnsafeRawPointer(buffer) + 8, count: count, stride: recordBytes)
        }
        for buckets in [words.count / 4, words.count, 1] {
            let read = AddressChains(runs: runs, buckets: buckets)
            let expected = AddressChains(count: words.count, buckets: buckets) { words[$0] }
            for address in Set(words).sorted().prefix(300) + [0x2000, 0, 0x3F_FFFF] {
                var found: [Int] = []
                var wanted: [Int] = []
                read.forEachCandidate(for: address) { found.append($0) }
                expected.forEachCandidate(for: address) { wanted.append($0) }
                #expect(found == wanted, "0x\(String(address, radix: 16))")
                #expect(found.filter { words[$0] == address } == words.indices.filter { words[$0] == address })
            }
        }
    }
}
