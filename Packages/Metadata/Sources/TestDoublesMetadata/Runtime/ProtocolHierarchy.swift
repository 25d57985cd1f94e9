/// The protocols an existential's witness tables cover, flattened: every
/// root protocol and every protocol it inherits, each once, bases before
/// the protocols that refine them (depth first, in requirement-signature
/// order), with a dense index over every callable requirement.
public struct ProtocolHierarchy: Hashable, Sendable {
    /// One protocol of the hierarchy with its requirement records.
    public struct Node: Hashable, Sendable {
        /// The protocol.
        public let protocolDescriptor: ProtocolDescriptor
        /// Its requirement records, in witness-table order.
        public let requirements: [ProtocolRequirement]
        /// Its direct base protocols, in base-protocol slot order.
        public let baseProtocols: [ProtocolDescriptor]
    }

    /// One callable requirement (method, initializer, accessor, coroutine) of the hierarchy.
    public struct CallableRequirement: Hashable, Sendable {
        /// The protocol that declares the requirement.
        public let protocolDescriptor: ProtocolDescriptor
        /// The requirement record (its `index` is the slot in the declaring protocol's table, after word 0).
        public let requirement: ProtocolRequirement
        /// The requirement's position in a dense numbering of every callable
        /// requirement of the hierarchy, in node order.
        public let dispatchIndex: Int
    }

    /// The root protocols, in the existential's witness-table order.
    public let roots: [ProtocolDescriptor]
    /// Every protocol of the hierarchy, bases first, each once.
    public let nodes: [Node]

    /// Flattens the hierarchy under `roots`.
    ///
    /// - Parameter roots: The protocols of a composition, in witness-table order.
    /// - Throws: ``MetadataError/unknownRequirementKind(rawValue:protocolName:index:)`` for an unknown
    ///   requirement kind, ``MetadataError/missingRecord(_:)`` for a base-protocol slot count that does
    ///   not match the requirement signature, or an inheritance cycle.
    public init(roots: [ProtocolDescriptor]) throws(MetadataError) {
        var nodes: [Node] = []
        // Descriptors by address (their identity) as `UInt64`: a `Set<ProtocolDescriptor>` made the
        // runtime check `ProtocolDescriptor: Hashable` by walking every conformance record of the
        // process on first use (~420,000 instructions of the first `Stub`); `UInt64: Hashable` is
        // checked for other maps anyway.
        var finished: Set<UInt64> = []
        var visiting: Set<UInt64> = []
        func visit(_ descriptor: ProtocolDescriptor) throws(MetadataError) {
            let key = UInt64(UInt(bitPattern: descriptor.pointer))
            if finished.contains(key) { return }
            guard visiting.insert(key).inserted else {
                throw .missingRecord("an acyclic inheritance graph (cycle through \(descriptor.qualifiedName))")
            }
            let bases = descriptor.baseProtocols
            for base in bases { try visit(base) }
            let requirements = try descriptor.requirements()
            let baseSlots = requirements.filter { $0.kind == .baseProtocol }.count
            guard baseSlots == bases.count else {
                throw .missingRecord(
                    "\(bases.count) base-protocol slots in \(descriptor.qualifiedName) (found \(baseSlots))")
            }
            visiting.remove(key)
            finished.insert(key)
            nodes.append(Node(protocolDescriptor: descriptor, requirements: requirements, baseProtocols: bases))
        }
        for root in roots { try visit(root) }
        self.roots = roots
        self.nodes = nodes
    }

    /// Flattens the hierarchy of an existential type's protocols.
    ///
    /// - Parameter existential: A protocol or composition type, such as `(any P).self`.
    /// - Throws: ``MetadataError`` when the type is not an existential or a descriptor is unreadable.
    public init(of existential: Any.Type) throws(MetadataError) {
        try self.init(roots: ProtocolDescriptor.protocols(of: existential))
    }

    /// Every callable requirement of the hierarchy, in node order, densely numbered.
    public var callableRequirements: [CallableRequirement] {
        var result: [CallableRequirement] = []
        for node in nodes {
            for requirement in node.requirements where requirement.kind.isCallable {
                result.append(
                    CallableRequirement(
                        protocolDescriptor: node.protocolDescriptor, requirement: requirement,
                        dispatchIndex: result.count))
            }
        }
        return result
    }

    /// The witness table of `type`'s conformance to every protocol of the hierarchy.
    ///
    /// - Parameter type: A conforming type's metadata.
    /// - Returns: Protocol → witness table, for every node.
    /// - Throws: ``MetadataError/runtimeQueryFailed(_:)`` when the type does not conform to a node.
    public func witnessTables(of type: TypeMetadata) throws(MetadataError) -> [ProtocolDescriptor: WitnessTable] {
        var tables: [ProtocolDescriptor: WitnessTable] = [:]
        for node in nodes {
            guard let table = try SwiftRuntime.conformsToProtocol(type.pointer, node.protocolDescriptor.pointer) else {
                throw .runtimeQueryFailed("\(type) does not conform to \(node.protocolDescriptor.qualifiedName)")
            }
            tables[node.protocolDescriptor] = WitnessTable(pointer: table)
        }
        return tables
    }
}
