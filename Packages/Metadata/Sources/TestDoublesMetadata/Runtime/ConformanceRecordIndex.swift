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
    /// One image's section: record addresses by protocol descriptor address,
    /// each list in section order.
    private typealias SectionIndex = [UInt: [UInt]]

    /// A section, by the address and length of its records.
    private struct SectionKey: Hashable {
        let start: UInt
        let length: Int
    }

    /// The sections indexed so far.
    private static let indexed = Mutex<[SectionKey: SectionIndex]>([:])

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
            let known = indexed.withLock { $0[section] }
            let index = known ?? Self.index(section)
            if known == nil { indexed.withLock { $0[section] = index } }
            for record in index[wanted, default: []] {
                if let pointer = UnsafeRawPointer(bitPattern: record) { records.append(pointer) }
            }
        }
        return records
    }

    /// Groups one section's records by the protocol each names.
    private static func index(_ section: SectionKey) -> SectionIndex {
        guard let base = UnsafeRawPointer(bitPattern: section.start) else { return [:] }
        var index: SectionIndex = [:]
        for offset in stride(from: 0, to: section.length - 3, by: 4) {
            guard let record = base.relativeDirect(at: offset),
                let protocolDescriptor = record.relativeIndirectable(at: 0)
            else { continue }
            index[UInt(bitPattern: protocolDescriptor), default: []].append(UInt(bitPattern: record))
        }
        return index
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
