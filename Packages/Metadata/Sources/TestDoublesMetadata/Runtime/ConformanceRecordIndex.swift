import Synchronization

/// The protocol conformance records of the loaded images, grouped by the
/// protocol they conform to.
///
/// Finding the conformers of one protocol used to walk every record of every
/// image (tens of thousands: the standard library, Foundation, the test
/// binary) on each lookup, and a double's construction looks up its protocol
/// once per requirement. Each `swift5_protocol_conformances` section is read
/// once here instead, the first time it is seen; the sections themselves are
/// listed on every lookup (a handful of entries), so an image loaded later is
/// indexed when it first appears and an unloaded image's records are no
/// longer returned.
enum ConformanceRecordIndex {
    /// One image's section: its records chained by a hash of the protocol
    /// each names, each chain in section order. Made in one pass over the
    /// records: a dictionary of arrays cost ~500 instructions a record, most
    /// of a process's first lookup (~6,800 records in a test binary with
    /// Foundation).
    struct SectionIndex: Sendable {
        /// Each record's address, in section order.
        private let records: [UInt]
        /// The protocol descriptor each record names.
        private let protocols: [UInt]
        /// The records chained by the protocol each names.
        private let chains: AddressChains

        /// Chains `records`, each naming the protocol at the same position of `protocols` (as many), in
        /// section order.
        init(records: [UInt], protocols: [UInt]) {
            // One bucket per two records: a protocol's chain holds all its records anyway, and the buckets,
            // which are cleared, are a quarter of the fresh memory of two per record (a process's first lookup
            // indexes ~6,800 records).
            chains = protocols.withUnsafeBufferPointer { protocols in
                AddressChains(count: protocols.count, buckets: protocols.count / 2) { UInt64(protocols[$0]) }
            }
            self.records = records
            self.protocols = protocols
        }

        /// The records that name `protocolDescriptor`, in section order.
        func records(of protocolDescriptor: UInt) -> [UInt] {
            var found: [UInt] = []
            chains.forEachCandidate(for: UInt64(protocolDescriptor)) { index in
                if protocols[index] == protocolDescriptor { found.append(records[index]) }
            }
            return found
        }
    }

    /// A section, by the address and length of its records.
    private struct SectionKey: Equatable {
        let start: UInt
        let length: Int
    }

    /// The sections indexed so far (a handful: one per image). A list, not a
    /// dictionary: a dictionary keyed by `SectionKey` made the runtime look
    /// `SectionKey: Hashable` up through every conformance record of the
    /// process when its type was first instantiated (~430,000 instructions).
    private static let indexed = Mutex<[(key: SectionKey, index: SectionIndex)]>([])

    /// The conformance records whose protocol is `protocolDescriptor`, in
    /// image order and, within an image, in section order.
    ///
    /// - Parameter protocolDescriptor: The protocol descriptor's address.
    /// - Returns: The conformance descriptors (records) that name it.
    /// - Throws: ``MetadataError/runtimeQueryFailed(_:)`` when the runtime's entry point is missing.
    static func records(of protocolDescriptor: UnsafeRawPointer) throws(MetadataError) -> [UnsafeRawPointer] {
        let wanted = UInt(bitPattern: protocolDescriptor)
        var records: [UnsafeRawPointer] = []
        for section in try loadedSections() {
            let known = indexed.withLock { indexed in indexed.first { $0.key == section }?.index }
            let index = known ?? Self.index(section)
            if known == nil {
                indexed.withLock { indexed in
                    if !indexed.contains(where: { $0.key == section }) { indexed.append((section, index)) }
                }
            }
            for record in index.records(of: wanted) {
                if let pointer = UnsafeRawPointer(bitPattern: record) { records.append(pointer) }
            }
        }
        return records
    }

    /// Groups one section's records by the protocol each names.
    private static func index(_ section: SectionKey) -> SectionIndex {
        guard let base = UnsafeRawPointer(bitPattern: section.start) else {
            return SectionIndex(records: [], protocols: [])
        }
        // Two arrays written directly: an array of pairs split in two was a third copy of every record. Each
        // is written in place, one element a record: appending checked both arrays' capacity at every record.
        let capacity = max(section.length / 4, 0)
        var protocols: [UInt] = []
        let records = [UInt](unsafeUninitializedCapacity: capacity) { records, recordCount in
            protocols = [UInt](unsafeUninitializedCapacity: capacity) { protocols, protocolCount in
                var written = 0
                for offset in stride(from: 0, to: section.length - 3, by: 4) {
                    guard written < capacity, let record = base.relativeDirect(at: offset),
                        let protocolDescriptor = record.relativeIndirectable(at: 0)
                    else { continue }
                    records.initializeElement(at: written, to: UInt(bitPattern: record))
                    protocols.initializeElement(at: written, to: UInt(bitPattern: protocolDescriptor))
                    written += 1
                }
                protocolCount = written
            }
            recordCount = protocols.count
        }
        return SectionIndex(records: records, protocols: protocols)
    }

    /// The conformance sections of every loaded image, in the runtime's order.
    private static func loadedSections() throws(MetadataError) -> [SectionKey] {
        final class Collector {
            var sections: [SectionKey] = []
        }
        let collector = Collector()
        let context = Unmanaged.passRetained(collector).toOpaque()
        defer { Unmanaged<Collector>.fromOpaque(context).release() }
        try SwiftRuntime.enumerateMetadataSections(
            { sections, context in
                guard let sections, let context else { return true }
                let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                // MetadataSections: version, base address, two unused words, then
                // (start, length) ranges: swift5_protocols, swift5_protocol_conformances, ...
                let word = MemoryLayout<UInt>.size
                let start = sections.word(at: 6 * word)
                let length = Int(sections.word(at: 7 * word))
                if start != 0, length > 0 { collector.sections.append(SectionKey(start: start, length: length)) }
                return true
            }, context: context)
        return collector.sections
    }
}
