import Testing

@testable import TestDoublesMetadata

/// Thin metatypes and optionals of them: what travels in a concrete
/// signature, and the memory forms the stub rebuilds from it.
@Suite struct ConcreteRepresentationTests {
    @Test func thinMetatypesAndTheirOptionalsDifferFromMemory() throws {
        #expect(try ConcreteRepresentation(of: Int.Type.self) == .thinMetatype(instance: TypeMetadata(Int.self)))
        #expect(
            try ConcreteRepresentation(of: CLEmpty?.Type.self) == .thinMetatype(instance: TypeMetadata(CLEmpty?.self)))
        #expect(
            try ConcreteRepresentation(of: Int.Type?.self) == .optionalThinMetatype(instance: TypeMetadata(Int.self)))
        #expect(try ConcreteRepresentation(of: Int.Type?.self)?.concreteSize == 1)
        #expect(try ConcreteRepresentation(of: Int.Type.self)?.concreteSize == 0)
    }

    @Test func thickValuesTravelAsTheirMemory() throws {
        #expect(try ConcreteRepresentation(of: Int.self) == nil)
        #expect(try ConcreteRepresentation(of: CLObject.Type.self) == nil)
        #expect(try ConcreteRepresentation(of: CLObject.Type?.self) == nil)
        #expect(try ConcreteRepresentation(of: Any.Type.self) == nil)
        #expect(try ConcreteRepresentation(of: (any CLProtocol.Type)?.self) == nil)
        #expect(try ConcreteRepresentation(of: [Int.Type].self) == nil)
        #expect(try ConcreteRepresentation(of: CLGenericBox<Int.Type>.self) == nil)
    }

    @Test func nestedOptionalThinMetatypesAndTuplesOfThemFailClosed() {
        #expect(throws: MetadataError.self) { try ConcreteRepresentation(of: Int.Type??.self) }
        #expect(throws: MetadataError.self) { try ABIClassifier.classify(Int.Type??.self, for: .x86_64) }
        #expect(throws: MetadataError.self) { try ABIClassifier.classify((Int.Type, Int).self, for: .arm64) }
        #expect(throws: MetadataError.self) { try ABIClassifier.classify((Int, Int.Type?).self, for: .x86_64) }
    }

    @Test func materializesTheMemoryFormAndTheTagByte() throws {
        let optional = try #require(try ConcreteRepresentation(of: Int8.Type?.self))
        var word: UInt = 0xFFFF
        var tag: UInt8 = 0
        #expect(withUnsafeMutableBytes(of: &word) { optional.materialize(from: &tag, into: $0.baseAddress!) })
        #expect(word == UInt(bitPattern: TypeMetadata(Int8.self).pointer))
        #expect(withUnsafeBytes(of: &word) { optional.concreteTag(of: $0.baseAddress!) } == 0)
        tag = 1
        #expect(withUnsafeMutableBytes(of: &word) { optional.materialize(from: &tag, into: $0.baseAddress!) })
        #expect(word == 0)
        #expect(withUnsafeBytes(of: &word) { optional.concreteTag(of: $0.baseAddress!) } == 1)
        tag = 7
        #expect(!withUnsafeMutableBytes(of: &word) { optional.materialize(from: &tag, into: $0.baseAddress!) })
        let thin = try #require(try ConcreteRepresentation(of: String.Type.self))
        #expect(withUnsafeMutableBytes(of: &word) { thin.materialize(from: nil, into: $0.baseAddress!) })
        #expect(ObjectIdentifier(unsafeBitCast(word, to: Any.Type.self)) == ObjectIdentifier(String.self))
        #expect(withUnsafeBytes(of: &word) { thin.concreteTag(of: $0.baseAddress!) } == nil)
    }
}
