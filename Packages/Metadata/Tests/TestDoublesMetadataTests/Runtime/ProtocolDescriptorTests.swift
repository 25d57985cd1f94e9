import Testing

@testable import TestDoublesMetadata

@Suite struct ProtocolDescriptorTests {
    @Test func descriptorFromAnExistential() throws {
        let protocols = try ProtocolDescriptor.protocols(of: (any RTGreeter).self)
        let greeter = try #require(protocols.first)
        #expect(protocols.count == 1)
        #expect(greeter.name == "RTGreeter")
        #expect(greeter.moduleName == "TestDoublesMetadataTests")
        #expect(greeter.parentName == "TestDoublesMetadataTests")
        #expect(greeter.qualifiedName == "TestDoublesMetadataTests.RTGreeter")
        #expect(!greeter.isClassBound)
        #expect(!greeter.isResilient)
        #expect(greeter.associatedTypeNames.isEmpty)
        #expect(greeter.baseProtocols.isEmpty)
    }

    @Test func requirementKindsInWitnessTableOrder() throws {
        let greeter = try #require(try ProtocolDescriptor.protocols(of: (any RTGreeter).self).first)
        let requirements = try greeter.requirements()
        // greet, volume get/set/modify, make, init(seed:), fetch.
        #expect(greeter.requirementCount == requirements.count)
        #expect(
            requirements.map(\.kind) == [
                .method, .getter, .setter, .modifyCoroutine, .method, .initializer, .method,
            ])
        #expect(requirements.map(\.isInstance) == [true, true, true, true, false, false, true])
        #expect(requirements.map(\.isAsync) == [false, false, false, false, false, false, true])
        #expect(requirements.map(\.index) == Array(0..<requirements.count))
        #expect(requirements.map(\.witnessTableIndex) == Array(1...requirements.count))
        #expect(requirements.allSatisfy { !$0.hasDefaultImplementation })
    }

    @Test func associatedTypesAndBaseProtocols() throws {
        let named = try #require(try ProtocolDescriptor.protocols(of: (any RTNamed).self).first)
        #expect(named.associatedTypeNames == ["Name"])
        #expect(try named.requirements().map(\.kind) == [.associatedTypeAccessFunction, .getter])

        let refined = try #require(try ProtocolDescriptor.protocols(of: (any RTRefined).self).first)
        #expect(Set(refined.baseProtocols.map(\.name)) == ["RTGreeter", "RTTitled"])
        let kinds = try refined.requirements().map(\.kind)
        #expect(kinds.prefix(2) == [.baseProtocol, .baseProtocol])
        #expect(kinds.last == .method)

        let titled = try #require(refined.baseProtocols.first { $0.name == "RTTitled" })
        #expect(titled.baseProtocols.map(\.name) == ["RTNamed"])
        // `Self: RTNamed` and `Self.Name == String`.
        #expect(titled.requirementSignature.map(\.kind).contains(.sameType))
    }

    @Test func compositionAndClassConstraint() throws {
        let protocols = try ProtocolDescriptor.protocols(of: (any RTGreeter & RTObjectOnly).self)
        #expect(Set(protocols.map(\.name)) == ["RTGreeter", "RTObjectOnly"])
        let objectOnly = try #require(protocols.first { $0.name == "RTObjectOnly" })
        #expect(objectOnly.isClassBound)
        #expect(try ProtocolDescriptor.protocols(of: Any.self).isEmpty)
    }

    @Test func standardLibraryProtocols() throws {
        let error = try #require(try ProtocolDescriptor.protocols(of: (any Error).self).first)
        #expect(error.name == "Error")
        #expect(error.moduleName == "Swift")
        #expect(error.specialProtocol == 1)
        let hashable = try #require(try ProtocolDescriptor.protocols(of: (any Hashable).self).first)
        #expect(hashable.baseProtocols.map(\.name) == ["Equatable"])
        #expect(hashable.isResilient)
        let requirements = try hashable.requirements()
        #expect(requirements.first?.kind == .baseProtocol)
        // `_rawHashValue(seed:)` has a default implementation in the resilient descriptor.
        #expect(requirements.contains { $0.hasDefaultImplementation })
    }

    @Test func unknownRequirementKindIsAnErrorValue() throws {
        // A fabricated record with kind 12 (no such kind today).
        let record: [UInt32] = [0x1C, 0]
        record.withUnsafeBytes { (bytes) -> Void in
            #expect(throws: MetadataError.unknownRequirementKind(rawValue: 12, protocolName: "P", index: 3)) {
                try ProtocolRequirement(pointer: bytes.baseAddress!, index: 3, protocolName: "P")
            }
        }
        #expect(ProtocolRequirementKind(rawValue: 9) == nil)
    }
}

