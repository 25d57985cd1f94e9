import Synchronization
import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Accessors that yield: `_modify` (and `modify2`, served as it) and the callee-allocated `read`.

extension StubRuntime {
    /// Serves a `_modify` access: yields the getter's answer, then records the final value as a setter call.
    ///
    /// A Spy's unconfigured getter and setter are forwarded: the real
    /// conformer's getter gives the value the access starts from, and its
    /// setter receives the final value (calls built from values, since the
    /// access brings no frame of theirs: `forwardDetachedGetter`).
    func modify(
        _ frame: CallFrame, getter getterEntry: (index: Int, plan: RequirementPlan),
        setter setterEntry: (index: Int, plan: RequirementPlan), indices: [Any], calleeAllocated: Bool
    ) {
        let getter = getterEntry.plan.shape
        let setter = setterEntry.plan.shape
        let selfWord = frame.selfRegister
        let opening = coroutineStart(
            getter, setter: setter, forwardingGetter: getterEntry, selfWord: selfWord, indices: indices,
            access: "a modify access (such as `+=` or a mutating call on the property)")
        let value = opening.value
        let recorder = self.recorder
        func yield<T>(_: T.Type) {
            guard let start = value as? T else {
                stop(
                    "\(recorder.name): \(getter.requirement.name) returns \(T.self), but its behavior produced \(value)"
                )
            }
            frame.yieldForModify(start, calleeAllocated: calleeAllocated) { final, _ in
                // A setter answers nothing, so no answer of it needs a stop: the recorder already reported a
                // misconfigured one (`thenFatalError`, a thrown error) at its line and answered `()`.
                let message: String
                switch recorder.dispatch(setter.requirement, arguments: indices + [final]) {
                case .returned, .threw: return
                case .trap(let trapped): message = trapped
                case .forward:
                    // A Spy's unconfigured setter: the real one receives the final value through a call built from
                    // it. When that cannot be made, say the real one missed it (once: a getter that could not be
                    // forwarded either already said so).
                    guard
                        let refusal = self.forwardDetachedSetter(
                            setterEntry.plan, dispatchIndex: setterEntry.index, selfWord: selfWord,
                            arguments: indices + [final])
                    else { return }
                    if opening.reported { return }
                    message =
                        "\(recorder.name): \(setter.requirement.name) was to be forwarded with \(String(reflecting: final)) "
                        + "at the end of a modify access (such as `+=` or a mutating call on the property), which this "
                        + "Spy cannot forward (\(refusal)): the real implementation did not receive it; register a "
                        + "behavior for the setter with `whenSet`, or assign the property instead"
                }
                TestDoubleIssueReporting.report(
                    TestDoubleIssue(kind: .invalidBehavior, message: message, location: recorder.creationSite))
            }
        }
        _openExistential(getter.resultType, do: yield)
    }

    /// Serves a callee-allocated `read` access: yields a borrow of the answer its configuration gives, as a getter's.
    func read(_ frame: CallFrame, _ shape: RequirementShape, indices: [Any]) {
        let value = coroutineStart(shape, indices: indices, access: "a read access").value
        let recorder = self.recorder
        func yield<T>(_: T.Type) {
            guard let answer = value as? T else {
                stop(
                    "\(recorder.name): \(shape.requirement.name) returns \(T.self), but its behavior produced \(value)")
            }
            frame.yieldForRead(answer, lowering: shape.yieldLowering)
        }
        _openExistential(shape.resultType, do: yield)
    }

    /// The getter's (or `read`'s) answer a coroutine access starts from, and whether an issue was
    /// reported for it.
    ///
    /// A Spy whose getter is not configured would forward it, but the access
    /// has no call frame to make the real getter's call from: the access
    /// starts from a placeholder of the getter's type instead, with an issue
    /// at the Spy's creation (no wrong value goes unreported, and the test
    /// process keeps running).
    private func coroutineStart(
        _ getter: RequirementShape, setter: RequirementShape? = nil,
        forwardingGetter: (index: Int, plan: RequirementPlan)? = nil, selfWord: UInt = 0, indices: [Any],
        access: String
    ) -> (value: Any, reported: Bool) {
        let current = recorder.dispatch(getter.requirement, arguments: indices)
        switch current {
        case .returned(let returned): return (returned, false)
        // As in `handle`: a coroutine must yield a value of the getter's type, and none can be made.
        case .trap(let message): fatalError(message)
        case .forward:
            let refusal: Refusal
            if let forwardingGetter {
                switch forwardDetachedGetter(
                    forwardingGetter.plan, dispatchIndex: forwardingGetter.index, selfWord: selfWord, indices: indices)
                {
                case .success(let real): return (real, false)
                case .failure(let failure): refusal = failure
                }
            } else {
                refusal = Refusal(reason: "the access is a coroutine of the real implementation's own")
            }
            let reason =
                "\(recorder.name): \(getter.requirement.name) was to be forwarded inside \(access), which this Spy "
                + "cannot forward (\(refusal))"
            guard let placeholder = Match.Placeholders.make(any: getter.resultType) else {
                stop(reason + "; register a behavior for it with `when`")
            }
            let setterHint =
                setter.map { " and the setter with `whenSet`, or read and assign \($0.requirement.name) instead" } ?? ""
            let ending =
                setter == nil ? "" : ", and the real implementation receives no set at the end of the access"
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidBehavior,
                    message: reason + ": the access starts from a placeholder \(String(reflecting: placeholder)), "
                        + "not the real value\(ending); register a behavior for the getter with `when`\(setterHint)",
                    location: recorder.creationSite))
            return (placeholder, true)
        case .threw:
            stop("\(recorder.name): \(getter.requirement.name) cannot start \(access) with \(current)")
        }
    }
}
