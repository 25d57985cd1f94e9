import CTestDoublesTrampolines
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Memory holding the veneers of one fabricated conformance: executable
/// code pages followed by writable data pages.
///
/// Every veneer's code is the same, position for position: it loads its
/// slot, context and target words from its entry in the data pages and
/// jumps (see `td_write_veneer_code`), and it offers all three entries a
/// witness may need (an async function pointer record, a coroutine's
/// record, the code itself). So a mapping's code is written and made
/// read-execute once, when it is mapped, and a conformance only writes
/// data. The memory is never writable and executable at once, and no code
/// is ever rewritten (no instruction cache to keep coherent after the
/// first write). `deinit` gives the mapping back to a small process-wide
/// pool by size (the next arena of that size takes it with no system call,
/// its data cleared), unmapped once the pool is full. A steady-state
/// double's construction had spent most of its time in the kernel:
/// mapping, protecting and unmapping its veneer page, then two `mprotect`
/// calls per reuse while the code still held each conformance's words.
final class VeneerArena {
    /// The first byte of the mapping: the first veneer's code.
    let base: UnsafeMutableRawPointer
    /// The bytes of executable code (whole pages); the data pages follow.
    let codeByteCount: Int
    /// How many veneers fit.
    let capacity: Int

    /// Maps the pages for `capacity` veneers, or takes a retired mapping of that size.
    ///
    /// - Parameter capacity: The number of veneers; at least one page of code is mapped.
    /// - Throws: `TrampolineError.executableMemoryUnavailable` when the memory cannot be mapped or protected.
    init(capacity: Int) throws(TrampolineError) {
        let stride = Int(TD_VENEER_STRIDE)
        let pageSize = Self.pageSize
        let (needed, overflow) = max(capacity, 1).multipliedReportingOverflow(by: stride)
        guard capacity >= 0, !overflow, needed <= (Int.max - 2 * pageSize) / 2 else {
            throw .executableMemoryUnavailable(operation: "mmap", errno: ENOMEM)
        }
        let codeBytes = (needed + pageSize - 1) / pageSize * pageSize
        self.codeByteCount = codeBytes
        self.capacity = codeBytes / stride
        if let retired = RetiredArenas.take(codeByteCount: codeBytes) {
            self.base = retired
        } else {
            self.base = try Self.map(codeByteCount: codeBytes)
        }
    }

