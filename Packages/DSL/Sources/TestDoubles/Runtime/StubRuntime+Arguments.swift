import Synchronization
import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Reading a call's arguments out of its frame, in the recorder's order, and the
// plan of one call of a requirement-level generic requirement.

extension StubRuntime {
    /// The plan of one call of a requirement-level generic requirement: the
    /// generic parameters' types read from their hidden metadata words, and
    /// the recorder's requirement carrying this call's result type.
    ///
    /// Made once per specialization and kept (see ``specializedPlans``): a
    /// plan made per call parsed the requirement's name every time, and
    /// each call's new requirement grew the ledger's tables by one.
    func specialized(_ shape: RequirementShape, _ frame: CallFrame) -> RequirementPlan {
        let types: [Any.Type] = shape.plan.genericWords.prefix(shape.genericParameterCount).map { location in
            let word = frame.argument(UInt.self, at: location)
            guard let pointer = UnsafeRawPointer(bitPattern: word) else {
                stop("\(recorder.name): \(shape.requirement.name) received a null generic metadata word")
            }
            return unsafeBitCast(pointer, to: Any.Type.self)
        }
        let key = SpecializationKey(slot: frame.slot, types: types.map(ObjectIdentifier.init))
        if let known = specializedPlans.withLock({ $0[key] }) { return known }
        let made = specialize(shape, types)
        // Two first calls at once both make one; the first kept is the one every later call gets.
        return specializedPlans.withLock { plans in
            if let kept = plans[key] { return kept }
            plans[key] = made
            return made
        }
    }

    /// One specialization of a generic requirement: its dispatch index and generic types.
    struct SpecializationKey: Hashable {
        let slot: Int
        let types: [ObjectIdentifier]
    }

    /// Makes the plan of a generic requirement's specialization.
    private func specialize(_ shape: RequirementShape, _ types: [Any.Type]) -> RequirementPlan {
        func resolve(_ template: GenericTemplate) -> Any.Type {
            guard let type = template.resolve(types) else {
                stop(
                    "\(recorder.name): \(shape.requirement.name) cannot build the type "
                        + "\(GenericTemplate.spelling(of: template.type)) for generic types "
                        + types.map { String(reflecting: $0) }.joined(separator: ", "))
            }
            return type
        }
        var argumentTypes = shape.argumentTypes
        for (index, generic) in shape.genericArguments.enumerated() {
            if let generic { argumentTypes[index] = types[generic] }
        }
        for (index, template) in shape.genericTemplates.enumerated() {
            if let template { argumentTypes[index] = resolve(template) }
        }
        // A generic result is the call's own type, which the answer is checked against as it is (not erased).
        var resultType = shape.resultType
        var resultIsErased = shape.requirement.resultIsErased
        if let template = shape.resultTemplate, case .call = shape.access {
            resultType = resolve(template)
            resultIsErased = false
        } else if let generic = shape.genericResult {
            resultType = types[generic]
            resultIsErased = false
        }
        let declared = shape.requirement
        // The call's generic types: registrations recorded with the same ones are offered it first.
        let requirement = TestDoublesRecorder.Requirement(
            id: declared.id, name: declared.name, effects: declared.effects, resultType: resultType,
            resultIsErased: resultIsErased, genericTypes: types, variadicArguments: declared.variadicArguments,
            argumentsKeptWeakly: declared.argumentsKeptWeakly)
        return RequirementPlan(
            shape.with(requirement: requirement, argumentTypes: argumentTypes, resultType: resultType))
    }

