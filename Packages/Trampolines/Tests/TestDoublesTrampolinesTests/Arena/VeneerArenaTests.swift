import CTestDoublesTrampolines
import Testing

@testable import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#endif

@Suite struct VeneerArenaTests {
    /// The write probe could not run (no pipe, or the byte did not go into it).
    struct ProbeUnavailable: Error {}

    /// Whether a write to `address` faults: the kernel copies one byte from a
    /// pipe to `address` (the byte already there), and `read` fails with
    /// `EFAULT` exactly when the page is not writable. Under qemu-user the
    /// emulator checks the guest page's protection the same way. (A forked
    /// child that stored to the page was the earlier probe: under qemu-user a
    /// child forked from a multithreaded process can deadlock, and the
    /// parent's `waitpid` then hung the whole arm64 suite.)
    static func writeFaults(at address: UnsafeMutableRawPointer) throws -> Bool {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw ProbeUnavailable() }
        defer {
            close(ends[0])
            close(ends[1])
        }
        var byte = address.load(as: UInt8.self)
        guard write(ends[1], &byte, 1) == 1 else { throw ProbeUnavailable() }
        let copied = read(ends[0], address, 1)
        if copied == 1 { return false }
        guard copied == -1, errno == EFAULT else { throw ProbeUnavailable() }
        return true
    }

    @Test func pagesAreWritableUntilPublishedThenExecutableButNotWritable() throws {
        let arena = try VeneerArena(capacity: 3)
        #expect(arena.byteCount % 4096 == 0)
        #expect(arena.capacity >= 3)
        #expect(try !Self.writeFaults(at: arena.base))
        arena.writeVeneer(at: 0, slot: 1, context: 2, target: td_sync_entry_address())
        try arena.publish()
        #expect(arena.isPublished)
        #expect(try Self.writeFaults(at: arena.base))
    }

    @Test func aRetiredMappingComesBackWritableAndZeroed() throws {
        // A size no arena of another test has: seven pages.
        let byteCount = 7 * max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let mapping = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(mapping == UnsafeMutableRawPointer(bitPattern: -1) ? nil : mapping)
        base.initializeMemory(as: UInt8.self, repeating: 0xCC, count: byteCount)
        #expect(mprotect(base, byteCount, PROT_READ | PROT_EXEC) == 0)
        #expect(try Self.writeFaults(at: base))
        // The pool may be full of other tests' arenas: then the mapping is the caller's to unmap.
        guard RetiredArenas.keep(base, byteCount: byteCount) else {
            munmap(base, byteCount)
            return
        }
        let reused = try #require(RetiredArenas.take(byteCount: byteCount))
        defer { munmap(reused, byteCount) }
        #expect(reused == base)
        #expect(try !Self.writeFaults(at: reused + byteCount - 1))
        let bytes = UnsafeRawBufferPointer(start: reused, count: byteCount)
        #expect(bytes.allSatisfy { $0 == 0 })
        #expect(RetiredArenas.take(byteCount: byteCount) == nil)
    }

    @Test func capacityGrowsToWholePages() throws {
        let arena = try VeneerArena(capacity: 200)
        #expect(arena.capacity >= 200)
        #expect(arena.byteCount >= 200 * Int(TD_VENEER_STRIDE))
        #expect(arena.byteCount % 4096 == 0)
        #expect(arena.address(ofVeneer: 1) - arena.address(ofVeneer: 0) == Int(TD_VENEER_STRIDE))
    }

    @Test func anImpossibleArenaThrowsInsteadOfCrashing() {
        #expect(throws: TrampolineError.self) { try VeneerArena(capacity: Int.max / 2) }
        #expect(throws: TrampolineError.self) { try VeneerArena(capacity: 1 << 50) }
    }

    @Test func veneerLoadsSlotAndContextAndJumpsToTheEntry() throws {
        let arena = try VeneerArena(capacity: 1)
        let slot: UInt64 = 0x0102_0304_0506_0708
        let context: UInt64 = 0x1112_1314_1516_1718
        let target = td_sync_entry_address()!
        arena.writeVeneer(at: 0, slot: slot, context: context, target: target)
        let code = arena.address(ofVeneer: 0)
        #if arch(x86_64)
        #expect(code.load(as: UInt16.self) == 0xBB49)  // movabs ..., %r11
        #expect(code.loadUnaligned(fromByteOffset: 2, as: UInt64.self) == slot)
        #expect(code.loadUnaligned(fromByteOffset: 10, as: UInt16.self) == 0xBA49)  // movabs ..., %r10
        #expect(code.loadUnaligned(fromByteOffset: 12, as: UInt64.self) == context)
        #expect(code.loadUnaligned(fromByteOffset: 20, as: UInt16.self) == 0x25FF)  // jmp *0(%rip)
        #expect(code.loadUnaligned(fromByteOffset: 26, as: UInt.self) == UInt(bitPattern: target))
        #elseif arch(arm64)
        #expect(code.load(as: UInt32.self) == 0x5800_0089)  // ldr x9, #16
        #expect(code.load(fromByteOffset: 4, as: UInt32.self) == 0x5800_00AA)  // ldr x10, #20
        #expect(code.load(fromByteOffset: 8, as: UInt32.self) == 0x5800_00D0)  // ldr x16, #24
        #expect(code.load(fromByteOffset: 12, as: UInt32.self) == 0xD61F_0200)  // br x16
        #expect(code.load(fromByteOffset: 16, as: UInt64.self) == slot)
        #expect(code.load(fromByteOffset: 24, as: UInt64.self) == context)
        #expect(code.load(fromByteOffset: 32, as: UInt.self) == UInt(bitPattern: target))
        #endif
    }

    @Test func negativeDispatchIndexIsRejected() throws {
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any Adder).self)
        #expect(throws: TrampolineError.self) {
            try FabricatedConformance(
                [WitnessTableLayout(protocolDescriptor: descriptor, slots: [.requirement(dispatchIndex: -1)])]
            ) { _ in }
        }
    }
}