    /// A new mapping with `codeByteCount` bytes of code, written and made
    /// read-execute, followed by its data pages, read-write and zeroed.
    static func map(codeByteCount codeBytes: Int) throws(TrampolineError) -> UnsafeMutableRawPointer {
        let bytes = mappingByteCount(codeByteCount: codeBytes)
        let mapping = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapping, mapping != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw .executableMemoryUnavailable(operation: "mmap", errno: errno)
        }
        let written = td_write_veneer_code(
            mapping, codeBytes / Int(TD_VENEER_STRIDE), mapping + codeBytes, UInt32(TD_ASYNC_CONTEXT_SIZE),
            UInt32(CoroutineAccess.frameSize))
        guard written == 0 else {
            munmap(mapping, bytes)
            throw .executableMemoryUnavailable(operation: "mmap", errno: E2BIG)
        }
        td_flush_instruction_cache(mapping, codeBytes)
        guard mprotect(mapping, codeBytes, PROT_READ | PROT_EXEC) == 0 else {
            let failure = errno
            munmap(mapping, bytes)
            throw .executableMemoryUnavailable(operation: "mprotect", errno: failure)
        }
        return mapping
    }

    deinit {
        if !RetiredArenas.keep(base, codeByteCount: codeByteCount) {
            munmap(base, Self.mappingByteCount(codeByteCount: codeByteCount))
        }
    }

    /// The system's page size (at least 4 KiB).
    static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)

    /// The bytes of a mapping with `codeByteCount` bytes of code: its data pages follow.
    static func mappingByteCount(codeByteCount: Int) -> Int {
        let dataBytes = codeByteCount / Int(TD_VENEER_STRIDE) * Int(TD_VENEER_DATA_STRIDE)
        return codeByteCount + (dataBytes + pageSize - 1) / pageSize * pageSize
    }

    /// The first byte of veneer `index`'s code (its async record).
    private func veneer(_ index: Int) -> UnsafeRawPointer {
        precondition(index >= 0 && index < capacity, "veneer \(index) outside the arena")
        return UnsafeRawPointer(base + index * Int(TD_VENEER_STRIDE))
    }

    /// Writes veneer `index`'s data: the slot and context words it loads and the target it jumps to.
    private func writeData(at index: Int, slot: UInt64, context: UInt64, target: UnsafeRawPointer) {
        precondition(index >= 0 && index < capacity, "veneer \(index) outside the arena")
        let entry = (base + codeByteCount + index * Int(TD_VENEER_DATA_STRIDE)).assumingMemoryBound(to: UInt64.self)
        entry[0] = slot
        entry[1] = context
        entry[2] = UInt64(UInt(bitPattern: target))
    }

    /// Sets up veneer `index` for a synchronous witness: load `slot` and
    /// `context`, jump to `target`.
    ///
    /// - Returns: The address the witness slot holds: the veneer's code.
    func writeVeneer(at index: Int, slot: UInt64, context: UInt64, target: UnsafeRawPointer) -> UnsafeRawPointer {
        writeData(at: index, slot: slot, context: context, target: target)
        return veneer(index) + Int(TD_VENEER_CODE_OFFSET)
    }

    /// Sets up veneer `index` for an async witness, as ``writeVeneer(at:slot:context:target:)``.
    ///
    /// - Returns: The address the witness slot holds: the veneer's async
    ///   function pointer record (offset to the code, `TD_ASYNC_CONTEXT_SIZE`).
    func writeAsyncVeneer(at index: Int, slot: UInt64, context: UInt64, target: UnsafeRawPointer) -> UnsafeRawPointer {
        writeData(at: index, slot: slot, context: context, target: target)
        return veneer(index)
    }

    /// Sets up veneer `index` for a callee-allocated coroutine's witness,
    /// as ``writeVeneer(at:slot:context:target:)``.
    ///
    /// - Returns: The address the witness slot holds: the veneer's
    ///   coroutine function pointer record (offset to the code, the frame
    ///   size the caller allocates, ``CoroutineAccess/frameSize``), laid
    ///   out as an async function pointer's first two fields.
    func writeCoroutineVeneer(
        at index: Int, slot: UInt64, context: UInt64, target: UnsafeRawPointer
    ) -> UnsafeRawPointer {
        writeData(at: index, slot: slot, context: context, target: target)
        return veneer(index) + Int(TD_VENEER_COROUTINE_RECORD_OFFSET)
    }
}

/// Veneer mappings of dead conformances, by size, for the next arenas to
/// reuse instead of mapping new pages.
///
/// A retired mapping keeps its code pages read-execute and its data pages
/// read-write: the code serves any conformance, so an arena takes one with
/// no system call and clears its data to zeros, as a fresh mapping's is,
/// so no word of the dead conformance survives into the new one. Tables of
/// a dead conformance may still point into it, as they could point into a
/// fresh mapping the kernel placed at the same address; nothing calls
/// through them (a value of the conformance would keep it alive).
enum RetiredArenas {
    /// At most this many mappings are kept (a test process makes doubles by the thousand).
    static let limit = 64

    /// Retired mappings by their code's byte count (as a `UInt64`: a dictionary keyed by `Int` made the
    /// runtime look up `Int: Hashable` through every conformance record during a process's first `Stub`;
    /// `UInt64`'s is looked up for Metadata's maps anyway).
    private static let pool = Mutex<[UInt64: [UInt]]>([:])

    /// A retired mapping with `codeByteCount` bytes of code, its data cleared; nil when none is left.
    static func take(codeByteCount: Int) -> UnsafeMutableRawPointer? {
        guard let address = pool.withLock({ $0[UInt64(truncatingIfNeeded: codeByteCount)]?.popLast() }),
            let base = UnsafeMutableRawPointer(bitPattern: address)
        else { return nil }
        // Every entry (memset: a typed initialization loop cleared the page a byte at a time).
        memset(base + codeByteCount, 0, codeByteCount / Int(TD_VENEER_STRIDE) * Int(TD_VENEER_DATA_STRIDE))
        return base
    }

    /// Keeps a dead arena's mapping for reuse; false when the pool already
    /// holds `limit` mappings (the caller unmaps it).
    static func keep(_ base: UnsafeMutableRawPointer, codeByteCount: Int, limit: Int = limit) -> Bool {
        pool.withLock { pool in
            guard pool.values.reduce(0, { $0 + $1.count }) < limit else { return false }
            pool[UInt64(truncatingIfNeeded: codeByteCount), default: []].append(UInt(bitPattern: base))
            return true
        }
    }
}