/// Word 4 of an opaque `any RTGreeter` container: the witness table.
/// (Read through a typed pointer: passing the existential to a generic
/// function would open it.)
private func witnessTableWord(of value: any RTGreeter) -> UnsafeRawPointer {
    let container = UnsafeMutablePointer<any RTGreeter>.allocate(capacity: 1)
    defer { container.deinitialize(count: 1).deallocate() }
    container.initialize(to: value)
    return UnsafeRawPointer(container).load(fromByteOffset: 32, as: UnsafeRawPointer.self)
}

@Suite struct ProtocolConformanceTests {
    @Test func findsEveryNonGenericConformer() throws {
        let greeter = try #require(try ProtocolDescriptor.protocols(of: (any RTGreeter).self).first)
        let scan = try ProtocolConformance.all(to: greeter)
        let names = Set(scan.conformances.map { $0.conformingType.description })
        #expect(names.contains("TestDoublesMetadataTests.RTLiveGreeter"))
        #expect(names.contains("TestDoublesMetadataTests.RTLoudGreeter"))
        #expect(scan.skipped.contains { $0.typeName.hasSuffix("RTGenericGreeter") && $0.reason == "generic conformer" })
    }

    @Test func witnessAddressesAreTheRealWitnesses() throws {
        let greeter = try #require(try ProtocolDescriptor.protocols(of: (any RTGreeter).self).first)
        let scan = try ProtocolConformance.all(to: greeter)
        let live = try #require(scan.conformances.first { $0.conformingType == TypeMetadata(RTLiveGreeter.self) })

        // The table the runtime hands out is the one inside an existential.
        let value: any RTGreeter = RTLiveGreeter(seed: 5)
        let tableInExistential = witnessTableWord(of: value)
        #expect(live.witnessTable.pointer == tableInExistential)
        #expect(live.witnessTable.conformanceDescriptor == live.descriptor)

        let addresses = try live.witnessAddresses()
        let requirements = try greeter.requirements()
        #expect(Set(addresses.keys) == Set(requirements.filter { $0.kind.isCallable }.map(\.index)))
        #expect(addresses[0] == live.witnessTable.pointer.load(fromByteOffset: 8, as: UnsafeRawPointer.self))
        #expect(try witnessAddresses(in: live.witnessTable, for: greeter) == addresses)
    }

    @Test func eachConformersTableIsTheOneTheRuntimeLooksUp() throws {
        // Tables come from each record (`swift_getWitnessTable`), not from a lookup by type: the same tables.
        let greeter = try #require(try ProtocolDescriptor.protocols(of: (any RTGreeter).self).first)
        let scan = try ProtocolConformance.all(to: greeter)
        #expect(scan.conformances.count >= 2)
        for conformance in scan.conformances {
            let lookedUp = try SwiftRuntime.conformsToProtocol(conformance.conformingType.pointer, greeter.pointer)
            #expect(conformance.witnessTable.pointer == lookedUp, "\(conformance.conformingType)")
        }
        #expect(ProtocolConformance.flagsNeedingLookup & 0x38 == 0, "the type reference kind is not a reason")
    }

    @Test func callingAWitnessThroughItsAddressAnswersLikeTheConformer() throws {
        // `volume.getter` (requirement 1) of RTLiveGreeter: self is passed by address
        // in the context register, so call it through an existential instead and
        // check the address is the one an existential dispatch uses.
        let greeter = try #require(try ProtocolDescriptor.protocols(of: (any RTGreeter).self).first)
        let scan = try ProtocolConformance.all(to: greeter)
        let loud = try #require(scan.conformances.first { $0.conformingType == TypeMetadata(RTLoudGreeter.self) })
        let value: any RTGreeter = RTLoudGreeter(seed: 4)
        let table = witnessTableWord(of: value)
        #expect(loud.witnessTable.pointer == table)
        #expect(value.volume == 4)
    }

    @Test func baseProtocolWitnessTables() throws {
        struct Titled: RTTitled {
            var name: String { "n" }
            func title() -> String { "t" }
        }
        let titled = try #require(try ProtocolDescriptor.protocols(of: (any RTTitled).self).first)
        let scan = try ProtocolConformance.all(to: titled)
        let conformance = try #require(scan.conformances.first { $0.conformingType == TypeMetadata(Titled.self) })
        let named = try #require(titled.baseProtocols.first)
        let baseTable = try #require(try conformance.witnessTable(for: named))
        // Slot 0 of RTTitled is its base-protocol slot: the runtime stores the base table there.
        #expect(conformance.witnessTable.witness(forRequirementAt: 0) == baseTable.pointer)
    }
}
