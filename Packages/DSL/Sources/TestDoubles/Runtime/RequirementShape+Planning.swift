import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

extension RequirementShape {
    /// Plans one requirement: classifies every argument, the result and the
    /// typed error for this machine and places them in the frame.
    ///
    /// - Parameters:
    ///   - signature: The resolved signature.
    ///   - dispatchIndex: The requirement's dense index (the frame's `slot`).
    ///   - access: How the slot is called.
    ///   - isClassBound: Whether `Self` is one reference (class-bound protocols).
    ///   - existential: The stub's existential type: what a `Self` argument is handed over as.
    ///   - classMember: Whether the slot is a class's vtable slot (no `Self` words follow the arguments).
    ///   - fail: Makes the error for an unsupported part.
    /// - Throws: `StubError` when a value cannot be classified or placed.
    init(
        _ signature: ResolvedSignature, dispatchIndex: Int, access: RequirementAccess, isClassBound: Bool,
        existential: Any.Type, classMember: Bool = false, fail: (String, String) -> StubError
    ) throws(StubError) {
        let architecture = Architecture.current
        func lowering(of type: Any.Type, what: String) throws(StubError) -> ValueLowering {
            // Not a tuple: those are exploded into their elements (`TupleParameter`).
            do {
                return try ABIClassifier.classify(type, for: architecture)
            } catch {
                throw fail("\(what) of type \(type) cannot be classified (\(error))", "use ManualStub")
            }
        }
        func closureBridge(
            for type: Any.Type, template: GenericTemplate?, boundAbstraction: FunctionAbstraction?, what: String
        ) throws(StubError) -> ClosureBridge? {
            guard ClosureBridge.converts(type) else { return nil }
            let bridge: ClosureBridge
            do {
                bridge = try ClosureBridge(type, abstraction: template?.abstraction ?? boundAbstraction ?? .concrete)
            } catch {
                var spelled = String(describing: type)
                if let template { spelled = GenericTemplate.spelling(of: template.type) }
                let detail: String
                if case .unsupportedFunctionType(_, let reason) = error { detail = reason } else { detail = "\(error)" }
                throw fail(
                    "\(what) is the closure type \(spelled), which the runtime stub cannot bridge: \(detail)",
                    "use ManualStub (a hand-written or doubles-gen conformer of the protocol, which needs no change "
                        + "to the protocol)")
            }
            // A non-escaping closure of an async requirement is held until the answer is written
            // (`HeldClosureScopes`): its caller keeps the context alive while it awaits.
            return bridge
        }
        var bridges: [ClosureBridge?] = []
        for (index, parameter) in signature.parameters.enumerated() {
            bridges.append(
                parameter.isInout || parameter.genericIndex != nil || parameter.isAbstract || parameter.selfForm != nil
                    ? nil
                    : try closureBridge(
                        for: parameter.type, template: parameter.genericTemplate,
                        boundAbstraction: parameter.boundClosureAbstraction, what: "parameter \(index + 1)"))
        }
        let resultBridge = try signature.result.flatMap { (type) throws(StubError) -> ClosureBridge? in
            guard signature.genericResultIndex == nil, !signature.resultIsAbstract else { return nil }
            return try closureBridge(
                for: type, template: signature.genericResultTemplate,
                boundAbstraction: signature.resultBoundClosureAbstraction, what: "the result")
        }
        var lowerings: [ValueLowering] = []
        // Per parameter: the exploded elements of a tuple parameter (nil for every other parameter).
        var tuples: [TupleParameter?] = []
        for (index, parameter) in signature.parameters.enumerated() {
            if parameter.isInout, Self.travelsThin(parameter.type) {
                // The caller's variable holds the thin form (nothing, or one tag byte), not a metadata word.
                throw fail(
                    "parameter \(index + 1) is an inout thin metatype (\(parameter.type)), which the runtime stub "
                        + "cannot read or write back", "pass the metatype by value, or use ManualStub")
            }
            if let form = parameter.selfForm {
                lowerings.append(form.lowering(isClassBound: isClassBound))
                tuples.append(nil)
                continue
            }
            if parameter.isInout || parameter.genericIndex != nil || parameter.isAbstract {
                lowerings.append(.indirect)
                tuples.append(nil)
                continue
            }
            let tuple: TupleParameter?
            do {
                tuple = try TupleParameter(parameter.type, architecture: architecture)
            } catch {
                throw fail(
                    "parameter \(index + 1) is the tuple type \(parameter.type), which the witness receives as one "
                        + "argument per element; its element \(error.element) cannot be reassembled (\(error.reason))",
                    "use ManualStub (a hand-written or doubles-gen conformer)")
            }
            tuples.append(tuple)
            if let tuple {
                lowerings += tuple.lowerings(architecture: architecture)
            } else {
                lowerings.append(try lowering(of: parameter.type, what: "parameter \(index + 1)"))
            }
        }
        /// One location per parameter: a tuple's elements gathered back into one.
        func gathered(_ placed: [ArgumentLocation]) -> [ArgumentLocation] {
            guard tuples.contains(where: { $0 != nil }) else { return placed }
            var result: [ArgumentLocation] = []
            var next = 0
            for tuple in tuples {
                if let tuple {
                    result.append(tuple.gathered(placed[next..<(next + tuple.elements.count)]))
                    next += tuple.elements.count
                } else {
                    result.append(placed[next])
                    next += 1
                }
            }
            return result
        }
        let resultLowering: ValueLowering
        if signature.genericResultIndex != nil || signature.resultIsAbstract {
            resultLowering = .indirect
        } else if let result = signature.result {
            do {
                resultLowering = try ABIClassifier.classifyResult(result, for: architecture)
            } catch {
                throw fail("the result type \(result) cannot be classified (\(error))", "use ManualStub")
            }
        } else {
            resultLowering = isClassBound ? .word : .indirect
        }
        var typedErrorLowering: ValueLowering?
        if case .typed(let errorType) = signature.thrown {
            do {
                typedErrorLowering = try ABIClassifier.classify(errorType, for: architecture)
            } catch {
                throw fail("the thrown type \(errorType) cannot be classified (\(error))", "use ManualStub")
            }
        }
        let plan: CallPlan
        let locations: [ArgumentLocation]
        do {
            if let hiddenWords = access.coroutineHiddenWords {
                // `_modify`: the coroutine buffer in the first integer register, then the indices; a
                // callee-allocated coroutine: its frame and allocator, then the indices. Both yield the value.
                var modifyPlan = try CallPlan(arguments: lowerings, result: .empty)
                modifyPlan.arguments = gathered(modifyPlan.arguments)
                plan = modifyPlan
                locations = gathered(
                    try TrampolineConvention.host.placeArguments(lowerings, firstGeneralPurpose: hiddenWords))
            } else {
                var callPlan =
                    classMember
                    ? try CallPlan.classMember(
                        arguments: lowerings, result: resultLowering, isAsync: signature.isAsync,
                        genericWordCount: signature.genericWordCount, typedError: typedErrorLowering)
                    : try CallPlan(
                        arguments: lowerings, result: resultLowering, isAsync: signature.isAsync,
                        genericWordCount: signature.genericWordCount, typedError: typedErrorLowering)
                callPlan.arguments = gathered(callPlan.arguments)
                plan = callPlan
                locations = plan.arguments
            }
        } catch {
            throw fail("its arguments cannot be placed in registers and stack words (\(error))", "use ManualStub")
        }
        var effects: RequirementEffects = []
        if case .none = signature.thrown {} else { effects.insert(.throws) }
        if signature.isAsync { effects.insert(.async) }
        var order = Array(signature.parameters.indices)
        if signature.kind == .setter, signature.isSubscript, !order.isEmpty {
            // The recorder lists a subscript assignment as `$0[i] = v` evaluates: indices first, the new value last.
            order = Array(order.dropFirst()) + [order[0]]
        }
        let resultType: Any.Type
        switch access {
        case .modify: resultType = Void.self
        case .makesSelf, .makesOptionalSelf: resultType = Void.self
        case .call, .actorExecutor, .read:
            resultType = signature.result ?? Void.self
        }
        self.init(
            requirement: TestDoublesRecorder.Requirement(
                id: RequirementID(namespace: 0x5717B, slot: dispatchIndex),
                name: (signature.isStatic ? "static " : "") + signature.name, effects: effects,
                resultType: resultType, resultIsErased: signature.resultIsErased),
            access: access,
            argumentTypes: signature.parameters.map { $0.selfForm?.visibleType(existential) ?? $0.type },
            selfArguments: signature.parameters.map(\.selfForm),
            existential: existential,
            autoclosureArguments: order.indices.filter { signature.parameters[order[$0]].isAutoclosure },
            ownerships: signature.parameters.map(\.ownership),
            inoutArguments: Set(signature.parameters.indices.filter { signature.parameters[$0].isInout }),
            recorderOrder: order,
            plan: plan,
            argumentLocations: locations,
            argumentBridges: bridges,
            resultBridge: access.isCall ? resultBridge : nil,
            genericArguments: signature.parameters.map(\.genericIndex),
            genericTemplates: signature.parameters.map(\.genericTemplate),
            resultTemplate: signature.genericResultTemplate,
            genericResult: signature.genericResultIndex,
            genericParameterCount: signature.genericParameterCount,
            resultType: resultType,
            thrown: signature.thrown,
            isAsync: signature.isAsync,
            yieldLowering: access.isRead ? resultLowering : .empty)
    }

    /// Whether a value of `type` has a thin concrete form (a thin metatype or
    /// an optional of one, at any depth) that differs from its memory form.
    private static func travelsThin(_ type: Any.Type) -> Bool {
        do { return try ConcreteRepresentation(of: type) != nil } catch { return true }
    }
}

extension RequirementAccess {
    /// Whether the answer is a new value of the same conformance (`Self`, or `Self?` when not `nil`).
    var makesSelfValue: Bool {
        switch self {
        case .makesSelf, .makesOptionalSelf: return true
        default: return false
        }
    }

    /// Whether the slot is a plain call.
    var isCall: Bool {
        if case .call = self { return true }
        return false
    }
}
