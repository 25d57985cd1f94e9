import Synchronization
import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The handler side of one fabricated stub: decodes each call from its
/// frame, asks the recorder for the outcome, and encodes the answer.
///
/// Held by the fabricated conformance's handler (not by the `Stub`), so the
/// values a stub hands out keep answering after the `Stub` is gone.
final class StubRuntime: Sendable {
    let recorder: InvocationRecorder
    let blueprint: StubBlueprint
    /// The real implementation `.forward` outcomes call (a spy's); nil for a stub.
    let target: ForwardingTarget?
    /// The class code `.forward` outcomes call on the same instance (a spy of a class's); nil otherwise.
    let classForwarding: ClassForwarding?
    /// One plan per dispatch index, so a call copies no shape.
    let plans: [RequirementPlan]
    /// The same plans, unretained, for the call path (see ``handle(_:)``).
    private let lentPlans: [Unmanaged<RequirementPlan>]
    /// The session that records forwarded calls and their outcomes (a recording spy's); nil otherwise.
    let recording: RecordingSession?
    /// The route of each requirement's synchronous calls to the target, by
    /// dispatch index, worked out once (a spy's; a stub's lists the routes
    /// of its unmatched calls to the protocol's default implementations,
    /// ``UnmatchedDefault``, or is empty); nil where none can be made, for
    /// the general forwarding path to make or report.
    let forwardingRoutes: [ForwardingRoute?]
    /// The actor whose executor serializes the calls of a double of a protocol constrained to `Actor`.
    let isolation = StubIsolation()
    /// The conformance this runtime answers for, to make new values for
    /// initializers; weak because the conformance owns the handler that owns this.
    let conformance = Mutex<WeakConformance>(WeakConformance())
    /// The plans of the generic requirements' specializations called so far
    /// (see ``specialized(_:_:)``).
    let specializedPlans = Mutex<[SpecializationKey: RequirementPlan]>([:])

    init(
        recorder: InvocationRecorder, blueprint: StubBlueprint, target: ForwardingTarget? = nil,
        recording: RecordingSession? = nil, classForwarding: ClassForwarding? = nil
    ) {
        self.recorder = recorder
        self.blueprint = blueprint
        self.target = target
        self.classForwarding = classForwarding
        let plans = RequirementPlan.plans(of: blueprint)
        self.plans = plans
        // Shared with every runtime of the blueprint; `plans` keeps them alive for this one.
        self.lentPlans = blueprint.prepared.lentPlans
        self.recording = recording
        self.forwardingRoutes = Self.routes(to: target, plans: plans)
    }

    func attach(_ fabricated: FabricatedConformance) {
        conformance.withLock { $0.value = fabricated }
    }

    /// Whether `object` is a value of this double (the payload of one of its values).
    func isOwnValue(_ object: AnyObject) -> Bool {
        conformance.withLock { $0.value }?.owns(object) ?? false
    }

    /// Answers one call through a fabricated table.
    func handle(_ frame: CallFrame) {
        let index = frame.slot
        // One check: `lentPlans` and `plans` have the same count.
        guard index >= 0, index < lentPlans.count else { unknownSlot(index) }
        // The plan is lent to the call, not retained: `plans` holds it for the
        // runtime's lifetime, and the runtime outlives the call (the caller
        // keeps the payload, which keeps the conformance and its handler,
        // which holds this runtime). A copy out of `plans` costs a retain and
        // a release per call.
        lentPlans[index]._withUnsafeGuaranteedRef { plan in
            // The common synchronous paths, chosen once per plan, skip the general dispatch.
            switch plan.route {
            case .scalarLane: serveScalarLane(frame, plan)
            case .scalarWords: serveScalarWords(frame, plan)
            case .onStack: serveOnStack(frame, plan)
            case .onStackWords: serveWords(frame, plan)
            case .onStackWide: serveOnStackWide(frame, plan)
            case .onStackClosures: serveOnStackClosures(frame, plan)
            case .asyncScalarLane, .asyncOnStack: serveAsync(frame, plan)
            case .general: serve(frame, plan)
            }
        }
    }

    /// Stops a call on a slot the runtime has no plan for (out of line: the handler stays short).
    @inline(never)
    private func unknownSlot(_ index: Int) -> Never {
        stop("a call arrived on unknown requirement slot \(index) of \(blueprint.typeName)")
    }

