import Testing

@testable import TestDoublesMetadata

/// A section's index answers, for each protocol, exactly the records that
/// name it, in section order (`ProtocolConformanceTests` find real conformers through it).
@Suite struct ConformanceRecordIndexTests {
    @Test func chainsGiveEachProtocolsRecordsInSectionOrder() {
        var generator = SplitMix64(seed: 17)
        for count in [0, 1, 2, 7, 1_000, 6_800] {
            // Few protocols, so most share records and buckets; descriptors aligned as real ones are.
            let protocols = (0..<max(1, count / 20)).map { _ in UInt(generator.next() % (1 << 40)) &* 8 }
            let pairs = (0..<count).map { index in
                (
                    record: UInt(0x1000 + index * 4),
                    protocolDescriptor: protocols[Int(generator.next() % UInt64(protocols.count))]
                )
            }
            let index = ConformanceRecordIndex.SectionIndex(
                records: pairs.map(\.record), protocols: pairs.map(\.protocolDescriptor))
            var expected: [UInt: [UInt]] = [:]
            for pair in pairs { expected[pair.protocolDescriptor, default: []].append(pair.record) }
            for proto in protocols {
                #expect(index.records(of: proto) == expected[proto, default: []], "\(count) records")
            }
            #expect(index.records(of: 12_345) == [])
        }
    }

}
