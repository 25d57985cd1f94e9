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
    /// A legacy `_modify` coroutine: yields the getter's answer and hands the
    /// final value to the setter (dispatch indices of both).
    case modify(getter: Int, setter: Int)
}

/// What a requirement throws, resolved to runtime types.
enum ThrownShape: Sendable {
    case none
    case untyped
    case typed(any Error.Type)
}

/// Everything the handler needs to answer one requirement: the recorder's
/// view (identity, name, effects, result type), the argument and result
/// types, and where each value travels in the frame.
struct RequirementShape: @unchecked Sendable {
    /// The recorder's requirement (identity, display name, effects, result type).
    let requirement: TestDoublesRecorder.Requirement
    /// The access the slot receives.
    let access: RequirementAccess
    /// The visible argument types in call order (a setter's new value first).
    let argumentTypes: [Any.Type]
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
    /// The result type (`Void` for none).
    let resultType: Any.Type
    /// What it throws.
    let thrown: ThrownShape
    /// Whether it is async.
    let isAsync: Bool
}
