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
    /// dispatch index, worked out once (a spy's; empty for a stub); nil where
    /// none can be made, for the general forwarding path to make or report.
    let forwardingRoutes: [ForwardingRoute?]
    /// The actor whose executor serializes the calls of a double of a protocol constrained to `Actor`.
    let isolation = StubIsolation()
    /// The conformance this runtime answers for, to make new values for
    /// initializers; weak because the conformance owns the handler that owns this.
    private let conformance = Mutex<WeakConformance>(WeakConformance())

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
        guard index >= 0, index < plans.count else {
            stop("a call arrived on unknown requirement slot \(index) of \(blueprint.typeName)")
        }
        // The plan is lent to the call, not retained: `plans` holds it for the
        // runtime's lifetime, and the runtime outlives the call (the caller
        // keeps the payload, which keeps the conformance and its handler,
        // which holds this runtime). A copy out of `plans` costs a retain and
        // a release per call.
        lentPlans[index]._withUnsafeGuaranteedRef { serve(frame, $0) }
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
            if let lane = plan.scalarLane,
                let immediate = recorder.answerImmediately(plan.shape.requirement, scalars: lane.read(frame))
            {
                // A configured scalar or `Void` value: the async entry returns
                // it at once, without suspending the caller.
                frame.calleePoppedStackByteCount = plan.shape.plan.calleePoppedStackByteCount
                write(consume immediate, to: frame, plan) { finishAnswered(frame, plan, $0, forwarding: false) }
                return
            }
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
        } else if let lane = plan.scalarLane {
            // Scalar arguments reach the recorder as raw words, and a scalar
            // or `Void` answer goes straight to its register: no boxing, no
            // allocation. Anything else decodes the arguments as below.
            // A spy's forwarded call goes to the real implementation with its registers as they came.
            write(
                recorder.dispatch(plan.shape.requirement, scalars: lane.read(frame)), to: frame, plan, forwarding: true
            ) {
                finishAnswered(frame, plan, $0)
            }
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

    /// Answers a synchronous call whose arguments decode directly, decoding
    /// them into a stack buffer: a catch-all's configured scalar or `Void`
    /// value, or its `then` handler, is answered from it (the ledger takes
    /// the arguments, moved when every one is borrowed, and a handler reads
    /// them there or in the buffer), so the call allocates no array; any
    /// other call moves the arguments into one and takes the general path.
    private func serveOnStack(_ frame: CallFrame, _ plan: RequirementPlan) {
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
            // Literals for the common arities: the general initializers are not
            // specialized and look the array's metadata up on every call.
            let arguments: [Any]
            switch count {
            case 1: arguments = [base.move()]
            case 2: arguments = [base.move(), (base + 1).move()]
            case 3: arguments = [base.move(), (base + 1).move(), (base + 2).move()]
            default:
                var all: [Any] = []
                all.reserveCapacity(count)
                for index in 0..<count { all.append((base + index).move()) }
                arguments = all
            }
            write(
                recorder.dispatchUnboxingAnswer(plan.shape.requirement, declinedArguments: arguments), to: frame, plan
            ) {
                finish(frame, plan, $0, arguments)
            }
        }
    }

    /// Writes a scalar-lane answer straight into its result register when
    /// the plan's writer can; otherwise hands it to `otherwise` as the
    /// outcome the general path acts on (a value of another type, whose
    /// diagnostic `answer` gives, or any other outcome).
    ///
    /// The answer is consumed and the general path is a closure, so the
    /// common case copies no outcome (a returned optional outcome cost about
    /// a fifth of a call in copies and destroys).
    ///
    /// With `forwarding` (a scalar-lane call, whose arguments nothing
    /// decoded), a spy's unmatched call (``ScalarCallOutcome/forward``) is
    /// forwarded in place (``forwardInPlace(_:)``) when it can be.
    @inline(__always)
    private func write(
        _ answer: consuming ScalarCallOutcome, to frame: CallFrame, _ plan: RequirementPlan, forwarding: Bool = false,
        otherwise: (CallOutcome) -> Void
    ) {
        switch consume answer {
        case .returnedVoid:
            if plan.resultWriter?.writesNothing == true { return }
            otherwise(.returned(()))
        case .returnedScalar(let kind, let word):
            if plan.resultWriter?.write(kind, word, to: frame) == true { return }
            otherwise(.returned(kind.value(from: word)))
        case .outcome(let outcome):
            if case .returned(let value) = outcome, plan.resultWriter?.write(value, to: frame) == true { return }
            otherwise(outcome)
        case .forward:
            if forwarding, forwardInPlace(frame) { return }
            otherwise(.forward)
        }
    }

    /// Acts on the outcome of a call the recorder answered at once, whose
    /// arguments the front no longer holds: a returned value is encoded
    /// without them (only a forwarded or failed call's handling reads the
    /// arguments), so they are decoded again from the frame only for the
    /// other outcomes. (A value of a type with no direct writer, such as a
    /// vector or a large struct, decoded every argument again, and looked
    /// their metadata up, on every call.) Without `forwarding` (an async
    /// call's at-once answer) a decoded outcome is encoded, never forwarded.
    private func finishAnswered(
        _ frame: CallFrame, _ plan: RequirementPlan, _ outcome: CallOutcome, forwarding: Bool = true
    ) {
        if case .returned = outcome {
            answer(frame, plan, outcome, [])
            return
        }
        withArguments(frame, plan) { arguments in
            if forwarding {
                finish(frame, plan, outcome, arguments)
            } else {
                answer(frame, plan, outcome, arguments)
            }
        }
    }

    /// Acts on the outcome of a synchronous call: forwards it (a spy's) or encodes the answer.
    private func finish(_ frame: CallFrame, _ plan: RequirementPlan, _ outcome: CallOutcome, _ arguments: [Any]) {
        if case .forward = outcome, let target = target ?? classForwarding?.target(selfWord: frame.selfRegister) {
            // `plan.shape` is passed, never bound: a local copy would retain every array of the shape.
            let prepared = prepareForwarding(frame, plan.shape, to: target)
            forwardedCall(prepared, plan.shape, arguments).invoke(into: frame)
            if let recording { record(frame, plan.shape, arguments, into: recording) }
            return
        }
        answer(frame, plan, outcome, arguments)
    }

    /// The plan of one call of a requirement-level generic requirement: the
    /// generic parameters' types read from their hidden metadata words, and
    /// the recorder's requirement carrying this call's result type.
    private func specialized(_ shape: RequirementShape, _ frame: CallFrame) -> RequirementPlan {
        let types: [Any.Type] = shape.plan.genericWords.prefix(shape.genericParameterCount).map { location in
            let word = frame.argument(UInt.self, at: location)
            guard let pointer = UnsafeRawPointer(bitPattern: word) else {
                stop("\(recorder.name): \(shape.requirement.name) received a null generic metadata word")
            }
            return unsafeBitCast(pointer, to: Any.Type.self)
        }
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
        var resultType = shape.resultType
        var requirement = shape.requirement
        if let template = shape.resultTemplate, case .call = shape.access {
            resultType = resolve(template)
            requirement = TestDoublesRecorder.Requirement(
                id: requirement.id, name: requirement.name, effects: requirement.effects, resultType: resultType)
        } else if let generic = shape.genericResult {
            resultType = types[generic]
            requirement = TestDoublesRecorder.Requirement(
                id: requirement.id, name: requirement.name, effects: requirement.effects, resultType: resultType)
        }
        return RequirementPlan(
            shape.with(requirement: requirement, argumentTypes: argumentTypes, resultType: resultType))
    }

    /// Decodes the arguments (in the recorder's order) and runs `body` with
    /// them; non-escaping closure arguments are valid only inside `body`.
    ///
    /// With `held`, a non-escaping closure argument stays valid after `body`
    /// returns, until `held` ends its scope (an async call, answered after it suspends).
    private func withArguments<Result>(
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

    /// Encodes an outcome into the frame.
    private func answer(_ frame: CallFrame, _ plan: RequirementPlan, _ outcome: CallOutcome, _ arguments: [Any]) {
        switch outcome {
        case .returned(var value):
            if case .makesOptionalSelf = plan.shape.access {
                let mirror = Mirror(reflecting: value)
                if mirror.displayStyle == .optional {
                    guard let wrapped = mirror.children.first?.value else {
                        // `Self?` is one nullable reference: the payload's, or zero.
                        frame.setResult(UInt(0), at: plan.shape.plan.result)
                        return
                    }
                    value = wrapped
                }
            }
            if plan.shape.access.makesSelfValue {
                // A new value of this stub: the default answer (`()`), or a value of this same stub as the
                // configured one. Either way the caller gets a new payload of this conformance (never the
                // configured value's own payload), so a made value is a distinct object of the same stub.
                guard let fabricated = conformance.withLock({ $0.value }) else {
                    stop(
                        "\(recorder.name): \(plan.shape.requirement.name) was called after its conformance was released"
                    )
                }
                // Another value is a mistake in the test, not in the ABI: said at the stub's creation, and the
                // caller gets the default answer (a new value of this stub), so the run goes on.
                if !(value is Void) {
                    let problem =
                        "\(plan.shape.requirement.name) answers with a new value of the same stub; its behavior "
                    if type(of: value as AnyObject) != FabricatedConformance.payloadType {
                        reportMisfit(
                            problem + "produced \(String(reflecting: value)), which is not a value of a stub "
                                + "(configure it with thenReturn(stub())); the caller gets a new value of this stub")
                    } else if !fabricated.owns(value as AnyObject) {
                        reportMisfit(
                            problem + "produced a value of another stub, which this stub cannot return as Self "
                                + "(configure it with thenReturn(stub()) of this same stub); the caller gets a new "
                                + "value of this stub")
                    }
                }
                frame.setResult(fabricated.retainedPayloadReference(), at: plan.shape.plan.result)
                return
            }
            if let writer = plan.resultWriter, writer.write(value, to: frame) { return }
            if let bridge = plan.shape.resultBridge {
                do {
                    try FunctionBridge.setResult(
                        value, ofType: plan.shape.resultType, at: plan.shape.plan.result, in: frame,
                        abstraction: bridge.abstraction)
                } catch {
                    stop(
                        "\(recorder.name): \(plan.shape.requirement.name) cannot return \(String(reflecting: value)): \(error)"
                    )
                }
                return
            }
            write(value, ofType: plan.shape.resultType, to: frame, at: plan.shape.plan.result, plan: plan)
        case .threw(let error):
            switch plan.shape.thrown {
            case .untyped:
                frame.setThrownError(error)
            case .typed(let errorType):
                guard let location = plan.shape.plan.typedError else {
                    stop("\(recorder.name): \(plan.shape.requirement.name) has no typed-error location")
                }
                func throwTyped<E: Error>(_: E.Type) {
                    // A recording pass ended at a call with no placeholder result: the call is
                    // recorded, and any value of the typed error ends the pass the same way;
                    // with none, the pass parks.
                    var ending: E?
                    if let ended = error as? RecordingPassEnded {
                        ending = Match.Placeholders.make(E.self)
                        if ending == nil { ended.parkPass() }
                    }
                    if let typed = ending ?? error as? E {
                        frame.setTypedThrownError(typed, at: location)
                        return
                    }
                    let problem =
                        "\(plan.shape.requirement.name) throws \(E.self), but its behavior threw "
                        + "\(String(reflecting: error)) of type \(type(of: error))"
                    if let placeholder = Match.Placeholders.make(E.self) {
                        reportMisfit(problem + "; the caller gets a placeholder \(E.self) instead")
                        frame.setTypedThrownError(placeholder, at: location)
                    } else if let result = Match.Placeholders.make(any: plan.shape.resultType) {
                        reportMisfit(problem + "; the call returns a placeholder \(plan.shape.resultType) instead")
                        write(result, ofType: plan.shape.resultType, to: frame, at: plan.shape.plan.result, plan: plan)
                    } else {
                        stop("\(recorder.name): " + problem + ", and no value of either type can be made to answer")
                    }
                }
                throwTyped(errorType)
            case .none:
                stop("\(recorder.name): \(plan.shape.requirement.name) cannot throw, but its behavior threw \(error)")
            }
        case .forward:
            stop(
                "\(recorder.name): \(recorder.describe(plan.shape.requirement, arguments)) was to be forwarded, but a Stub "
                    + "has no real implementation; use Spy(forwardingTo:)")
        case .trap(let message):
            // The engine answers `.trap` only for a recording call whose result no source can make
            // after parking, ending the job and throwing were all refused (it reported the issue at
            // the `when` line first): a synchronous, non-throwing witness must write a value of its
            // result type before it returns, and none exists, so stopping is the only exit left.
            fatalError(message)
        }
    }

    /// Reports a configured answer that does not fit its call (a mistake in the test) at the stub's creation.
    private func reportMisfit(_ problem: String) {
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior, message: "\(recorder.name): " + problem, location: recorder.creationSite))
    }

    /// Writes a result after checking its type: a mismatched value is an issue and a placeholder of the
    /// right type, or, where none can be made, a stop with a diagnostic; never garbage.
    private func write(
        _ value: Any, ofType type: Any.Type, to frame: CallFrame, at location: ResultLocation, plan: RequirementPlan
    ) {
        func typed<T>(_: T.Type) {
            if let result = value as? T {
                frame.setResult(result, at: location)
                return
            }
            // A behavior that produced another type: a handler of an erased associated type, or a value
            // configured for one specialization of a generic result reaching a call of another. A mistake
            // in the test: said at the stub's creation, and the caller gets a placeholder of its type.
            let problem =
                "\(plan.shape.requirement.name) returns \(T.self) for this call, but its behavior produced "
                + "\(String(reflecting: value)) of type \(Swift.type(of: value))"
            if let placeholder = Match.Placeholders.make(T.self) {
                reportMisfit(problem + "; the caller gets a placeholder \(T.self) instead")
                frame.setResult(placeholder, at: location)
                return
            }
            // No value of the type: a requirement that throws answers with an error instead.
            switch plan.shape.thrown {
            case .untyped:
                reportMisfit(problem + "; no placeholder \(T.self) can be made, so the call throws instead")
                frame.setThrownError(MisfitAnswer(message: "\(recorder.name): " + problem))
            case .typed(let errorType):
                func throwTyped<E: Error>(_: E.Type) {
                    guard let errorLocation = plan.shape.plan.typedError, let error = Match.Placeholders.make(E.self)
                    else {
                        stop(
                            "\(recorder.name): " + problem + ", and no placeholder \(T.self) or \(E.self) can be made "
                                + "to answer instead")
                    }
                    reportMisfit(problem + "; no placeholder \(T.self) can be made, so the call throws \(error)")
                    frame.setTypedThrownError(error, at: errorLocation)
                }
                throwTyped(errorType)
            case .none:
                // A non-throwing witness must write a T: the newest real value of it the double was handed
                // (an argument of this or an earlier call, a class instance none can make up) answers.
                if let handedOver = HandedOverArgument.newest(of: T.self, in: recorder) {
                    reportMisfit(
                        problem + "; no placeholder \(T.self) can be made, so the caller gets "
                            + "\(String(reflecting: handedOver)), the newest argument of that type the double was handed"
                    )
                    frame.setResult(handedOver, at: location)
                    return
                }
                stop(
                    "\(recorder.name): " + problem + ", and no placeholder \(T.self) can be made to answer instead")
            }
        }
        _openExistential(type, do: typed)
    }

    /// Serves a `_modify` access: yields the getter's answer, then records the final value as a setter call.
    ///
    /// A Spy's unconfigured getter and setter are forwarded: the real
    /// conformer's getter gives the value the access starts from, and its
    /// setter receives the final value (calls built from values, since the
    /// access brings no frame of theirs: `forwardDetachedGetter`).
    private func modify(
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
    private func read(_ frame: CallFrame, _ shape: RequirementShape, indices: [Any]) {
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
