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
