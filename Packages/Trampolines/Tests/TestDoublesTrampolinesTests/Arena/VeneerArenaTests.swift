import CTestDoublesTrampolines
import Testing

@testable import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#endif

@Suite struct VeneerArenaTests {
    /// Whether a write to `address` faults: a forked child stores one byte
    /// (with the default SIGSEGV action, so no crash reporter runs) and the
    /// parent reads how it ended.
    static func writeFaults(at address: UnsafeMutableRawPointer) -> Bool {
        let child = fork()
        if child == 0 {
            signal(SIGSEGV, SIG_DFL)
            signal(SIGBUS, SIG_DFL)
            address.storeBytes(of: 0xCC, as: UInt8.self)
            _exit(0)
        }
        var status: Int32 = 0
        guard child > 0, waitpid(child, &status, 0) == child else { return false }
        let signal = status & 0x7F
        return signal == SIGSEGV || signal == SIGBUS
    }

    @Test func pagesAreWritableUntilPublishedThenExecutableButNotWritable() throws {
        let arena = try VeneerArena(capacity: 3)
        #expect(arena.byteCount % 4096 == 0)
        #expect(arena.capacity >= 3)
        #expect(!Self.writeFaults(at: arena.base))
        arena.writeVeneer(at: 0, slot: 1, context: 2, target: td_sync_entry_address())
        try arena.publish()
        #expect(arena.isPublished)
        #expect(Self.writeFaults(at: arena.base))
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
