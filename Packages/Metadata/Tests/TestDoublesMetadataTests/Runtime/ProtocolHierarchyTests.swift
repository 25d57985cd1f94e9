import Testing

@testable import TestDoublesMetadata

protocol RTDiamondBase { func base() }
protocol RTDiamondLeft: RTDiamondBase { func left() }
protocol RTDiamondRight: RTDiamondBase { func right() }
protocol RTDiamond: RTDiamondLeft, RTDiamondRight { func bottom() }

struct RTDiamondConformer: RTDiamond {
    func base() {}
    func left() {}
    func right() {}
    func bottom() {}
}

@Suite struct ProtocolHierarchyTests {
    @Test func diamondIsFlattenedBasesFirstEachOnce() throws {
        let hierarchy = try ProtocolHierarchy(of: (any RTDiamond).self)
        let names = hierarchy.nodes.map(\.protocolDescriptor.name)
        #expect(names.count == 4)
        #expect(Set(names) == ["RTDiamondBase", "RTDiamondLeft", "RTDiamondRight", "RTDiamond"])
        #expect(names.first == "RTDiamondBase")
        #expect(names.last == "RTDiamond")
        let callable = hierarchy.callableRequirements
        #expect(callable.map(\.dispatchIndex) == [0, 1, 2, 3])
        #expect(callable.first?.protocolDescriptor.name == "RTDiamondBase")
        #expect(callable.last?.protocolDescriptor.name == "RTDiamond")
        // bottom() is slot 2 of RTDiamond's own table: two base-protocol slots come first.
        #expect(callable.last?.requirement.index == 2)
    }

    @Test func compositionRootsKeepWitnessTableOrder() throws {
        let hierarchy = try ProtocolHierarchy(of: (any RTGreeter & RTObjectOnly).self)
        let roots = try ProtocolDescriptor.protocols(of: (any RTGreeter & RTObjectOnly).self)
        #expect(hierarchy.roots == roots)
        #expect(hierarchy.nodes.count == 2)
    }

    @Test func witnessTablesOfEveryNode() throws {
        let hierarchy = try ProtocolHierarchy(of: (any RTDiamond).self)
        let tables = try hierarchy.witnessTables(of: TypeMetadata(RTDiamondConformer.self))
        #expect(tables.count == 4)
        for node in hierarchy.nodes {
            let table = try #require(tables[node.protocolDescriptor])
            // Each base-protocol slot holds the base's table.
            for (slot, base) in zip(node.requirements.filter { $0.kind == .baseProtocol }, node.baseProtocols) {
                #expect(table.witness(forRequirementAt: slot.index) == tables[base]?.pointer)
            }
            #expect(try !table.witnessAddresses(for: node.protocolDescriptor).isEmpty)
        }
        #expect(throws: MetadataError.self) { try hierarchy.witnessTables(of: TypeMetadata(Int.self)) }
    }
}
