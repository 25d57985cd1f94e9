import Testing

@testable import TestDoublesMetadata

/// A protocol whose only conformer in the process is generic (keep it so):
/// the conformance-record scan skips it, an anchor supplies its witnesses.
protocol AnchorOnlyLedger {
    associatedtype Entry
    func append(_ entry: Entry, note: String) -> Int
    func total(after index: Int) async throws -> Double
}

/// A protocol refining one with no other conformer, for base-protocol tables.
protocol AnchorOnlyNamedLedger: AnchorOnlyLedger {
    var title: String { get }
}

struct AnchorGenericLedger<Row, Tag>: AnchorOnlyNamedLedger {
    var title: String { "ledger" }
    func append(_ entry: Row, note: String) -> Int { 0 }
    func total(after index: Int) async throws -> Double { 0 }
}

@Suite struct ConformanceAnchorTests {
    private static func hierarchy() throws -> ProtocolHierarchy {
        let named = try #require(
            try ProtocolDescriptor.protocols(of: (any AnchorOnlyNamedLedger).self).first)
        return try ProtocolHierarchy(roots: [named])
    }

    /// The anchor of `AnchorGenericLedger<Row, Tag>`, every table from the runtime's lookup.
    private static func anchor<Row, Tag>(
        _ type: AnchorGenericLedger<Row, Tag>.Type, over hierarchy: ProtocolHierarchy
    ) throws -> ConformanceAnchor {
        var tables: [(protocolDescriptor: ProtocolDescriptor, table: WitnessTable)] = []
        for node in hierarchy.nodes {
            let table = try #require(try node.protocolDescriptor.witnessTable(conformedBy: type))
            tables.append((node.protocolDescriptor, table))
        }
        return ConformanceAnchor(typeName: "\(type)", tables: tables)
    }

    @Test func theGenericConformersPatternHoldsTheInstantiatedTablesWitnesses() throws {
        let hierarchy = try Self.hierarchy()
        for node in hierarchy.nodes {
            let scan = try ProtocolConformance.all(to: node.protocolDescriptor)
            #expect(scan.conformances.isEmpty)
            let pattern = try #require(scan.genericPatterns.first { $0.typeName.hasSuffix("AnchorGenericLedger") })
            let table = try #require(
                try node.protocolDescriptor.witnessTable(conformedBy: AnchorGenericLedger<String, Int>.self))
            for requirement in node.requirements where requirement.kind.isCallable {
                let entry = try #require(pattern.witness(forRequirementAt: requirement.index))
                #expect(entry == table.witness(forRequirementAt: requirement.index))
            }
        }
    }

    @Test func withoutAnAnchorThePatternGivesTheAnchorsSignatures() throws {
        let hierarchy = try Self.hierarchy()
        var plain = ProtocolSignatureDiscovery(hierarchy: hierarchy)
        var anchored = ProtocolSignatureDiscovery(hierarchy: hierarchy)
        anchored.anchor = try Self.anchor(AnchorGenericLedger<String, Int>.self, over: hierarchy)
        for callable in hierarchy.callableRequirements {
            let fromPattern = try plain.signature(of: callable)
            #expect(fromPattern.source == .debugInfo)
            let fromAnchor = try anchored.signature(of: callable)
            #expect(fromPattern.description == fromAnchor.description)
        }
    }

    @Test func theAnchorsWitnessesGiveTheRequirementsSignatures() throws {
        let hierarchy = try Self.hierarchy()
        var discovery = ProtocolSignatureDiscovery(hierarchy: hierarchy)
        discovery.anchor = try Self.anchor(AnchorGenericLedger<String, Int>.self, over: hierarchy)
        let callables = hierarchy.callableRequirements
        #expect(callables.count == 3)
        for callable in callables {
            let table = try #require(
                try callable.protocolDescriptor.witnessTable(conformedBy: AnchorGenericLedger<String, Int>.self))
            let expected = table.witness(forRequirementAt: callable.requirement.index).map { UInt(bitPattern: $0) }
            #expect(discovery.anchor?.witness(of: callable) == expected)
        }
        // Base first: the base protocol's table comes from the anchor too.
        let append = try discovery.signature(of: callables[0])
        #expect(append.name == "append(_:note:)")
        #expect(append.source == .debugInfo)
        // `Entry` stays the requirement's associated type, not the conformer's `Row` (String).
        #expect(append.parameters.first?.type.concreteType == nil)
        #expect(append.parameters.last?.type.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(String.self))
        #expect(append.result.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(Int.self))
        let total = try discovery.signature(of: callables[1])
        #expect(total.name == "total(after:)")
        #expect(total.isAsync)
        guard case .untyped = total.thrownType else {
            Issue.record("total(after:) throws \(total.thrownType)")
            return
        }
        #expect(total.result.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(Double.self))
        let title = try discovery.signature(of: callables[2])
        #expect(title.name == "title")
        #expect(title.kind == .getter)
    }

    @Test func theSymbolTableAloneReadsAGenericConformancesThunks() throws {
        let hierarchy = try Self.hierarchy()
        var discovery = ProtocolSignatureDiscovery(
            hierarchy: hierarchy, discovery: SignatureDiscovery(sources: [.symbolTable]))
        discovery.anchor = try Self.anchor(AnchorGenericLedger<String, Int>.self, over: hierarchy)
        let callables = hierarchy.callableRequirements
        let append = try discovery.signature(of: callables[0])
        #expect(append.source == .symbolTable)
        #expect(append.name == "append(_:note:)")
        #expect(append.parameters.first?.type.concreteType == nil)
        #expect(append.parameters.last?.type.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(String.self))
        let total = try discovery.signature(of: callables[1])
        #expect(total.isAsync)
        #expect(total.result.concreteType.map(ObjectIdentifier.init) == ObjectIdentifier(Double.self))
    }

    @Test func anotherInstantiationGivesTheSameSignatures() throws {
        let hierarchy = try Self.hierarchy()
        var first = ProtocolSignatureDiscovery(hierarchy: hierarchy)
        first.anchor = try Self.anchor(AnchorGenericLedger<String, Int>.self, over: hierarchy)
        var second = ProtocolSignatureDiscovery(hierarchy: hierarchy)
        second.anchor = try Self.anchor(AnchorGenericLedger<[Double], Character>.self, over: hierarchy)
        for callable in hierarchy.callableRequirements {
            let one = try first.signature(of: callable)
            let other = try second.signature(of: callable)
            #expect(one.description == other.description)
        }
    }

    @Test func aTableFiledUnderAnotherProtocolGivesNoWitness() throws {
        let hierarchy = try Self.hierarchy()
        let base = try #require(hierarchy.nodes.first { $0.protocolDescriptor != hierarchy.roots[0] })
        let refinedTable = try #require(
            try hierarchy.roots[0].witnessTable(conformedBy: AnchorGenericLedger<Int, Int>.self))
        // The refined protocol's table filed under the base: its word 0 names the other protocol.
        let misfiled = ConformanceAnchor(
            typeName: "misfiled", tables: [(protocolDescriptor: base.protocolDescriptor, table: refinedTable)])
        let append = try #require(hierarchy.callableRequirements.first)
        #expect(append.protocolDescriptor == base.protocolDescriptor)
        #expect(misfiled.witness(of: append) == nil)
    }
}
