import TestDoublesMetadata

extension StubBlueprint {
    /// Gives every getter requirement its thrown shape: the hint when one was
    /// given, else what a linked conformer's debug information proves, else
    /// nonthrowing for a synchronous getter; an `async` getter with neither
    /// fails closed, as do hints that do not fit.
    ///
    /// - Parameters:
    ///   - hints: The hints construction received, if any.
    ///   - signatures: The discovered signatures, by dispatch index; getters' `thrown` is set.
    ///   - callables: Every callable requirement of the hierarchy, in dispatch order.
    ///   - hierarchy: The flattened protocol graph.
    ///   - discovery: The signature discovery, which also reads the proofs.
    ///   - typeName: The existential type, for diagnostics.
    /// - Throws: `StubError` (`getterEffectsMismatch`, `getterEffectsRequired`).
    static func resolveGetterEffects(
        _ hints: GetterEffectHints?, signatures: inout [ResolvedSignature],
        callables: [ProtocolHierarchy.CallableRequirement], hierarchy: ProtocolHierarchy,
        discovery: inout ProtocolSignatureDiscovery, typeName: String
    ) throws(StubError) {
        let getters = callables.filter { $0.requirement.kind == .getter }
        func name(_ getter: ProtocolHierarchy.CallableRequirement) -> String {
            "\(getter.protocolDescriptor.name).\(signatures[getter.dispatchIndex].name)"
        }
        func list(_ getters: [ProtocolHierarchy.CallableRequirement]) -> String {
            getters.isEmpty
                ? "none"
                : getters.map { name($0) + ($0.requirement.isAsync ? " (async)" : "") }.joined(separator: ", ")
        }
        func mismatch(_ reason: String, _ fix: String, requirement: String? = nil) -> StubError {
            StubError(.getterEffectsMismatch, type: typeName, requirement: requirement, reason: reason, fix: fix)
        }
        var hinted: [Int: ThrownShape] = [:]
        switch hints?.form {
        case nil:
            break
        case .ordered(let effects):
            guard effects.count == getters.count else {
                throw mismatch(
                    "\(effects.count) getter effect\(effects.count == 1 ? " was" : "s were") given, but "
                        + "\(typeName) has \(getters.count) getter\(getters.count == 1 ? "" : "s") (in order: "
                        + "\(list(getters)))",
                    "pass one Stub.GetterEffect per getter in that order (property and subscript getters, settable "
                        + "ones included, bases first), or use getterEffectsByProtocol:")
            }
            for (getter, effect) in zip(getters, effects) { hinted[getter.dispatchIndex] = effect }
        case .byProtocol(let entries):
            var seen: Set<ProtocolDescriptor> = []
            for entry in entries {
                let entryName = String(reflecting: entry.protocolType)
                guard let descriptors = try? ProtocolDescriptor.protocols(of: entry.protocolType),
                    descriptors.count == 1, let descriptor = descriptors.first
                else {
                    throw mismatch(
                        "getter effects were given for \(entryName), which is not the existential of one protocol",
                        "name one protocol per entry: .effects(declaredBy: (any P).self, ...)")
                }
                guard hierarchy.nodes.contains(where: { $0.protocolDescriptor == descriptor }) else {
                    let names = hierarchy.nodes.map(\.protocolDescriptor.name).joined(separator: ", ")
                    throw mismatch(
                        "getter effects were given for \(descriptor.name), which is not among the protocols of "
                            + "\(typeName) (\(names))",
                        "give effects only for protocols \(typeName) refines")
                }
                guard seen.insert(descriptor).inserted else {
                    throw mismatch(
                        "getter effects were given twice for \(descriptor.name)",
                        "give one .effects(declaredBy:) entry per protocol")
                }
                let declared = getters.filter { $0.protocolDescriptor == descriptor }
                guard entry.effects.count == declared.count else {
                    throw mismatch(
                        "\(entry.effects.count) getter effect\(entry.effects.count == 1 ? " was" : "s were") given "
                            + "for \(descriptor.name), which declares \(declared.count) getter"
                            + "\(declared.count == 1 ? "" : "s") (in order: \(list(declared)))",
                        "pass one Stub.GetterEffect per getter \(descriptor.name) declares, in declaration order")
                }
                for (getter, effect) in zip(declared, entry.effects) { hinted[getter.dispatchIndex] = effect }
            }
        }
        for getter in getters {
            let proven = GetterEffectProof.isEnabled ? discovery.provenGetterThrows(of: getter) : nil
            let hint = hinted[getter.dispatchIndex]
            if let hint, let proven, !hint.isSame(as: proven) {
                throw mismatch(
                    "its getter effect hint says `\(hint.getterSpelling)`, but the debug information of a linked "
                        + "conformer says `\(proven.getterSpelling)`",
                    "pass .\(proven.hintName) for this getter", requirement: name(getter))
            }
            guard let thrown = hint ?? proven else {
                if getter.requirement.isAsync {
                    throw StubError(
                        .getterEffectsRequired, type: typeName, requirement: name(getter),
                        reason: "it is an async getter, and Swift's metadata does not say whether a getter throws "
                            + "(no linked conformer with debug information proves it)",
                        fix: "pass getterEffects: with one Stub.GetterEffect per getter (in order: \(list(getters))), "
                            + "or getterEffectsByProtocol:, or link a conformer built with debug information")
                }
                continue
            }
            if case .none = thrown {
            } else if callables.contains(where: {
                $0.protocolDescriptor == getter.protocolDescriptor
                    && $0.requirement.index == getter.requirement.index + 1 && $0.requirement.kind == .setter
            }) {
                throw mismatch(
                    "its getter effect hint says `\(thrown.getterSpelling)`, but it is the getter of a settable "
                        + "property or subscript, which cannot throw",
                    "pass .nonthrowing for this getter", requirement: name(getter))
            }
            signatures[getter.dispatchIndex].thrown = thrown
        }
    }
}

extension ThrownShape {
    /// The `Stub.GetterEffect` case that gives this shape, as source spells it.
    fileprivate var hintName: String {
        switch self {
        case .none: return "nonthrowing"
        case .untyped: return "throwing"
        case .typed(let error): return "typedThrowing(\(String(reflecting: error)).self)"
        }
    }
}
