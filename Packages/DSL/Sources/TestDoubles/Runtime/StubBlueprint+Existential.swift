import TestDoublesMetadata

extension StubBlueprint {
    /// Construction step 1: whether `subject` is a protocol existential the
    /// runtime stub serves, and whether it is class-bound.
    ///
    /// - Parameters:
    ///   - subject: The existential type.
    ///   - typeName: Its name, for errors.
    /// - Returns: Whether the existential is class-bound.
    /// - Throws: `StubError` for a type that is not a protocol existential, one with a superclass
    ///   constraint, and the special `Error` existential.
    static func existentialIsClassBound(_ subject: Any.Type, typeName: String) throws(StubError) -> Bool {
        let metadata = TypeMetadata(subject)
        if metadata.kind == .extendedExistential {
            return (try? BoundExistential(subject))?.isClassBound ?? false
        }
        guard metadata.kind == .existential, let existential = try? ExistentialMetadata(metadata) else {
            throw StubError(
                .typeIsNotProtocol, type: typeName,
                reason: "\(typeName) is not a protocol existential",
                fix: "write Stub<any P> for a protocol P, or use Dummy.make(using:) for concrete values")
        }
        guard !existential.hasSuperclassConstraint else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, reason: "it has a superclass constraint",
                fix: "use ManualStub with a subclass")
        }
        guard existential.specialProtocol == 0 else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, reason: "it is the special Error existential",
                fix: "stub a protocol of your own")
        }
        return existential.isClassConstrained
    }

    /// Construction step 1: the existential's protocols flattened (bases
    /// first, diamonds once); a constrained existential's is its bound
    /// protocol's.
    ///
    /// - Parameters:
    ///   - subject: The existential type.
    ///   - binding: Its associated type binding, if any.
    ///   - typeName: Its name, for errors.
    /// - Returns: The hierarchy, with at least one root.
    /// - Throws: `StubError` when the protocols cannot be read or there are none.
    static func hierarchy(
        of subject: Any.Type, binding: AssociatedTypeBinding?, typeName: String
    ) throws(StubError) -> ProtocolHierarchy {
        let hierarchy: ProtocolHierarchy
        do {
            if let binding, TypeMetadata(subject).kind == .extendedExistential {
                hierarchy = try ProtocolHierarchy(roots: [binding.protocolDescriptor])
            } else {
                hierarchy = try ProtocolHierarchy(of: subject)
            }
        } catch {
            throw StubError(.unsupportedProtocolShape, type: typeName, reason: error.description, fix: "use ManualStub")
        }
        guard !hierarchy.roots.isEmpty else {
            throw StubError(
                .typeIsNotProtocol, type: typeName, reason: "\(typeName) names no protocol",
                fix: "write Stub<any P> for a protocol P")
        }
        return hierarchy
    }

    /// Construction step 1: no protocol of `hierarchy` may be one whose
    /// existential's calls optimized code binds to its only conformer
    /// (Metadata's `SoleConformerBinding`): such a call never reaches the
    /// double, and the conformer's code reads the double's storage as its own.
    ///
    /// - Parameters:
    ///   - hierarchy: The flattened protocols.
    ///   - typeName: The existential's name, for errors.
    /// - Throws: `StubError.unsupportedProtocolShape` naming the protocol and its conformer.
    static func checkSoleConformers(of hierarchy: ProtocolHierarchy, typeName: String) throws(StubError) {
        for node in hierarchy.nodes {
            guard
                let binding = SoleConformerBinding.find(
                    for: node.protocolDescriptor, requirements: node.requirements.filter { $0.kind.isCallable })
            else { continue }
            let evidence =
                binding.isProvenOptimized
                ? "its module was compiled with optimization" : "no debug information shows its module unoptimized"
            throw StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: "\(binding.protocolName) is visible only in its module (private, fileprivate, or internal in "
                    + "a module built without -enable-testing), \(binding.conformer) is its only conforming type and "
                    + "\(evidence): the optimizer then runs \(binding.conformer)'s code for every call on an existential "
                    + "of \(binding.protocolName), so a double's answers would be skipped and its storage read as a "
                    + "\(binding.conformer)",
                fix: "build the tests in debug, make \(binding.protocolName) internal (swift test builds with "
                    + "-enable-testing) or public, or give it a second conformer (a ManualStub conformer serves)")
        }
    }

    /// Construction step 1: every protocol of `hierarchy` that has associated
    /// types must be the bound one, its binding complete.
    ///
    /// - Parameters:
    ///   - hierarchy: The flattened protocols.
    ///   - binding: The associated type binding, if any.
    ///   - typeName: The existential's name, for errors.
    /// - Throws: `StubError.unsupportedProtocolShape` naming the protocol whose associated types are unbound.
    static func checkAssociatedTypes(
        of hierarchy: ProtocolHierarchy, binding: AssociatedTypeBinding?, typeName: String
    ) throws(StubError) {
        for node in hierarchy.nodes
        where node.requirements.contains(where: {
            $0.kind == .associatedTypeAccessFunction || $0.kind == .associatedConformanceAccessFunction
        }) {
            if let binding, node.protocolDescriptor == binding.protocolDescriptor {
                try binding.validate(node, typeName: typeName)
                continue
            }
            let names = node.protocolDescriptor.associatedTypeNames
            let list = names.joined(separator: ", ")
            let protocolName = node.protocolDescriptor.name
            let bindings = names.map {
                RequestedAssociatedType.fix(protocolType: protocolName, name: $0, type: "<Type>")
            }
            throw StubError(
                .unsupportedProtocolShape, type: typeName, requirement: "\(protocolName).\(list)",
                reason: "\(protocolName) has associated types (\(list)) that \(typeName) does not bind",
                fix: binding == nil
                    && (hierarchy.roots.contains(node.protocolDescriptor)
                        || hierarchy.roots.allSatisfy(\.associatedTypeNames.isEmpty))
                    ? "bind them: Stub<\(typeName)>(associatedTypes: [\(bindings.joined(separator: ", "))]), or use "
                        + "ManualStub with a concrete conformer"
                    : "use ManualStub with a concrete conformer (the runtime stub binds the associated types of one "
                        + "protocol: the stubbed one, or the one inherited protocol that declares them)")
        }
    }
}
