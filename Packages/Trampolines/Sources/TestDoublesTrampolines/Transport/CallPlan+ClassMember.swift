import TestDoublesMetadata

extension CallPlan {
    /// Plans a call through a class's vtable slot.
    ///
    /// A class member receives `self` in the context register and, unlike a
    /// witness, no `Self` metadata or witness table after its arguments: the
    /// visible arguments, generic words and typed-error buffer sit where a
    /// witness's would, but nothing follows them, so fewer words may spill to
    /// the stack and an async member pops fewer bytes. ``selfMetadata`` and
    /// ``selfWitnessTable`` are `.empty`; re-issuing such a call to a witness
    /// fails closed.
    ///
    /// - Parameters:
    ///   - convention: The register budget (`.host` for real calls).
    ///   - arguments: The visible arguments' lowerings (a setter's new value first).
    ///   - result: The result's lowering (`.empty` for `Void`).
    ///   - isAsync: Whether the member is async.
    ///   - inheritsCallerIsolation: Whether the member is async and
    ///     `nonisolated(nonsending)`: its caller's actor comes first, as for a
    ///     witness (measured on x86_64 by the lab's caller-isolated tier).
    ///   - genericWordCount: Metadata and witness-table words of the member's own generic parameters.
    ///   - typedError: The typed error's lowering, or `nil`.
    ///   - typedErrorsTravelDirectly: The compiler's typed-error convention.
    /// - Returns: The plan.
    /// - Throws: `TrampolineError` when a value cannot be placed.
    public static func classMember(
        convention: TrampolineConvention = .host, arguments: [ValueLowering], result: ValueLowering,
        isAsync: Bool = false, inheritsCallerIsolation: Bool = false, genericWordCount: Int = 0,
        typedError: ValueLowering? = nil,
        typedErrorsTravelDirectly: Bool = TrampolineConvention.typedErrorsTravelDirectly
    ) throws(TrampolineError) -> CallPlan {
        var plan = try CallPlan(
            convention: convention, arguments: arguments, result: result, isAsync: isAsync,
            inheritsCallerIsolation: inheritsCallerIsolation, genericWordCount: genericWordCount,
            typedError: typedError, typedErrorsTravelDirectly: typedErrorsTravelDirectly)
        var typedErrorBuffer = false
        if case .indirect = plan.typedError { typedErrorBuffer = true }
        let hidden = Array(repeating: ValueLowering.word, count: max(genericWordCount, 0))
        let leading: [ValueLowering] = inheritsCallerIsolation ? [.word, .word] : []
        let lowerings = leading + arguments + hidden + (typedErrorBuffer ? [.indirect] : [])
        let firstGeneralPurpose = isAsync && plan.result == .indirect ? 1 : 0
        let placed = try convention.placeArguments(lowerings, firstGeneralPurpose: firstGeneralPurpose)
        // The witness's trailing Self words come after everything else, so every
        // other value must sit where the witness plan put it.
        let visible = leading.count..<(leading.count + arguments.count)
        guard Array(placed[0..<leading.count]) == plan.callerIsolation, Array(placed[visible]) == plan.arguments,
            Array(placed[visible.upperBound..<(visible.upperBound + hidden.count)]) == plan.genericWords
        else {
            throw .invalidLayout("a class member's arguments would not sit where a witness's do")
        }
        plan.selfMetadata = .empty
        plan.selfWitnessTable = .empty
        plan.calleePoppedStackByteCount = isAsync ? convention.asyncCallerReservedByteCount(of: placed) : 0
        plan.witnessPoppedStackByteCount =
            isAsync
            ? convention.asyncCalleePoppedByteCount(stackWordCount: TrampolineConvention.stackWordCount(of: placed))
            : 0
        return plan
    }
}
