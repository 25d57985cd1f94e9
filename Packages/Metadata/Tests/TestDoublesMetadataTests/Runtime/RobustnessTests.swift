import Testing

@testable import TestDoublesMetadata

protocol RTSequenceLike {
    associatedtype Element: Hashable
    func first() -> Element?
}

protocol RTNoncopyableFriendly: ~Copyable {
    func borrow()
}

/// A fake metadata record: Int's value witnesses, then `kind`.
private final class FakeMetadata {
    let words: UnsafeMutablePointer<UInt>

    init(kind: UInt) {
        words = .allocate(capacity: 4)
        let int = TypeMetadata(Int.self).pointer
        words[0] = (int - MemoryLayout<UInt>.size).load(as: UInt.self)
        words[1] = kind
        words[2] = 0
        words[3] = 0
    }

    var metadata: TypeMetadata { TypeMetadata(pointer: UnsafeRawPointer(words + 1)) }

    deinit { words.deallocate() }
}

@Suite struct RobustnessTests {
    @Test func unknownMetadataKindsAreErrorValues() throws {
        let fake = FakeMetadata(kind: 0x2FF)
        #expect(fake.metadata.kind == .unknown(0x2FF))
        #expect(throws: MetadataError.unknownMetadataKind(rawValue: 0x2FF)) { try TypeLayout(of: fake.metadata) }
        #expect(throws: MetadataError.unknownMetadataKind(rawValue: 0x2FF)) { try StructMetadata(fake.metadata) }
        #expect(throws: MetadataError.unknownMetadataKind(rawValue: 0x2FF)) {
            try Placeholder.initialize(fake.metadata.type, at: UnsafeMutableRawPointer(fake.words))
        }
    }

    @Test func kindsThatCannotBeLaidOutAreErrorValues() throws {
        for kind: UInt in [0x400, 0x501, 0x502, 0x503] {
            let fake = FakeMetadata(kind: kind)
            #expect(throws: MetadataError.self) { try TypeLayout(of: fake.metadata) }
            #expect(!Placeholder.canSynthesize(fake.metadata.type))
        }
    }

    @Test func everyKnownRequirementKindDecodes() throws {
        for kind in ProtocolRequirementKind.allCases {
            let record: [UInt32] = [UInt32(kind.rawValue) | 0x10, 0]
            try record.withUnsafeBytes { bytes in
                let requirement = try ProtocolRequirement(pointer: bytes.baseAddress!, index: 0, protocolName: "P")
                #expect(requirement.kind == kind)
                #expect(requirement.isInstance)
                #expect(!requirement.hasDefaultImplementation)
            }
        }
        for raw in UInt32(9)...15 {
            let record: [UInt32] = [raw, 0]
            record.withUnsafeBytes { (bytes) -> Void in
                #expect(throws: MetadataError.self) {
                    try ProtocolRequirement(pointer: bytes.baseAddress!, index: 0, protocolName: "P")
                }
            }
        }
    }

    @Test func calleeAllocatedCoroutineFlagIsNotAsync() throws {
        // Bit 5 means `async` for functions but yield_once_2 for read/modify.
        let modify2: [UInt32] = [6 | 0x10 | 0x20, 0]
        try modify2.withUnsafeBytes { bytes in
            let requirement = try ProtocolRequirement(pointer: bytes.baseAddress!, index: 0, protocolName: "P")
            #expect(requirement.isCalleeAllocatedCoroutine)
            #expect(!requirement.isAsync)
        }
        let asyncMethod: [UInt32] = [1 | 0x10 | 0x20, 0]
        try asyncMethod.withUnsafeBytes { bytes in
            let requirement = try ProtocolRequirement(pointer: bytes.baseAddress!, index: 0, protocolName: "P")
            #expect(requirement.isAsync)
            #expect(!requirement.isCalleeAllocatedCoroutine)
        }
    }

    @Test func associatedConformanceSlots() throws {
        let sequence = try #require(try ProtocolDescriptor.protocols(of: (any RTSequenceLike).self).first)
        #expect(sequence.associatedTypeNames == ["Element"])
        let kinds = try sequence.requirements().map(\.kind)
        #expect(kinds.contains(.associatedTypeAccessFunction))
        #expect(kinds.contains(.associatedConformanceAccessFunction))
        #expect(kinds.last == .method)
        #expect(sequence.baseProtocols.isEmpty)
    }

    @Test func protocolsThatSuppressCopyableRead() throws {
        let friendly = try #require(try ProtocolDescriptor.protocols(of: (any RTNoncopyableFriendly).self).first)
        #expect(try friendly.requirements().map(\.kind) == [.method])
        #expect(friendly.baseProtocols.isEmpty)
    }

    @Test func conformanceScanOfAProtocolWithoutConformers() throws {
        let friendly = try #require(try ProtocolDescriptor.protocols(of: (any RTNoncopyableFriendly).self).first)
        let scan = try ProtocolConformance.all(to: friendly)
        #expect(scan.conformances.isEmpty)
        #expect(scan.skipped.isEmpty)
    }
}