    /// Decodes the arguments (in the recorder's order) and runs `body` with
    /// them; non-escaping closure arguments are valid only inside `body`.
    ///
    /// With `held`, a non-escaping closure argument stays valid after `body`
    /// returns, until `held` ends its scope (an async call, answered after it suspends).
    func withArguments<Result>(
        _ frame: CallFrame, _ plan: RequirementPlan, holdingScopesIn held: HeldClosureScopes? = nil,
        _ body: ([Any]) -> Result
    ) -> Result {
        guard plan.decodesDirectly else { return withBridgedArguments(frame, plan, holdingScopesIn: held, body) }
        // The readers are read in place (a copy of the array would be retained and released per call).
        let values = plan.readers.withUnsafeBufferPointer { readers -> [Any] in
            // Literals for the common arities: the general initializer is not
            // specialized and looks the array's metadata up on every call.
            switch readers.count {
            case 0: return []
            case 1: return [readers[0].read(frame)]
            case 2: return [readers[0].read(frame), readers[1].read(frame)]
            case 3: return [readers[0].read(frame), readers[1].read(frame), readers[2].read(frame)]
            default:
                var all: [Any] = []
                all.reserveCapacity(readers.count)
                for reader in readers { all.append(reader.read(frame)) }
                return all
            }
        }
        return body(values)
    }

    /// Decodes arguments some of which are closures: a non-escaping closure
    /// exists only while its scope runs, so each one nests the rest of the decoding.
    private func withBridgedArguments<Result>(
        _ frame: CallFrame, _ plan: RequirementPlan, holdingScopesIn held: HeldClosureScopes?,
        _ body: ([Any]) -> Result
    ) -> Result {
        let locations = plan.argumentLocations
        var values: [Any] = []
        values.reserveCapacity(plan.shape.argumentTypes.count)
        func step(_ index: Int) -> Result {
            guard index < plan.shape.argumentTypes.count else {
                let ordered = plan.keepsCallOrder ? values : plan.shape.recorderOrder.map { values[$0] }
                if !plan.shape.variadicArguments.isEmpty {
                    // A recording pass: one matcher per element of a variadic argument, folded into one of its array.
                    recorder.recordVariadicMatchers(in: ordered, variadic: plan.shape.variadicArguments)
                }
                if !plan.shape.autoclosureArguments.isEmpty {
                    // A recording pass: the matchers written inside autoclosures run only when they are called.
                    recorder.recordDeferredMatchers(
                        in: ordered, deferred: plan.shape.autoclosureArguments, evaluate: AutoclosureArgument.evaluate)
                }
                return body(ordered)
            }
            let type = plan.shape.argumentTypes[index]
            if let bridge = plan.shape.argumentBridges[index] {
                do {
                    if bridge.isEscaping {
                        // The reader of the bridge's own type (a generic requirement's call may be of another).
                        if let reader = bridge.reader, reader.type == type {
                            values.append(
                                try reader.read(
                                    at: locations[index], in: frame, ownership: plan.shape.ownerships[index]))
                            return step(index + 1)
                        }
                        values.append(
                            try FunctionBridge.closure(
                                ofType: type, at: locations[index], in: frame, ownership: plan.shape.ownerships[index],
                                abstraction: bridge.abstraction))
                        return step(index + 1)
                    }
                    if let held {
                        let scoped = try FunctionBridge.scopedClosure(
                            ofType: type, at: locations[index], in: frame, abstraction: bridge.abstraction)
                        held.hold(scoped)
                        values.append(scoped.value)
                        return step(index + 1)
                    }
                    return try FunctionBridge.withNonEscapingClosure(
                        ofType: type, at: locations[index], in: frame, abstraction: bridge.abstraction
                    ) { closure in
                        values.append(closure)
                        defer { values.removeLast() }
                        return step(index + 1)
                    }
                } catch {
                    stop(
                        "\(recorder.name): \(plan.shape.requirement.name) cannot decode closure argument \(index + 1): \(error)"
                    )
                }
            }
            values.append(
                ArgumentReader(
                    type: type, location: locations[index], ownership: plan.shape.ownerships[index],
                    selfForm: plan.shape.selfArguments[index], existential: plan.shape.existential
                ).read(frame))
            return step(index + 1)
        }
        return step(0)
    }
}
