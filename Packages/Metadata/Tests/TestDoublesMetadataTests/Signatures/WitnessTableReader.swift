/// Reads witness tables the way part 1's readers will supply them: the table
/// from an existential container, the requirement records from the protocol
/// descriptor its conformance descriptor names.
struct WitnessTableReader {
    /// A callable requirement and its witness-table entry.
    struct Entry {
        /// The requirement record's kind (1 method, 2 init, 3 getter, 4 setter, 5 read, 6 modify).
        var kind: UInt32
        /// Whether the requirement is an instance member.
        var isInstance: Bool
        /// The witness-table word: the witness's address.
        var witness: UInt
    }

    /// The protocol's name, read from its descriptor.
    let protocolName: String
    /// Every callable requirement, in descriptor order.
    let entries: [Entry]
    /// The base protocols' witness tables, in descriptor order.
    let baseTables: [UnsafeRawPointer]

    init(table: UnsafeRawPointer) {
        let words = table.assumingMemoryBound(to: UInt.self)
        let conformance = UnsafeRawPointer(bitPattern: words[0])!
        let protocolDescriptor = Self.relativeIndirectable(at: conformance)
        let nameReference = protocolDescriptor + 8
        let name = nameReference + Int(nameReference.loadUnaligned(as: Int32.self))
        protocolName = String(cString: name.assumingMemoryBound(to: CChar.self))
        let signatureCount = Int(protocolDescriptor.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let requirementCount = Int(protocolDescriptor.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        let records = protocolDescriptor + 24 + signatureCount * 12
        var entries: [Entry] = []
        var bases: [UnsafeRawPointer] = []
        for index in 0..<requirementCount {
            let flags = records.loadUnaligned(fromByteOffset: index * 8, as: UInt32.self)
            let kind = flags & 0xF
            let word = words[1 + index]
            if kind == 0 {
                bases.append(UnsafeRawPointer(bitPattern: word)!)
            } else if (1...6).contains(kind) {
                entries.append(Entry(kind: kind, isInstance: flags & 0x10 != 0, witness: word))
            }
        }
        self.entries = entries
        self.baseTables = bases
    }

    private static func relativeIndirectable(at address: UnsafeRawPointer) -> UnsafeRawPointer {
        let offset = Int(address.loadUnaligned(as: Int32.self))
        if offset & 1 != 0 {
            let slot = address + (offset & ~1)
            return UnsafeRawPointer(bitPattern: slot.load(as: UInt.self))!
        }
        return address + offset
    }

    /// The witness tables of an opaque existential container (`any P` or `any P & Q`).
    static func tables<Existential>(of existential: Existential, count: Int) -> [UnsafeRawPointer] {
        precondition(MemoryLayout<Existential>.size == (4 + count) * 8, "not an opaque existential container")
        let container = UnsafeMutablePointer<Existential>.allocate(capacity: 1)
        container.initialize(to: existential)
        defer {
            container.deinitialize(count: 1)
            container.deallocate()
        }
        return (0..<count).map { index in
            UnsafeRawPointer(container).load(fromByteOffset: (4 + index) * 8, as: UnsafeRawPointer.self)
        }
    }
}
