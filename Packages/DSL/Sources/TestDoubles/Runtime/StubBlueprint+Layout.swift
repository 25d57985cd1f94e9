import TestDoublesMetadata
import TestDoublesTrampolines

extension StubBlueprint {
    /// Construction step 4: the table layout of one protocol of the
    /// hierarchy, its bases nested, which fabrication fills. A requirement
    /// whose dispatch index is in `integerRegisterCalls` gets the entry that
    /// spills only the integer registers.
    static func layout(
        of descriptor: ProtocolDescriptor, hierarchy: ProtocolHierarchy,
        callables: [ProtocolHierarchy.CallableRequirement], typeName: String, binding: AssociatedTypeBinding? = nil,
        integerRegisterCalls: Set<Int> = []
    ) throws(StubError) -> WitnessTableLayout {
        guard let node = hierarchy.nodes.first(where: { $0.protocolDescriptor == descriptor }) else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, reason: "\(descriptor.name) is missing from its hierarchy",
                fix: "use ManualStub")
        }
        var slots: [WitnessSlot] = []
        var baseIndex = 0
        var conformanceIndex = 0
        var associatedTypeIndex = 0
        for requirement in node.requirements {
            switch requirement.kind {
            case .baseProtocol:
                let base = node.baseProtocols[baseIndex]
                baseIndex += 1
                slots.append(
                    .baseProtocol(
                        try layout(
                            of: base, hierarchy: hierarchy, callables: callables, typeName: typeName,
                            binding: binding, integerRegisterCalls: integerRegisterCalls)))
            case .associatedTypeAccessFunction, .associatedConformanceAccessFunction:
                if let binding, binding.protocolDescriptor == descriptor {
                    if requirement.kind == .associatedTypeAccessFunction, associatedTypeIndex < binding.types.count {
                        // Associated type slots follow the order of the protocol's associated type names.
                        slots.append(.associatedType(binding.types[associatedTypeIndex]))
                        associatedTypeIndex += 1
                        continue
                    }
                    if conformanceIndex < binding.conformances.count {
                        // The runtime reads an untagged slot as the witness table itself.
                        slots.append(.word(UInt(bitPattern: binding.conformances[conformanceIndex].pointer)))
                        conformanceIndex += 1
                        continue
                    }
                }
                let names = node.protocolDescriptor.associatedTypeNames.joined(separator: ", ")
                throw StubError(
                    .unsupportedProtocolShape, type: typeName, requirement: "\(descriptor.name).\(names)",
                    reason: "\(descriptor.name) has associated types (\(names)) that \(typeName) does not bind",
                    fix: "use ManualStub with a concrete conformer")
            default:
                guard
                    let callable = callables.first(where: {
                        $0.protocolDescriptor == descriptor && $0.requirement.index == requirement.index
                    })
                else {
                    slots.append(.empty)
                    continue
                }
                slots.append(
                    requirement.isAsync
                        ? .asyncRequirement(dispatchIndex: callable.dispatchIndex)
                        : requirement.isCalleeAllocatedCoroutine
                            ? .coroutineRequirement(dispatchIndex: callable.dispatchIndex)
                            : integerRegisterCalls.contains(callable.dispatchIndex)
                                ? .integerRegisterRequirement(dispatchIndex: callable.dispatchIndex)
                                : .requirement(dispatchIndex: callable.dispatchIndex))
            }
        }
        return WitnessTableLayout(protocolDescriptor: descriptor.pointer, slots: slots)
    }
}
