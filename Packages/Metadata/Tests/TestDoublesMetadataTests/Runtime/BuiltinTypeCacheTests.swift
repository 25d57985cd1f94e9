import Testing

@testable import TestDoublesMetadata

/// Only a builtin type alone is kept, and a kept one resolves to what the runtime gives.
@Suite struct BuiltinTypeCacheTests {
    /// Calls `body` with `text` as a NUL-terminated mangled name.
    private func withName<Result>(_ text: String, _ body: (MangledTypeName) throws -> Result) rethrows -> Result {
        let bytes = Array(text.utf8) + [0]
        return try bytes.withUnsafeBytes { buffer in
            try body(MangledTypeName(pointer: buffer.baseAddress!))
        }
    }

    @Test func onlyABuiltinTypeAloneIsASpelling() {
        for builtin in ["Bi64_", "Bi1_", "Bf32_", "Bf64_", "Bv4_Bf32_", "Bv16_Bi8_", "Bb", "Bo", "BO", "Bp", "Bw"] {
            #expect(withName(builtin) { BuiltinTypeCache.spelling(of: $0) } == Array(builtin.utf8), "\(builtin)")
        }
        // Followed by more (an optional builtin, a tuple with a generic parameter), malformed, or not builtin.
        for other in [
            "Bi64_Sg", "Bi64_xt", "Bi_", "Bi064_", "Bi64", "B", "Bx", "Bv4_Si", "Bv4_", "Si", "x", "Bi64_Bi64_",
            "Bv4_Bf32_Sg", "Bb_",
        ] {
            #expect(withName(other) { BuiltinTypeCache.spelling(of: $0) } == nil, "\(other)")
        }
    }

    @Test func aKeptBuiltinResolvesAsTheRuntimeResolvesIt() throws {
        var resolvedByTheRuntime = 0
        for builtin in ["Bi64_", "Bf64_", "Bi1_", "Bv4_Bf32_", "Bo", "Bi7_"] {
            let runtime = withName(builtin) { name in
                RuntimeTypeLookup.type(
                    mangledName: name.pointer.assumingMemoryBound(to: UInt8.self), length: name.length,
                    context: nil, genericArguments: nil)
            }
            guard let runtime else {
                // A builtin whose metadata no image emits: it still fails, and nothing is kept.
                #expect(throws: MetadataError.self) {
                    try withName(builtin) { try $0.resolve(in: nil, genericArguments: nil) }
                }
                #expect(BuiltinTypeCache.metadata(for: Array(builtin.utf8)) == nil, "\(builtin)")
                continue
            }
            resolvedByTheRuntime += 1
            let expected = unsafeBitCast(runtime, to: UnsafeRawPointer.self)
            // The first resolution asks the runtime (or finds an earlier one), the second finds the kept one.
            for _ in 0..<2 {
                let resolved = try withName(builtin) { try $0.resolve(in: nil, genericArguments: nil) }
                #expect(resolved.pointer == expected, "\(builtin)")
                #expect(BuiltinTypeCache.metadata(for: Array(builtin.utf8)) == expected, "\(builtin)")
            }
        }
        #expect(resolvedByTheRuntime >= 2)
    }

    @Test func intsStoredFieldIsItsBuiltinEachTime() throws {
        let metadata = TypeMetadata(pointer: unsafeBitCast(Int.self, to: UnsafeRawPointer.self))
        let int = try StructMetadata(metadata)
        let first = try int.fields()
        let second = try int.fields()
        #expect(first.count == 1)
        #expect(first.map(\.type.pointer) == second.map(\.type.pointer))
        let field = try #require(first.first)
        #expect(field.mangledTypeName.description == "Bi64_")
        #expect(BuiltinTypeCache.metadata(for: Array("Bi64_".utf8)) == field.type.pointer)
    }
}
