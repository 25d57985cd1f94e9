import CTestDoublesTrampolines
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Executable memory holding the veneers of one fabricated conformance.
///
/// The arena maps enough pages read-write for `capacity` veneers, lets the
/// owner write them, then `publish()` makes the pages read-execute. The
/// memory is never writable and executable at once. `deinit` gives the
/// pages back: to a small process-wide pool of retired mappings by size
/// (the next arena of that size takes one, cleared and made writable again
/// with one `mprotect`), unmapped once the pool is full. A steady-state
/// double's construction spent about half its time in the kernel mapping,
/// faulting in, protecting and unmapping its veneer page.
final class VeneerArena {
    /// The first byte of the mapping.
    let base: UnsafeMutableRawPointer
    /// The size of the mapping in bytes (whole pages).
    let byteCount: Int
    /// How many veneers fit.
    let capacity: Int
    /// Whether the pages are read-execute (no longer writable).
    private(set) var isPublished = false

    /// Maps writable pages for `capacity` veneers.
    ///
    /// - Parameter capacity: The number of veneers; at least one page is mapped.
    /// - Throws: `TrampolineError.executableMemoryUnavailable` when the memory cannot be mapped.
    init(capacity: Int) throws(TrampolineError) {
        let stride = Int(TD_VENEER_STRIDE)
        let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let (needed, overflow) = max(capacity, 1).multipliedReportingOverflow(by: stride)
        guard capacity >= 0, !overflow, needed <= Int.max - pageSize else {
            throw .executableMemoryUnavailable(operation: "mmap", errno: ENOMEM)
        }
        let bytes = (needed + pageSize - 1) / pageSize * pageSize
        if let retired = RetiredArenas.take(byteCount: bytes) {
            self.base = retired
            self.byteCount = bytes
            self.capacity = bytes / stride
            return
        }
        let mapping = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let mapping, mapping != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw .executableMemoryUnavailable(operation: "mmap", errno: errno)
        }
        self.base = mapping
        self.byteCount = bytes
        self.capacity = bytes / stride
    }

    deinit {
        if !RetiredArenas.keep(base, byteCount: byteCount) { munmap(base, byteCount) }
    }

    /// The address of veneer `index`.
    func address(ofVeneer index: Int) -> UnsafeRawPointer {
        precondition(index >= 0 && index < capacity, "veneer \(index) outside the arena")
        return UnsafeRawPointer(base + index * Int(TD_VENEER_STRIDE))
    }

    /// Writes veneer `index`: load `slot` and `context`, jump to `target`.
    func writeVeneer(at index: Int, slot: UInt64, context: UInt64, target: UnsafeRawPointer) {
        precondition(!isPublished, "the arena is already executable")
        precondition(index >= 0 && index < capacity, "veneer \(index) outside the arena")
        td_write_veneer(base + index * Int(TD_VENEER_STRIDE), slot, context, target)
    }

    /// Writes async veneer `index`: an async function pointer record (the
    /// address the witness slot holds) followed by code like `writeVeneer`'s.
    func writeAsyncVeneer(at index: Int, slot: UInt64, context: UInt64, target: UnsafeRawPointer) {
        precondition(!isPublished, "the arena is already executable")
        precondition(index >= 0 && index < capacity, "veneer \(index) outside the arena")
        td_write_async_veneer(
            base + index * Int(TD_VENEER_STRIDE), slot, context, target, UInt32(TD_ASYNC_CONTEXT_SIZE))
    }

    /// Writes coroutine veneer `index`: a callee-allocated coroutine's
    /// function pointer record (code offset, the frame size the caller
    /// allocates, ``CoroutineAccess/frameSize``) followed by code like
    /// `writeVeneer`'s. The record's first two fields are laid out as an
    /// async function pointer's, so the same writer serves both.
    func writeCoroutineVeneer(at index: Int, slot: UInt64, context: UInt64, target: UnsafeRawPointer) {
        precondition(!isPublished, "the arena is already executable")
        precondition(index >= 0 && index < capacity, "veneer \(index) outside the arena")
        td_write_async_veneer(
            base + index * Int(TD_VENEER_STRIDE), slot, context, target, UInt32(CoroutineAccess.frameSize))
    }

    /// Makes the veneers executable: flushes the instruction cache and
    /// switches the pages from read-write to read-execute.
    ///
    /// - Throws: `TrampolineError.executableMemoryUnavailable` when `mprotect` fails.
    func publish() throws(TrampolineError) {
        guard !isPublished else { return }
        td_flush_instruction_cache(base, byteCount)
        guard mprotect(base, byteCount, PROT_READ | PROT_EXEC) == 0 else {
            throw .executableMemoryUnavailable(operation: "mprotect", errno: errno)
        }
        isPublished = true
    }
}

/// Veneer mappings of dead conformances, by size, for the next arenas to
/// reuse instead of mapping new pages.
///
/// A retired mapping stays read-execute, as its conformance left it, until
/// an arena takes it: it is made writable again and cleared to zeros, as a
/// fresh mapping is, so no veneer of the dead conformance survives into
/// the new one. Tables of a dead conformance may still point into it, as
/// they could point into a fresh mapping the kernel placed at the same
/// address; nothing calls through them (a value of the conformance would
/// keep it alive).
enum RetiredArenas {
    /// At most this many mappings are kept (a test process makes doubles by the thousand).
    static let limit = 64

    private static let pool = Mutex<[Int: [UInt]]>([:])

    /// A retired mapping of `byteCount` bytes, writable and zeroed; nil when none is left
    /// (or one could not be made writable again, which is then unmapped).
    static func take(byteCount: Int) -> UnsafeMutableRawPointer? {
        guard let address = pool.withLock({ $0[byteCount]?.popLast() }),
            let base = UnsafeMutableRawPointer(bitPattern: address)
        else { return nil }
        guard mprotect(base, byteCount, PROT_READ | PROT_WRITE) == 0 else {
            munmap(base, byteCount)
            return nil
        }
        base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        return base
    }

    /// Keeps a dead arena's mapping for reuse; false when the pool is full (the caller unmaps it).
    static func keep(_ base: UnsafeMutableRawPointer, byteCount: Int) -> Bool {
        pool.withLock { pool in
            guard pool.values.reduce(0, { $0 + $1.count }) < limit else { return false }
            pool[byteCount, default: []].append(UInt(bitPattern: base))
            return true
        }
    }
}
