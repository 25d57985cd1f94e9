import Testing

@testable import TestDoublesMetadata

@Suite struct RuntimeTypeLookupTests {
    private func identity(_ type: Any.Type?) -> ObjectIdentifier? { type.map(ObjectIdentifier.init) }

    @Test func standaloneAndDebugNamesResolve() {
        #expect(identity(RuntimeTypeLookup.type(forMangledName: "Si")) == ObjectIdentifier(Int.self))
        #expect(identity(RuntimeTypeLookup.type(forDebugName: "$sSaySSGD")) == ObjectIdentifier([String].self))
        #expect(RuntimeTypeLookup.type(forDebugName: "SaySSG") == nil)
        #expect(RuntimeTypeLookup.type(forMangledName: "") == nil)
    }

    @Test func namesWithSymbolicReferenceMarkersAreRefused() {
        // 0x01 announces a relative reference in the next four bytes; 0x18-0x1F an
        // absolute one. A standalone name has neither, so its bytes are never read as one.
        #expect(RuntimeTypeLookup.type(forMangledName: "\u{01}AAAA") == nil)
        #expect(RuntimeTypeLookup.type(forMangledName: "Sq\u{18}AAAAAAAA") == nil)
        #expect(RuntimeTypeLookup.type(forDebugName: "$s\u{01}AAAAD") == nil)
    }
}
