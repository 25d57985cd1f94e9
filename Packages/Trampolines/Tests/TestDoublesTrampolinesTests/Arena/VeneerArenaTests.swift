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

    /// The address veneer `index`'s code loads its word `word` from (0 slot, 1 context, 2 target),
    /// decoded from the instruction that loads it.
    static func loadedAddress(_ code: UnsafeRawPointer, word: Int) -> UnsafeRawPointer {
        #if arch(x86_64)
        // mov disp32(%rip), %r11 / %r10 (7 bytes each), jmp *disp32(%rip) (6 bytes).
        let ends = [7, 14, 20]
        let displacement = code.loadUnaligned(fromByteOffset: ends[word] - 4, as: Int32.self)
        return code + ends[word] + Int(displacement)
        #else
        // ldr (literal): a signed word offset in bits 5-23, from the instruction itself.
        let instruction = code.load(fromByteOffset: 4 * word, as: UInt32.self)
        let words = Int32(bitPattern: (instruction >> 5 & 0x7FFFF) << 13) >> 13
        return code + 4 * word + 4 * Int(words)
        #endif
    }

    @Test func codeIsExecutableButNeverWritableAndDataIsWritable() throws {
        let arena = try VeneerArena(capacity: 3)
        #expect(arena.codeByteCount % 4096 == 0)
        #expect(arena.capacity >= 3)
        #expect(try Self.writeFaults(at: arena.base))
        #expect(try Self.writeFaults(at: arena.base + arena.codeByteCount - 1))
        #expect(try !Self.writeFaults(at: arena.base + arena.codeByteCount))
        let veneer = arena.writeVeneer(at: 0, slot: 1, context: 2, target: td_sync_entry_address())
        #expect(try Self.writeFaults(at: UnsafeMutableRawPointer(mutating: veneer)))
    }

    @Test func aRetiredMappingComesBackWithItsCodeAndClearedData() throws {
        // A size no arena of another test has (seven pages of code), kept past the pool's limit, which
        // other tests' arenas may have reached: the next arena of that size must take this mapping back.
        let capacity = 7 * 4096 / Int(TD_VENEER_STRIDE)
        let codeByteCount = 7 * 4096
        let target = try #require(td_sync_entry_address())
        let base = try VeneerArena.map(codeByteCount: codeByteCount)
        let code = Array(UnsafeRawBufferPointer(start: base, count: codeByteCount))
        // A dead conformance's words, which must not survive into the next one.
        (base + codeByteCount).initializeMemory(
            as: UInt8.self, repeating: 0xA5, count: capacity * Int(TD_VENEER_DATA_STRIDE))
        #expect(RetiredArenas.keep(base, codeByteCount: codeByteCount, limit: .max))
        let arena = try VeneerArena(capacity: capacity)
        #expect(arena.base == base)
        #expect(arena.codeByteCount == codeByteCount)
        #expect(Array(UnsafeRawBufferPointer(start: arena.base, count: codeByteCount)) == code)
        #expect(try Self.writeFaults(at: arena.base))
        let data = UnsafeRawBufferPointer(
            start: arena.base + codeByteCount, count: capacity * Int(TD_VENEER_DATA_STRIDE))
        #expect(data.allSatisfy { $0 == 0 })
        // The same code serves the new conformance's own words.
        let veneer = arena.writeVeneer(at: capacity - 1, slot: 3, context: 4, target: target)
        #expect(Self.loadedAddress(veneer, word: 0).load(as: UInt64.self) == 3)
        #expect(Self.loadedAddress(veneer, word: 1).load(as: UInt64.self) == 4)
        #expect(Self.loadedAddress(veneer, word: 2).load(as: UInt.self) == UInt(bitPattern: target))
        #expect(RetiredArenas.take(codeByteCount: codeByteCount) == nil)
    }

    @Test func capacityGrowsToWholePages() throws {
        let arena = try VeneerArena(capacity: 200)
        #expect(arena.capacity >= 200)
        #expect(arena.codeByteCount >= 200 * Int(TD_VENEER_STRIDE))
        #expect(arena.codeByteCount % 4096 == 0)
        let target = try #require(td_sync_entry_address())
        let first = arena.writeVeneer(at: 0, slot: 0, context: 0, target: target)
        let second = arena.writeVeneer(at: 1, slot: 0, context: 0, target: target)
        #expect(second - first == Int(TD_VENEER_STRIDE))
    }

    @Test func anImpossibleArenaThrowsInsteadOfCrashing() {
        #expect(throws: TrampolineError.self) { try VeneerArena(capacity: Int.max / 2) }
        #expect(throws: TrampolineError.self) { try VeneerArena(capacity: 1 << 50) }
    }

    @Test func veneerLoadsSlotAndContextAndJumpsToTheEntry() throws {
        let arena = try VeneerArena(capacity: 2)
        let slot: UInt64 = 0x0102_0304_0506_0708
        let context: UInt64 = 0x1112_1314_1516_1718
        let target = try #require(td_sync_entry_address())
        _ = arena.writeVeneer(at: 0, slot: 0, context: 0, target: target)
        let code = arena.writeVeneer(at: 1, slot: slot, context: context, target: target)
        #if arch(x86_64)
        #expect(code.load(as: UInt16.self) == 0x8B4C)  // mov disp32(%rip), %r11
        #expect(code.load(fromByteOffset: 2, as: UInt8.self) == 0x1D)
        #expect(code.loadUnaligned(fromByteOffset: 7, as: UInt16.self) == 0x8B4C)  // mov disp32(%rip), %r10
        #expect(code.load(fromByteOffset: 9, as: UInt8.self) == 0x15)
        #expect(code.loadUnaligned(fromByteOffset: 14, as: UInt16.self) == 0x25FF)  // jmp *disp32(%rip)
        #elseif arch(arm64)
        #expect(code.load(as: UInt32.self) & 0xFF00_001F == 0x5800_0009)  // ldr x9, literal
        #expect(code.load(fromByteOffset: 4, as: UInt32.self) & 0xFF00_001F == 0x5800_000A)  // ldr x10, literal
        #expect(code.load(fromByteOffset: 8, as: UInt32.self) & 0xFF00_001F == 0x5800_0010)  // ldr x16, literal
        #expect(code.load(fromByteOffset: 12, as: UInt32.self) == 0xD61F_0200)  // br x16
        #endif
        #expect(Self.loadedAddress(code, word: 0).load(as: UInt64.self) == slot)
        #expect(Self.loadedAddress(code, word: 1).load(as: UInt64.self) == context)
        #expect(Self.loadedAddress(code, word: 2).load(as: UInt.self) == UInt(bitPattern: target))
    }

    @Test func asyncAndCoroutineRecordsLeadToTheSameCode() throws {
        let arena = try VeneerArena(capacity: 1)
        let target = try #require(td_sync_entry_address())
        let record = arena.writeAsyncVeneer(at: 0, slot: 5, context: 6, target: target)
        let coroutine = arena.writeCoroutineVeneer(at: 0, slot: 5, context: 6, target: target)
        let code = arena.writeVeneer(at: 0, slot: 5, context: 6, target: target)
        // {int32 offset from the field to the code, uint32 size the caller allocates}
        #expect(record + Int(record.load(as: Int32.self)) == code)
        #expect(record.load(fromByteOffset: 4, as: UInt32.self) == UInt32(TD_ASYNC_CONTEXT_SIZE))
        #expect(coroutine + Int(coroutine.load(as: Int32.self)) == code)
        #expect(coroutine.load(fromByteOffset: 4, as: UInt32.self) == UInt32(CoroutineAccess.frameSize))
        #expect(Self.loadedAddress(code, word: 0).load(as: UInt64.self) == 5)
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
