import Testing

@testable import TestDoublesMetadata

@Suite struct RelativePointerTests {
    @Test func directAndIndirectRelativePointers() {
        // Layout (bytes): [0] direct → 16, [4] indirect → cell at 8, [8] cell (absolute address of 16), [16] target.
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: 32)
        memory.storeBytes(of: Int32(16), toByteOffset: 0, as: Int32.self)
        memory.storeBytes(of: Int32(4 | 1), toByteOffset: 4, as: Int32.self)
        memory.storeBytes(of: UInt(bitPattern: memory + 16), toByteOffset: 8, as: UInt.self)
        let base = UnsafeRawPointer(memory)
        #expect(base.relativeDirect(at: 0) == base + 16)
        #expect(base.relativeIndirectable(at: 4) == base + 16)
        // An indirectable pointer without the low bit is direct; bit 1 is a flag, not distance.
        memory.storeBytes(of: Int32(12 | 2), toByteOffset: 4, as: Int32.self)
        #expect(base.relativeIndirectable(at: 4) == base + 16)
        // Zero is null, and a null indirection cell is null.
        #expect(base.relativeDirect(at: 20) == nil)
        memory.storeBytes(of: Int32(4 | 1), toByteOffset: 4, as: Int32.self)
        memory.storeBytes(of: UInt(0), toByteOffset: 8, as: UInt.self)
        #expect(base.relativeIndirectable(at: 4) == nil)
    }

    @Test func mangledNamesSkipSymbolicReferences() {
        // "Sa" + symbolic reference (0x01 + 4 bytes, one of them zero) + "G" + NUL.
        let bytes: [UInt8] = [0x53, 0x61, 0x01, 0x00, 0x10, 0x00, 0x00, 0x47, 0x00]
        bytes.withUnsafeBytes { raw in
            let name = MangledTypeName(pointer: raw.baseAddress!)
            #expect(name.length == 8)
            #expect(name.hasSymbolicReference)
            #expect(name.description == "Sa<ref>G")
            #expect(!name.isBuiltin)
        }
        let builtin: [UInt8] = Array("Bi64_".utf8) + [0]
        builtin.withUnsafeBytes { raw in
            let name = MangledTypeName(pointer: raw.baseAddress!)
            #expect(name.length == 5)
            #expect(name.isBuiltin)
        }
    }

    @Test func unresolvableMangledNameIsAnError() {
        let bytes: [UInt8] = Array("9NoSuchMod0A4TypeV".utf8) + [0]
        bytes.withUnsafeBytes { (raw) -> Void in
            #expect(throws: MetadataError.self) {
                try MangledTypeName(pointer: raw.baseAddress!).resolve(in: nil, genericArguments: nil)
            }
        }
    }
}
