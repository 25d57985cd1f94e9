import CTestDoublesTrampolines
import Synchronization

/// The memory of one fabricated witness table, its conformance descriptor
/// and the conformance record that makes the runtime find it.
///
/// Layout of one allocation (all relative pointers are 32-bit offsets from
/// the field that holds them, so they stay inside the allocation):
///
///     +0   conformance descriptor
///          +0  protocol: relative, indirect (low bit set) -> protocol cell
///          +4  type reference: relative -> type cell (IndirectTypeDescriptor)
///          +8  witness table pattern: relative -> the table at +48
///          +12 flags: TypeReferenceKind.IndirectTypeDescriptor << 3
///     +16  protocol cell: the protocol descriptor's address
///     +24  type cell: the type context descriptor of the conformance's payload class
///     +32  conformance record: relative -> +0
///     +36  whether the record was handed to `swift_registerProtocolConformances`
///     +48  witness table: word 0 = the conformance descriptor, then one word per requirement
///
/// The record is registered once, when the allocation is first made, and
/// stays registered for the life of the process (the runtime cannot forget
/// one): a dynamic cast of a value of the payload class to the protocol
/// finds the table there (no generic table, so the runtime hands out the
/// pattern itself). Each registration empties the runtime's conformance
/// cache, so registered allocations are reused rather than made anew.
///
/// Tables are never given back to the allocator: generic metadata caches
/// may key on a witness table's address. A dead conformance's tables are
/// retired to a pool and reused only for a table of the same `reuseKey`;
/// until then the type cell names the dead conformance's payload class,
/// which no live value has.
struct WitnessTableStorage {
    /// The start of the allocation (the conformance descriptor).
    let base: UnsafeMutableRawPointer
    /// The layout's reuse key.
    let key: ReuseKey

    static let headerByteCount = 48
    private static let recordOffset = 32
    private static let registeredOffset = 36

    /// The witness table inside the allocation.
    var table: UnsafeMutableRawPointer { base + Self.headerByteCount }

    /// Takes a retired allocation of the same key, or allocates a new one,
    /// and writes the conformance descriptor.
    init(key: ReuseKey, slotCount: Int, protocolDescriptor: UnsafeRawPointer, typeDescriptor: UnsafeRawPointer) {
        let byteCount = Self.headerByteCount + (1 + slotCount) * 8
        let reused = retiredTables.withLock { pool -> UInt? in
            guard let bucket = pool[key.poolKey], let found = bucket.firstIndex(where: { $0.key == key }) else {
                return nil
            }
            return pool[key.poolKey]?[found].addresses.popLast()
        }
        if let reused, let address = UnsafeMutableRawPointer(bitPattern: reused) {
            base = address
        } else {
            base = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        }
        self.key = key
        // A reused allocation's record may be read by a concurrent scan: the
        // header's constant fields are rewritten with the same values, never zeroed.
        let isRegistered = reused != nil && base.load(fromByteOffset: Self.registeredOffset, as: UInt32.self) == 1
        if !isRegistered {
            base.initializeMemory(as: UInt8.self, repeating: 0, count: Self.headerByteCount)
        }
        table.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount - Self.headerByteCount)
        base.storeBytes(of: Int32(16 - 0) | 1, toByteOffset: 0, as: Int32.self)
        base.storeBytes(of: Int32(24 - 4), toByteOffset: 4, as: Int32.self)
        base.storeBytes(of: Int32(Self.headerByteCount - 8), toByteOffset: 8, as: Int32.self)
        base.storeBytes(of: UInt32(1) << 3, toByteOffset: 12, as: UInt32.self)
        base.storeBytes(of: UInt(bitPattern: protocolDescriptor), toByteOffset: 16, as: UInt.self)
        base.storeBytes(of: UInt(bitPattern: typeDescriptor), toByteOffset: 24, as: UInt.self)
        base.storeBytes(of: Int32(-Self.recordOffset), toByteOffset: Self.recordOffset, as: Int32.self)
        table.storeBytes(of: UInt(bitPattern: base), as: UInt.self)
    }

    /// Hands the conformance record to the runtime, once per allocation.
    ///
    /// Call it when the table is complete: from then on a dynamic cast of a
    /// value whose type has the type cell's descriptor returns this table.
    func register() {
        guard base.load(fromByteOffset: Self.registeredOffset, as: UInt32.self) == 0 else { return }
        let record = UnsafeRawPointer(base + Self.recordOffset)
        swift_registerProtocolConformances(record, record + 4)
        base.storeBytes(of: UInt32(1), toByteOffset: Self.registeredOffset, as: UInt32.self)
    }

    /// Stores `word` in requirement slot `index` (table word `1 + index`).
    func setSlot(_ index: Int, to word: UInt) {
        table.storeBytes(of: word, toByteOffset: (1 + index) * 8, as: UInt.self)
    }

    /// Returns the allocation to the pool of its key.
    func retire() {
        retiredTables.withLock { pool in
            let address = UInt(bitPattern: base)
            if let found = pool[key.poolKey]?.firstIndex(where: { $0.key == key }) {
                pool[key.poolKey]?[found].addresses.append(address)
            } else {
                pool[key.poolKey, default: []].append(RetiredTables(key: key, addresses: [address]))
            }
        }
    }
}

/// The retired allocations of one reuse key (addresses as words).
private struct RetiredTables {
    let key: ReuseKey
    var addresses: [UInt]
}

/// Retired witness-table allocations by their reuse key's hash, then by key.
///
/// Keyed by the hash as a `UInt64`, whose `Hashable` conformance the runtime
/// finds for Metadata's maps anyway: a dictionary keyed by ``ReuseKey`` (or
/// by `Int`) made the runtime look a conformance up through every
/// conformance record of the process during the first `Stub`'s construction.
private let retiredTables = Mutex<[UInt64: [RetiredTables]]>([:])

extension ReuseKey {
    /// The key's hash as the pool's key (every bit kept).
    fileprivate var poolKey: UInt64 { UInt64(truncatingIfNeeded: hash) }
}
