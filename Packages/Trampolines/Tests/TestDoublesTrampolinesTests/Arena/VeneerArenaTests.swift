import CTestDoublesTrampolines
import Testing

@testable import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#endif

@Suite struct VeneerArenaTests {
    /// The line of /proc/self/maps for the mapping holding `address`.
    static func mapping(of address: UnsafeRawPointer) -> String? {
        guard let maps = readTextFile("/proc/self/maps") else { return nil }
        let target = UInt(bitPattern: address)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            let range = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if range.count == 2, range[0] <= target, target < range[1] { return String(line) }
        }
        return nil
    }

    @Test func pagesAreWritableUntilPublishedThenExecutableButNotWritable() throws {
        let arena = try VeneerArena(capacity: 3)
        #expect(arena.byteCount % 4096 == 0)
        #expect(arena.capacity >= 3)
        let writable = Self.mapping(of: arena.base)
        #expect(writable?.split(separator: " ").dropFirst().first == "rw-p", "\(writable ?? "no mapping")")
        arena.writeVeneer(at: 0, slot: 1, context: 2, target: td_sync_entry_address())
        try arena.publish()
        let executable = Self.mapping(of: arena.base)
        #expect(executable?.split(separator: " ").dropFirst().first == "r-xp", "\(executable ?? "no mapping")")
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
