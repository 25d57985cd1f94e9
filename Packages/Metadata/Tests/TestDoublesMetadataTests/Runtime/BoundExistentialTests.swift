import Testing

@testable import TestDoublesMetadata

protocol RTBoundStore<Element>: AnyObject {
    associatedtype Element
    func get() -> Element
}

protocol RTBoundPair<Key, Value> {
    associatedtype Key
    associatedtype Value
}

protocol RTBoundPlain {
    associatedtype Item
}

@Suite struct BoundExistentialTests {
    @Test func readsTheProtocolAndTheBoundType() throws {
        let integers = try BoundExistential((any RTBoundStore<Int>).self)
        let strings = try BoundExistential((any RTBoundStore<[String]>).self)
        #expect(integers.protocolDescriptor.name == "RTBoundStore")
        #expect(integers.protocolDescriptor == strings.protocolDescriptor)
        #expect(ObjectIdentifier(integers.boundType) == ObjectIdentifier(Int.self))
        #expect(ObjectIdentifier(strings.boundType) == ObjectIdentifier([String].self))
        #expect(integers.isClassBound)
        #expect(integers.bindsAssociatedType(named: "Element"))
        #expect(!integers.bindsAssociatedType(named: "Elemen"))
        #expect(!integers.bindsAssociatedType(named: "Item"))
    }

    @Test func readsTwoBindingsByName() throws {
        let pair = try BoundExistential((any RTBoundPair<Int, String>).self)
        #expect(pair.protocolDescriptor.name == "RTBoundPair")
        #expect(pair.boundTypes.count == 2)
        #expect(pair.boundType(named: "Key").map(ObjectIdentifier.init) == ObjectIdentifier(Int.self))
        #expect(pair.boundType(named: "Value").map(ObjectIdentifier.init) == ObjectIdentifier(String.self))
        #expect(pair.boundType(named: "Item") == nil)
    }

    @Test func rejectsPlainExistentials() {
        #expect(throws: MetadataError.self) { try BoundExistential((any RTBoundPlain).self) }
        #expect(throws: MetadataError.self) { try BoundExistential(Int.self) }
    }
}