    /// Answers one call with its requirement's declared plan.
    private func serve(_ frame: CallFrame, _ declared: RequirementPlan) {
        switch declared.shape.access {
        case .call, .makesSelf, .makesOptionalSelf:
            if declared.shape.genericWords.isEmpty {
                serveCall(frame, declared)
            } else {
                serveCall(frame, specialized(declared.shape, frame))
            }
        case .modify(let getterIndex, let setterIndex, let calleeAllocated):
            let indices = withArguments(frame, declared) { ArgumentList(values: $0) }
            modify(
                frame, getter: (getterIndex, plans[getterIndex]), setter: (setterIndex, plans[setterIndex]),
                indices: indices.values, calleeAllocated: calleeAllocated)
        case .read:
            let indices = withArguments(frame, declared) { ArgumentList(values: $0) }
            read(frame, declared.shape, indices: indices.values)
        case .actorExecutor:
            answerExecutor(frame, declared)
        }
    }

    /// Answers one call (not a `_modify` access) with its plan, specialized for generic requirements.
    private func serveCall(_ frame: CallFrame, _ plan: RequirementPlan) {
        if plan.shape.isAsync {
            if !answerAsyncAtOnce(frame, plan) { suspendAsync(frame, plan) }
        } else if plan.scalarLane != nil {
            serveScalarLane(frame, plan)
        } else if plan.decodesDirectly, !plan.hasInoutArguments, !plan.readers.isEmpty {
            serveOnStack(frame, plan)
        } else {
            withArguments(frame, plan) { arguments in
                guard !plan.hasInoutArguments else {
                    finish(frame, plan, dispatch(frame, plan.shape, arguments), arguments)
                    return
                }
                // A configured scalar or `Void` answer comes back unboxed, for its register.
                write(recorder.dispatchUnboxingAnswer(plan.shape.requirement, arguments: arguments), to: frame, plan) {
                    finish(frame, plan, $0, arguments)
                }
            }
        }
    }

    /// Answers an async call of a plan routed `.asyncScalarLane` or
    /// `.asyncOnStack`: at once when the recorder can, else after suspending.
    private func serveAsync(_ frame: CallFrame, _ plan: RequirementPlan) {
        let answered =
            plan.route == .asyncScalarLane ? answerAsyncAtOnce(frame, plan) : answerAsyncOnStackAtOnce(frame, plan)
        if !answered { suspendAsync(frame, plan) }
    }

    /// Answers an async call whose arguments all travel as scalars without
    /// suspending it, when the recorder answers it at once with a configured
    /// value; false, with nothing recorded, otherwise.
    @inline(__always)
    private func answerAsyncAtOnce(_ frame: CallFrame, _ plan: RequirementPlan) -> Bool {
        guard let lane = plan.scalarLane,
            let immediate = recorder.answerImmediately(plan.shape.requirement, scalars: lane.read(frame))
        else { return false }
        // The async entry returns the answer at once, without suspending the caller.
        frame.calleePoppedStackByteCount = plan.shape.plan.calleePoppedStackByteCount
        write(consume immediate, to: frame, plan) { finishAnswered(frame, plan, $0, forwarding: false) }
        return true
    }

