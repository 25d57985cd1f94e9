import TestDoublesMetadata

extension StubBlueprint {
    /// The signature of every callable requirement (by dispatch index) from
    /// explicit requirements: each entry checked against the requirement at
    /// its position (method, initializer, getter or setter; `async` or not),
    /// each `_modify` built from the getter and setter before it.
    ///
    /// - Throws: `StubError` when the entries do not fit the protocol, or an
    ///   entry describes something without metadata.
    static func explicitSignatures(
        _ explicit: ExplicitRequirements, hierarchy: ProtocolHierarchy,
        callables: [ProtocolHierarchy.CallableRequirement], typeName: String
    ) throws(StubError) -> [ResolvedSignature] {
        // `_modify` is built from its getter (or `read`) and setter; a legacy `_read` fails closed later.
        let slots = callables.filter { $0.requirement.kind != .modifyCoroutine }
        var given: [Int: ResolvedSignature] = [:]
        switch explicit {
        case .ordered(let signatures):
            let declaring = Set(slots.map(\.protocolDescriptor))
            if hierarchy.roots.count > 1, declaring.count > 1 {
                throw .compositionRequiresGroupedRequirements(typeDescription: typeName)
            }
            guard signatures.count == slots.count else {
                throw .requirementCountMismatch(protocolName: typeName, expected: slots.count, actual: signatures.count)
            }
            for (slot, signature) in zip(slots, signatures) { given[slot.dispatchIndex] = signature }
        case .byProtocol(let groups):
            var seen: Set<ProtocolDescriptor> = []
            for group in groups {
                let groupName = String(reflecting: group.protocolType)
                guard let descriptors = try? ProtocolDescriptor.protocols(of: group.protocolType),
                    descriptors.count == 1, let descriptor = descriptors.first
                else { throw .invalidProtocolRequirementGroup(typeDescription: groupName) }
                guard hierarchy.nodes.contains(where: { $0.protocolDescriptor == descriptor }) else {
                    throw .foreignProtocolRequirementGroup(protocolName: descriptor.name, typeDescription: typeName)
                }
                guard seen.insert(descriptor).inserted else {
                    throw .duplicateProtocolRequirementGroup(protocolName: descriptor.name)
                }
                let declared = slots.filter { $0.protocolDescriptor == descriptor }
                guard group.signatures.count == declared.count else {
                    throw .requirementCountMismatch(
                        protocolName: descriptor.name, expected: declared.count, actual: group.signatures.count)
                }
                for (slot, signature) in zip(declared, group.signatures) { given[slot.dispatchIndex] = signature }
            }
            if let missing = slots.first(where: { !seen.contains($0.protocolDescriptor) }) {
                throw .missingProtocolRequirementGroup(protocolName: missing.protocolDescriptor.name)
            }
        }
        var signatures: [ResolvedSignature] = []
        for callable in callables {
            if callable.requirement.kind == .modifyCoroutine {
                guard
                    let getter = callables.first(where: {
                        $0.protocolDescriptor == callable.protocolDescriptor
                            && $0.requirement.index == callable.requirement.index - 2
                            && ($0.requirement.kind == .getter || $0.requirement.kind == .readCoroutine)
                    }), let getterSignature = given[getter.dispatchIndex]
                else {
                    throw StubError(
                        .unsupportedProtocolShape, type: typeName,
                        requirement: RequirementLabel(of: callable, in: hierarchy).text,
                        reason: "its _modify has no getter before it", fix: "use ManualStub")
                }
                signatures.append(
                    ResolvedSignature(
                        name: getterSignature.name, kind: .modify, isSubscript: getterSignature.isSubscript,
                        isStatic: false, parameters: getterSignature.parameters, result: getterSignature.result,
                        thrown: .none, isAsync: false))
                continue
            }
            guard var signature = given[callable.dispatchIndex] else {
                throw .requirementCountMismatch(protocolName: typeName, expected: slots.count, actual: given.count)
            }
            let position = slots.firstIndex { $0.dispatchIndex == callable.dispatchIndex } ?? callable.dispatchIndex
            // A callee-allocated `read` is described like the getter it answers as.
            let servesAsGetter =
                callable.requirement.kind == .readCoroutine && callable.requirement.isCalleeAllocatedCoroutine
            let expected = describe(
                servesAsGetter ? .getter : callable.requirement.kind, isAsync: callable.requirement.isAsync)
            let actual = describe(signature.kind, isAsync: signature.isAsync)
            guard expected == actual else {
                throw .requirementMismatch(
                    protocolName: callable.protocolDescriptor.name, requirementIndex: position,
                    expected: "\(expected) (\(RequirementLabel(of: callable, in: hierarchy).member))", actual: actual)
            }
            if let reason = signature.unsupportedReason {
                throw StubError(
                    .unsupportedProtocolShape, type: typeName,
                    requirement: "explicit requirement \(position + 1) (\(signature.name)) for "
                        + RequirementLabel(of: callable, in: hierarchy).text,
                    reason: reason,
                    fix: "describe it with concrete types, or use ManualStub with a hand-written conformer")
            }
            signature.isStatic = !callable.requirement.isInstance
            if servesAsGetter { signature.kind = .read }
            signatures.append(signature)
        }
        return signatures
    }

    /// `an async method`, `a getter`: how diagnostics name a requirement's kind.
    private static func describe(_ kind: ProtocolRequirementKind, isAsync: Bool) -> String {
        let name: String
        switch kind {
        case .method: name = "method"
        case .initializer: name = "initializer"
        case .getter: name = "getter"
        case .setter: name = "setter"
        case .readCoroutine: name = "_read accessor"
        default: name = "requirement"
        }
        return isAsync ? "an async \(name)" : (name == "initializer" ? "an initializer" : "a \(name)")
    }

    private static func describe(_ kind: RequirementKind, isAsync: Bool) -> String {
        let name: String
        switch kind {
        case .method: name = "method"
        case .initializer: name = "initializer"
        case .getter: name = "getter"
        case .setter: name = "setter"
        case .read: name = "_read accessor"
        case .modify: name = "_modify accessor"
        }
        return isAsync ? "an async \(name)" : (name == "initializer" ? "an initializer" : "a \(name)")
    }
}
