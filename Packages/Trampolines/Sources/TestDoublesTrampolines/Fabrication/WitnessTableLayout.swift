/// What one requirement slot of a fabricated witness table holds.
public indirect enum WitnessSlot: @unchecked Sendable {
    /// A callable requirement: the slot points at a veneer that calls the
    /// conformance's handler with `dispatchIndex` as the frame's `slot`.
    case requirement(dispatchIndex: Int)
    /// A callable requirement whose arguments and results travel in no
    /// vector register (see ``CallPlan/usesVectorRegisters``): as
    /// ``requirement(dispatchIndex:)``, through an entry that spills and
    /// reloads only the integer registers.
    case integerRegisterRequirement(dispatchIndex: Int)
    /// An async callable requirement: the slot points at an async function
    /// pointer record whose code calls the handler through the async entry.
    /// Available where `FabricatedConformance.supportsAsyncRequirements` is true.
    case asyncRequirement(dispatchIndex: Int)
    /// A callee-allocated (`yield_once_2`) `read` or `modify` coroutine: the
    /// slot points at a coroutine function pointer record (code offset, frame
    /// size) whose code calls the handler through the synchronous entry.
    /// Available where `FabricatedConformance.supportsCalleeAllocatedCoroutines` is true.
    case coroutineRequirement(dispatchIndex: Int)
    /// A base protocol requirement: the slot points at the fabricated table
    /// of the base protocol described by the layout.
    case baseProtocol(WitnessTableLayout)
    /// An associated type requirement bound to `type`: the slot holds its
    /// metadata pointer (the runtime's already-resolved, untagged form).
    case associatedType(any Any.Type)
    /// A raw word, for example an associated conformance's witness table.
    case word(UInt)
    /// A null slot, for requirements the runtime never reads (for example
    /// legacy slots). Calling through it jumps to address 0: give every
    /// callable requirement a veneer instead, and let its handler report
    /// shapes it does not support.
    case empty
}

/// The shape of one fabricated witness table: the protocol it conforms to
/// and the content of each requirement slot, in the order of the protocol
/// descriptor's requirement list (slot `i` is table word `1 + i`).
public struct WitnessTableLayout: @unchecked Sendable {
    /// The protocol's context descriptor (`ProtocolDescriptor *`).
    public var protocolDescriptor: UnsafeRawPointer {
        didSet { reuseKey = Self.reuseKey(protocolDescriptor, slots) }
    }
    /// One entry per requirement of the protocol descriptor.
    public var slots: [WitnessSlot] {
        didSet { reuseKey = Self.reuseKey(protocolDescriptor, slots) }
    }

    /// A key equal for two layouts exactly when their tables may share
    /// memory: the same protocol, slot count and non-veneer contents.
    ///
    /// Runtime metadata caches may key on a witness table's address; a
    /// retired table is therefore only reused for a table of the same key,
    /// so any cached metadata stays valid. Worked out when the layout is
    /// made or changed, not per fabricated conformance.
    private(set) var reuseKey: ReuseKey

    /// Describes a witness table.
    ///
    /// - Parameters:
    ///   - protocolDescriptor: The protocol's context descriptor.
    ///   - slots: One entry per requirement, in descriptor order.
    public init(protocolDescriptor: UnsafeRawPointer, slots: [WitnessSlot]) {
        self.protocolDescriptor = protocolDescriptor
        self.slots = slots
        self.reuseKey = Self.reuseKey(protocolDescriptor, slots)
    }

    /// The number of veneers the whole graph below this layout needs.
    var veneerCount: Int {
        slots.reduce(0) { count, slot in
            switch slot {
            case .requirement, .integerRegisterRequirement, .asyncRequirement, .coroutineRequirement: count + 1
            case .baseProtocol(let base): count + base.veneerCount
            case .associatedType, .word, .empty: count
            }
        }
    }

    /// The words of a layout's reuse key.
    private static func reuseKey(_ protocolDescriptor: UnsafeRawPointer, _ slots: [WitnessSlot]) -> ReuseKey {
        var key: [UInt] = [UInt(bitPattern: protocolDescriptor), UInt(slots.count)]
        for slot in slots {
            switch slot {
            case .requirement, .integerRegisterRequirement, .asyncRequirement, .coroutineRequirement: key.append(1)
            case .empty: key.append(2)
            case .associatedType(let type):
                key += [3, UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self))]
            case .word(let word): key += [4, word]
            case .baseProtocol(let base): key += [5] + base.reuseKey.words + [6]
            }
        }
        return ReuseKey(words: key)
    }
}

/// A witness table layout's reuse key: its words, and their hash worked
/// out once, so a fabricated conformance's pool lookups hash one word.
///
/// Only `Equatable`: the pool of retired tables is keyed by ``hash`` (as a
/// `UInt64`) and compares the words within a bucket. A dictionary keyed by this
/// type would make the runtime check its `Hashable` conformance, the first
/// time the dictionary's type is made, by walking every conformance record
/// of the process (~380,000 instructions of a process's first `Stub`).
struct ReuseKey: Equatable, Sendable {
    /// The key's words.
    let words: [UInt]
    /// The words' hash (equal keys have equal hashes).
    let hash: Int

    init(words: [UInt]) {
        self.words = words
        var hasher = Hasher()
        hasher.combine(words)
        hash = hasher.finalize()
    }

    static func == (lhs: ReuseKey, rhs: ReuseKey) -> Bool { lhs.hash == rhs.hash && lhs.words == rhs.words }
}