    /// Answers an async call whose arguments decode directly and are all
    /// borrowed without suspending it, when the recorder answers it at once
    /// with a configured value (``InvocationRecorder/answerAsyncImmediately(_:consuming:)``):
    /// the arguments are decoded into a stack buffer and the ledger takes
    /// them; false, with nothing recorded and the decoded copies destroyed,
    /// otherwise (borrowed, the arguments decode again the same).
    private func answerAsyncOnStackAtOnce(_ frame: CallFrame, _ plan: RequirementPlan) -> Bool {
        let count = plan.readers.count
        return withUnsafeTemporaryAllocation(of: Any.self, capacity: count) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            // The readers are read in place (a copy of the array would be retained and released per call).
            plan.readers.withUnsafeBufferPointer { readers in
                for index in 0..<count { readers[index].initialize(base + index, from: frame) }
            }
            let lent = UnsafeMutableBufferPointer(start: base, count: count)
            guard let immediate = recorder.answerAsyncImmediately(plan.shape.requirement, consuming: lent) else {
                base.deinitialize(count: count)
                return false
            }
            // The async entry returns the answer at once, without suspending the caller.
            frame.calleePoppedStackByteCount = plan.shape.plan.calleePoppedStackByteCount
            write(consume immediate, to: frame, plan) { finishAnswered(frame, plan, $0, forwarding: false) }
            return true
        }
    }

    /// Answers an async call after suspending it: its arguments decoded now,
    /// its answer (or its forwarding) once the recorder decides.
    private func suspendAsync(_ frame: CallFrame, _ plan: RequirementPlan) {
        // Non-escaping closure arguments stay callable until the answer is written.
        let held = plan.holdsNonEscapingClosures ? HeldClosureScopes() : nil
        let arguments = withArguments(frame, plan, holdingScopesIn: held) { ArgumentList(values: $0) }
        // The forwarded call copies the frame now: it is gone once the call suspends.
        let forwardingTarget = target ?? classForwarding?.target(selfWord: frame.selfRegister)
        let prepared = forwardingTarget.map { prepareForwarding(frame, plan.shape, to: $0) }
        frame.calleePoppedStackByteCount = plan.shape.plan.calleePoppedStackByteCount
        let writeBack = plan.hasInoutArguments ? InoutWriteBack(frame, plan.shape) : nil
        frame.suspend(keepingStackWords: plan.shape.plan.stackWordCount) { [self] resultFrame in
            defer { held?.endAll() }
            let outcome = await dispatchAsync(plan.shape, arguments.values, writingBackThrough: writeBack)
            if case .forward = outcome, let prepared {
                let call = forwardedCall(prepared, plan.shape, arguments.values)
                await call.invoke(into: resultFrame)
                if let recording { record(resultFrame, plan.shape, arguments.values, into: recording) }
                return
            }
            answer(resultFrame, plan, outcome, arguments.values)
        }
    }

    /// Answers a synchronous call whose arguments all travel as scalars:
    /// they reach the recorder as raw words, and a scalar or `Void` answer
    /// goes straight to its register (no boxing, no allocation). A spy's
    /// forwarded call goes to the real implementation with its registers as they came.
    func serveScalarLane(_ frame: CallFrame, _ plan: RequirementPlan) {
        guard let lane = plan.scalarLane else { return serve(frame, plan) }
        write(recorder.dispatch(plan.shape.requirement, scalars: lane.read(frame)), to: frame, plan, forwarding: true) {
            finishAnswered(frame, plan, $0)
        }
    }

    /// Answers a synchronous call whose arguments decode directly, decoding
    /// them into a stack buffer: a catch-all's configured scalar or `Void`
    /// value, or its `then` handler, is answered from it (the ledger takes
    /// the arguments, moved when every one is borrowed, and a handler reads
    /// them there or in the buffer), so the call allocates no array; any
    /// other call moves the arguments into one and takes the general path.
    func serveOnStack(_ frame: CallFrame, _ plan: RequirementPlan) {
        let count = plan.readers.count
        withUnsafeTemporaryAllocation(of: Any.self, capacity: count) { buffer in
            guard let base = buffer.baseAddress else { return }
            // The readers are read in place (a copy of the array would be retained and released per call).
            plan.readers.withUnsafeBufferPointer { readers in
                for index in 0..<count { readers[index].initialize(base + index, from: frame) }
            }
            if plan.borrowsEveryArgument {
                // Answered at once, the ledger keeps the decoded arguments themselves (no copy to retain, none
                // to release here); the rare answer that needs them again decodes them again from the frame.
                let lent = UnsafeMutableBufferPointer(start: base, count: count)
                if let immediate = recorder.answerImmediately(plan.shape.requirement, consuming: lent) {
                    write(consume immediate, to: frame, plan) { finishAnswered(frame, plan, $0) }
                    return
                }
            } else {
                let decoded = UnsafeBufferPointer(start: base, count: count)
                if let immediate = recorder.answerImmediately(plan.shape.requirement, borrowing: decoded) {
                    write(consume immediate, to: frame, plan) { finish(frame, plan, $0, Array(decoded)) }
                    base.deinitialize(count: count)
                    return
                }
            }
            serveDeclined(frame, plan, base, count)
        }
    }
}

/// Prints a diagnostic and stops: the fail-closed end of a call that cannot be answered exactly.
///
/// Only for a call whose convention leaves no other way out: it must return
/// (or yield) a value of a type no value can be made of, and it cannot throw
/// (or cannot throw what it has). Every caller first tries a placeholder.
func stop(_ message: String) -> Never {
    let line = Array("TestDoubles: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    fatalError("TestDoubles: " + message)
}

/// The decoded arguments of a call, carried into an async continuation.
struct ArgumentList: @unchecked Sendable {
    let values: [Any]
}

struct WeakConformance {
    weak var value: FabricatedConformance?
}

extension InvocationRecorder {
    /// A call rendered for diagnostics.
    func describe(_ requirement: TestDoublesRecorder.Requirement, _ arguments: [Any]) -> String {
        requirement.name + "(" + arguments.map { String(reflecting: $0) }.joined(separator: ", ") + ")"
    }
}
