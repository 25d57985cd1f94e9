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
    ///   - defaultImplementation: The default implementation an unmatched call runs
    ///     (``UnmatchedDefault``), if any; kept only where the call can be re-issued to it in place.
    ///   - fail: Makes the error for an unsupported part.
    /// - Throws: `StubError` when a value cannot be classified or placed.
    init(
        _ signature: ResolvedSignature, dispatchIndex: Int, access: RequirementAccess, isClassBound: Bool,
        existential: Any.Type, classMember: Bool = false, defaultImplementation: UnsafeRawPointer? = nil,
        fail: (String, String) -> StubError
    ) throws(StubError) {
        let architecture = Architecture.current
        let bridges = try Self.argumentBridges(of: signature, fail: fail)
        let resultBridge = try Self.resultBridge(of: signature, fail: fail)
        let arguments = try ArgumentLowerings(
            signature, isClassBound: isClassBound, architecture: architecture, fail: fail)
        let splitResult = try Self.splitResult(of: signature, access: access, architecture: architecture, fail: fail)
        let resultLowering: ValueLowering
        if let splitResult {
            resultLowering = splitResult.remainder
        } else if case .modify = access, let result = signature.result, TupleResultLowering.holdsAddressOnly(result) {
            // A `_modify` yields the value's address, whatever its lowering: a placeholder, never placed.
            resultLowering = .indirect
        } else {
            resultLowering = try Self.resultLowering(
                of: signature, isClassBound: isClassBound, architecture: architecture, fail: fail)
        }
        let typedErrorLowering = try Self.typedErrorLowering(of: signature, architecture: architecture, fail: fail)
        let (plan, locations) = try Self.placement(
            of: arguments, result: resultLowering, splitResult: splitResult, typedError: typedErrorLowering,
            signature: signature, access: access, classMember: classMember, fail: fail)
        // Without a route the default cannot be run, and the call is reported as any unmatched call is.
        let defaultRoute = defaultImplementation.flatMap {
            try? ForwardingRoute(toDefaultImplementation: $0, plan: plan)
        }
        var effects: RequirementEffects = []
        if case .none = signature.thrown {} else { effects.insert(.throws) }
        if signature.isAsync { effects.insert(.async) }
        let order = Self.recorderOrder(of: signature)
        let resultType: Any.Type
        switch access {
        case .modify: resultType = Void.self
        case .makesSelf, .makesOptionalSelf: resultType = Void.self
        case .call, .actorExecutor, .read:
            resultType =
                signature.resultIsSelfArray
                ? SelfArgument.Form.array.visibleType(existential) : signature.result ?? Void.self
        }
        self.init(
            requirement: TestDoublesRecorder.Requirement(
                id: RequirementID(namespace: 0x5717B, slot: dispatchIndex),
                name: (signature.isStatic ? "static " : "") + signature.name, effects: effects,
                resultType: resultType, resultIsErased: signature.resultIsErased,
                variadicArguments: order.indices.filter { signature.parameters[order[$0]].isVariadic },
                unmatchedCallsRunDefault: defaultRoute != nil,
                argumentsKeptWeakly: order.indices.filter { Self.keepsWeakly(signature.parameters[order[$0]]) }),
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
        self.defaultRoute = defaultRoute
        resultIsSelfArray = signature.resultIsSelfArray
    }

    /// Whether the double keeps a call's argument of `parameter` weakly
    /// (``TestDoublesRecorder/Requirement/argumentsKeptWeakly``): an `any
    /// Encoder`, whose release its caller may rely on (`JSONEncoder`'s
    /// `superEncoder(forKey:)` writes what was encoded into it into its
    /// parent container only when that encoder is released). Decided once,
    /// from the declared type: the calls of other requirements pay nothing.
    static func keepsWeakly(_ parameter: ResolvedSignature.Parameter) -> Bool {
        !parameter.isInout && parameter.selfForm == nil && parameter.genericIndex == nil
            && ObjectIdentifier(parameter.type) == ObjectIdentifier((any Encoder).self)
    }

    /// The closure bridge of each parameter whose type is a closure the
    /// bridge converts (`nil` for every other parameter).
    private static func argumentBridges(
        of signature: ResolvedSignature, fail: (String, String) -> StubError
    ) throws(StubError) -> [ClosureBridge?] {
        var bridges: [ClosureBridge?] = []
        for (index, parameter) in signature.parameters.enumerated() {
            bridges.append(
                parameter.isInout || parameter.genericIndex != nil || parameter.isAbstract || parameter.selfForm != nil
                    ? nil
                    : try closureBridge(
                        for: parameter.type, template: parameter.genericTemplate,
                        boundAbstraction: parameter.boundClosureAbstraction, what: "parameter \(index + 1)",
                        fail: fail))
        }
        return bridges
    }

    /// The closure bridge of a closure-typed result, if any.
    private static func resultBridge(
        of signature: ResolvedSignature, fail: (String, String) -> StubError
    ) throws(StubError) -> ClosureBridge? {
        guard let result = signature.result, signature.genericResultIndex == nil, !signature.resultIsAbstract else {
            return nil
        }
        return try closureBridge(
            for: result, template: signature.genericResultTemplate,
            boundAbstraction: signature.resultBoundClosureAbstraction, what: "the result", fail: fail)
    }

    /// The bridge for a value of `type` when it is a closure the bridge
    /// converts, `nil` for any other type.
    ///
    /// A non-escaping closure of an async requirement is held until the
    /// answer is written (`HeldClosureScopes`): its caller keeps the context
    /// alive while it awaits.
    private static func closureBridge(
        for type: Any.Type, template: GenericTemplate?, boundAbstraction: FunctionAbstraction?, what: String,
        fail: (String, String) -> StubError
    ) throws(StubError) -> ClosureBridge? {
        guard ClosureBridge.converts(type) else { return nil }
        do {
            return try ClosureBridge(type, abstraction: template?.abstraction ?? boundAbstraction ?? .concrete)
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
    }

    /// How the result travels: by address for a generic or abstract result,
    /// as `Self`'s reference word for a class-bound initializer, else by its type.
    private static func resultLowering(
        of signature: ResolvedSignature, isClassBound: Bool, architecture: Architecture,
        fail: (String, String) -> StubError
    ) throws(StubError) -> ValueLowering {
        if signature.genericResultIndex != nil || signature.resultIsAbstract { return .indirect }
        guard let result = signature.result else { return isClassBound ? .word : .indirect }
        if let split = try? TupleResult.lowering(of: result, architecture: architecture), split.addressed.count == 1,
            split.remainder == .empty
        {
            // `(any P, ())`: the only value returned by address is a result of its own, at offset 0.
            return .indirect
        }
        do {
            return try ABIClassifier.classifyResult(result, for: architecture)
        } catch {
            throw fail("the result type \(result) cannot be classified (\(error))", "use ManualStub")
        }
    }

    /// How a tuple result holding elements passed by address is returned
    /// split (``TupleResult``); nil for any other result, and for a tuple
    /// whose only non-empty element is passed by address: Swift returns that
    /// one through the indirect result register, as a value of its own
    /// (`resultLowering` classifies it `.indirect`).
    private static func splitResult(
        of signature: ResolvedSignature, access: RequirementAccess, architecture: Architecture,
        fail: (String, String) -> StubError
    ) throws(StubError) -> TupleResultLowering? {
        guard let result = signature.result, signature.genericResultIndex == nil, !signature.resultIsAbstract else {
            return nil
        }
        let split: TupleResultLowering?
        do {
            split = try TupleResult.lowering(of: result, architecture: architecture)
        } catch {
            throw fail(
                "the result type \(result) is a tuple whose element \(_typeName(error.element, qualified: false)) "
                    + "cannot be returned: \(error.reason)",
                "use ManualStub")
        }
        guard let split, split.addressed.count > 1 || split.remainder != .empty else { return nil }
        switch access {
        case .call, .actorExecutor, .makesSelf, .makesOptionalSelf:
            return split
        case .modify:
            return nil
        case .read:
            throw fail(
                "the accessor yields the tuple \(result), whose element passed by address a coroutine's yield does "
                    + "not place", "use ManualStub")
        }
    }

    /// How a typed error travels, `nil` when the requirement throws `any Error` or nothing.
    private static func typedErrorLowering(
        of signature: ResolvedSignature, architecture: Architecture, fail: (String, String) -> StubError
    ) throws(StubError) -> ValueLowering? {
        guard case .typed(let errorType) = signature.thrown else { return nil }
        if signature.thrownIsAbstract { return .indirect }
        do {
            return try ABIClassifier.classify(errorType, for: architecture)
        } catch {
            throw fail("the thrown type \(errorType) cannot be classified (\(error))", "use ManualStub")
        }
    }

    /// Places the lowered values in the frame: the call plan, and one
    /// location per parameter (a tuple's elements gathered back into one).
    private static func placement(
        of arguments: ArgumentLowerings, result: ValueLowering, splitResult: TupleResultLowering?,
        typedError: ValueLowering?, signature: ResolvedSignature, access: RequirementAccess, classMember: Bool,
        fail: (String, String) -> StubError
    ) throws(StubError) -> (CallPlan, [ArgumentLocation]) {
        let lowerings = arguments.lowerings
        if splitResult != nil, classMember {
            throw fail(
                "a class member's tuple result returned through result addresses is not placed by the class double",
                "use ManualStub")
        }
        do {
            if let hiddenWords = access.coroutineHiddenWords {
                // `_modify`: the coroutine buffer in the first integer register, then the indices; a
                // callee-allocated coroutine: its frame and allocator, then the indices. Both yield the value.
                var plan = try CallPlan(arguments: lowerings, result: .empty)
                plan.arguments = arguments.gathered(plan.arguments)
                let locations = arguments.gathered(
                    try TrampolineConvention.host.placeArguments(lowerings, firstGeneralPurpose: hiddenWords))
                return (plan, locations)
            }
            var plan =
                classMember
                ? try CallPlan.classMember(
                    arguments: lowerings, result: result, isAsync: signature.isAsync,
                    inheritsCallerIsolation: signature.inheritsCallerIsolation,
                    genericWordCount: signature.genericWordCount, typedError: typedError)
                : try CallPlan(
                    arguments: lowerings, result: result, isAsync: signature.isAsync,
                    inheritsCallerIsolation: signature.inheritsCallerIsolation,
                    genericWordCount: signature.genericWordCount, typedError: typedError, splitResult: splitResult)
            plan.arguments = arguments.gathered(plan.arguments)
            return (plan, plan.arguments)
        } catch TrampolineError.unsupportedRequirement(let reason) {
            // A shape the plan names precisely (a typed error or a caller's actor beside a split
            // tuple result, say): its own reason, not the placement wrapper's.
            throw fail(reason, "use ManualStub")
        } catch {
            throw fail("its arguments cannot be placed in registers and stack words (\(error))", "use ManualStub")
        }
    }

    /// The order the recorder lists the arguments in: a subscript assignment
    /// as `$0[i] = v` evaluates, indices first and the new value last.
    private static func recorderOrder(of signature: ResolvedSignature) -> [Int] {
        let order = Array(signature.parameters.indices)
        guard signature.kind == .setter, signature.isSubscript, !order.isEmpty else { return order }
        return Array(order.dropFirst()) + [order[0]]
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
