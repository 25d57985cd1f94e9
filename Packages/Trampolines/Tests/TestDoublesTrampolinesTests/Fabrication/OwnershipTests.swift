import Testing

@testable import TestDoublesTrampolines

/// `FabricatedConformance.owns(_:)`: a value's payload names exactly the
/// conformance that made it.
@Suite struct OwnershipTests {
    @Test func aConformanceOwnsOnlyItsOwnValues() throws {
        let (value, conformance) = try fabricate((any Adder).self) { _ in }
        let (otherValue, other) = try fabricate((any Adder).self) { _ in }
        #expect(conformance.owns(value as AnyObject))
        #expect(conformance.owns(try conformance.materialize(as: (any Adder).self) as AnyObject))
        #expect(!conformance.owns(otherValue as AnyObject))
        #expect(other.owns(otherValue as AnyObject))
        #expect(!other.owns(value as AnyObject))
    }

    @Test func classBoundValuesAreTheirPayloads() throws {
        let (value, conformance) = try fabricate((any Counter).self) { _ in }
        let (otherValue, _) = try fabricate((any Counter).self) { _ in }
        #expect(conformance.owns(value))
        #expect(!conformance.owns(otherValue))
    }

    @Test func aRetainedPayloadReferenceIsOwned() throws {
        let (_, conformance) = try fabricate((any Adder).self) { _ in }
        let (_, other) = try fabricate((any Adder).self) { _ in }
        let reference = conformance.retainedPayloadReference()
        let payload = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: reference)!).takeRetainedValue()
        #expect(conformance.owns(payload))
        #expect(!other.owns(payload))
    }

    @Test func otherObjectsAreNotOwned() throws {
        final class Unrelated {}
        let (_, conformance) = try fabricate((any Adder).self) { _ in }
        #expect(!conformance.owns(Unrelated()))
        #expect(!conformance.owns("a string" as AnyObject))
        #expect(!conformance.owns(42 as AnyObject))
    }
}
