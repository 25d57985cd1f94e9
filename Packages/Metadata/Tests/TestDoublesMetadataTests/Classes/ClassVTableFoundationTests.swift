import Foundation
import Testing

@testable import TestDoublesMetadata

/// A subclass of a class from another module (Foundation's open `JSONDecoder`).
final class CVDecoder: JSONDecoder, @unchecked Sendable {
    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try super.decode(type, from: data)
    }
}

@Suite struct ClassVTableFoundationTests {
    @Test func anOpenFoundationClassNamesItsMembers() throws {
        let table = try ClassVTable(ClassMetadata(TypeMetadata(JSONDecoder.self)))
        let names = table.slots.map { $0.method.displayName() ?? "?" }
        #expect(names.contains("decode(_:from:)"))
        #expect(names.contains("getter of dateDecodingStrategy"))
        // A member whose descriptor records no implementation (the library
        // emitted none) has the runtime's `swift_deletedMethodError` in its slot.
        let deleted = try #require(ImageRegistry.shared.address(ofSymbol: "swift_deletedMethodError"))
        for slot in table.slots {
            let expected = slot.method.implementation.map { UInt(bitPattern: $0) } ?? deleted
            #expect(slot.implementation.map { UInt(bitPattern: $0) } == expected)
        }
    }

    @Test func aSubclassInAnotherModuleOverridesThroughTheAncestorsSlot() throws {
        let base = try ClassVTable(ClassMetadata(TypeMetadata(JSONDecoder.self)))
        let derived = try ClassVTable(ClassMetadata(TypeMetadata(CVDecoder.self)))
        #expect(derived.slots.count == base.slots.count)
        let decode = try #require(derived.slots.first { $0.method.displayName() == "decode(_:from:)" })
        #expect(decode.implementingClass.qualifiedName.hasSuffix("CVDecoder"))
        #expect(decode.implementation != decode.method.implementation)
        #expect(base.slot(for: decode.method)?.wordOffset == decode.wordOffset)
    }

    @Test func theHeapPrefixHoldsTheDeallocatingDeinit() throws {
        let metadata = try ClassMetadata(TypeMetadata(CVSession.self))
        let destroyer = try #require(metadata.heapDestroyer)
        let symbols = try ImageRegistry.shared.symbols(at: UInt(bitPattern: destroyer))
        // `fD`: the deallocating deinit of CVSession.
        #expect(symbols.contains { $0.name.hasSuffix("9CVSessionCfD") })
        // The value witness table, at −8, is the one of a native object.
        let witnesses = try #require(metadata.metadata.pointer.pointer(at: -8))
        #expect(witnesses == TypeMetadata(CVFinal.self).pointer.pointer(at: -8))
    }
}
