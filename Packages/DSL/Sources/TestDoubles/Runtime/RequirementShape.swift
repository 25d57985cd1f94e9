import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

/// What kind of call a fabricated requirement slot receives.
enum RequirementAccess: Sendable {
    /// A method, getter, setter or initializer: one call, one answer.
    case call
    /// An initializer or another requirement whose result is `Self`: the
    /// answer is a new fabricated value of the same conformance.
    case makesSelf
    /// A requirement whose result is `Self?`: the answer is a new fabricated
    /// value of the same conformance, or `nil`.
    case makesOptionalSelf
    /// A `modify` coroutine, legacy (`_modify`, `yield_once`) or
    /// callee-allocated (`yield_once_2`): yields the getter's answer and hands
    /// the final value to the setter (dispatch indices of both; the getter
    /// may be a `read` coroutine).
    case modify(getter: Int, setter: Int, calleeAllocated: Bool)
    /// A callee-allocated `read` coroutine (`yield_once_2`): answered like a
    /// getter, its answer yielded as ``RequirementShape/yieldLowering`` says.
    case read
    /// `Swift.Actor.unownedExecutor` of a protocol constrained to `Actor`:
    /// answered with the executor the double's calls are serialized on (a
    /// spy's: its real actor's), never recorded.
    case actorExecutor
}

/// What a requirement throws, resolved to runtime types.
typealias ThrownShape = ThrownError<any Error.Type>

/// Everything the handler needs to answer one requirement: the recorder's
/// view (identity, name, effects, result type), the argument and result
/// types, and where each value travels in the frame.
struct RequirementShape: @unchecked Sendable {
    /// The recorder's requirement (identity, display name, effects, result type).
    let requirement: TestDoublesRecorder.Requirement
    /// The access the slot receives.
    let access: RequirementAccess
    /// The visible argument types in call order (a setter's new value first).
    /// A `Self` argument's is the stub's existential type (what its handler receives).
    let argumentTypes: [Any.Type]
    /// Per argument in call order: how it holds `Self` (a fabricated value, or another conformer's value of
    /// the same dynamic type, handed over as the existential, or an optional or array of them), if it does.
    let selfArguments: [SelfArgument.Form?]
    /// The stub's existential type: what each `Self` (and each element of a wrapped one) is handed over as.
    let existential: Any.Type
    /// The recorder's positions of `@autoclosure` arguments.
    let autoclosureArguments: [Int]
    /// The recorder's positions of variadic arguments (each an array).
    var variadicArguments: [Int] { requirement.variadicArguments }
    /// How the callee receives each argument.
    let ownerships: [ArgumentOwnership]
    /// Arguments that are `inout` (passed by address; written back unchanged).
    let inoutArguments: Set<Int>
    /// The recorder's argument order as indices into the call order (a
    /// subscript setter's indices first, its new value last).
    let recorderOrder: [Int]
    /// Where everything travels.
    let plan: CallPlan
    /// Argument locations when the plan is not the witness convention's (`_modify`).
    let argumentLocations: [ArgumentLocation]
    /// Converters for closure arguments (nil for every other argument), in call order.
    let argumentBridges: [ClosureBridge?]
    /// The converter of a closure result.
    let resultBridge: ClosureBridge?
    /// Per argument in call order: the requirement-level generic parameter its type is.
    let genericArguments: [Int?]
    /// Per argument in call order: its type when it mentions a requirement-level generic parameter inside another type.
    let genericTemplates: [GenericTemplate?]
    /// The result type when it mentions a requirement-level generic parameter inside another type.
    let resultTemplate: GenericTemplate?
    /// The requirement-level generic parameter the result's type is.
    let genericResult: Int?
    /// The number of requirement-level generic parameters (their metadata
    /// words are the first `genericParameterCount` of `plan.genericWords`).
    let genericParameterCount: Int
    /// The result type (`Void` for none).
    let resultType: Any.Type
    /// What it throws.
    let thrown: ThrownShape
    /// Whether it is async.
    let isAsync: Bool
    /// How a `read` coroutine's answer travels beside its continuation (the
    /// result's lowering); `.empty` for every other access.
    var yieldLowering: ValueLowering = .empty
    /// Whether the result is `[Self]`: answered with values of this same
    /// double (`resultType` is the existential's array, what a behavior gives),
    /// handed to the caller as the array of their payloads.
    var resultIsSelfArray = false
    /// The route of an unmatched call to the protocol's default implementation
    /// (``UnmatchedDefault``), set exactly when `requirement.unmatchedCallsRunDefault`; nil for most requirements.
    var defaultRoute: ForwardingRoute? = nil
}

extension RequirementShape {
    /// Where the hidden words of requirement-level generic parameters arrive (empty for other requirements).
    var genericWords: [ArgumentLocation] { plan.genericWords }

    /// Whether no call can return from the requirement: a plain call whose
    /// result is `Never` and that cannot throw (`throws(Never)` cannot).
    /// Its calls are recorded like any other; then the handler a test
    /// registered, or the real conformer a spy forwards to, ends them, and
    /// any other answer stops the process (``StubRuntime/endNeverReturningCall(_:_:_:)``).
    var neverReturns: Bool {
        guard case .call = access, resultType == Never.self else { return false }
        switch thrown {
        case .none: return true
        case .untyped: return false
        case .typed(let error): return error == Never.self
        }
    }

    /// A copy for one call whose generic types are known.
    func with(
        requirement: TestDoublesRecorder.Requirement, argumentTypes: [Any.Type], resultType: Any.Type
    ) -> RequirementShape {
        var shape = RequirementShape(
            requirement: requirement, access: access, argumentTypes: argumentTypes, selfArguments: selfArguments,
            existential: existential, autoclosureArguments: autoclosureArguments, ownerships: ownerships,
            inoutArguments: inoutArguments, recorderOrder: recorderOrder, plan: plan,
            argumentLocations: argumentLocations, argumentBridges: argumentBridges, resultBridge: resultBridge,
            genericArguments: genericArguments, genericTemplates: genericTemplates, resultTemplate: resultTemplate,
            genericResult: genericResult,
            genericParameterCount: genericParameterCount, resultType: resultType, thrown: thrown, isAsync: isAsync,
            yieldLowering: yieldLowering)
        shape.resultIsSelfArray = resultIsSelfArray
        return shape
    }
}

extension RequirementAccess {
    /// The integer argument registers a coroutine access receives before
    /// its indices: the legacy `_modify` buffer, or a callee-allocated
    /// coroutine's frame and allocator; nil for every other access.
    var coroutineHiddenWords: Int? {
        switch self {
        case .modify(_, _, let calleeAllocated): calleeAllocated ? 2 : 1
        case .read: 2
        case .call, .makesSelf, .makesOptionalSelf, .actorExecutor: nil
        }
    }

    /// Whether the access is a callee-allocated (`yield_once_2`) coroutine.
    var isCalleeAllocatedCoroutine: Bool {
        switch self {
        case .modify(_, _, let calleeAllocated): calleeAllocated
        case .read: true
        case .call, .makesSelf, .makesOptionalSelf, .actorExecutor: false
        }
    }

    /// Whether the access is a callee-allocated `read` coroutine.
    var isRead: Bool {
        if case .read = self { true } else { false }
    }
}
