import Synchronization
import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Writing a call's answer into its frame: a scalar-lane answer straight into its
// result register, any other outcome encoded (type-checked), forwarded or reported.

extension StubRuntime {
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
    func write(
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
        case .returnedConfigured(let configured):
            // Copied once, from where the behavior keeps it, straight into the result.
            let address = configured.address
            if plan.resultWriter?.write(valueAt: address, to: frame)
                ?? plan.valueWriter?.write(valueAt: address, to: frame) == true
            {
                return
            }
            otherwise(.returned(configured.value))
        case .outcome(let outcome):
            if case .returned(let value) = outcome,
                plan.resultWriter?.write(value, to: frame) ?? plan.valueWriter?.write(value, to: frame) == true
            {
                return
            }
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
    func finishAnswered(
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
    func finish(_ frame: CallFrame, _ plan: RequirementPlan, _ outcome: CallOutcome, _ arguments: [Any]) {
        if case .forward = outcome, let target = target ?? classForwarding?.target(selfWord: frame.selfRegister) {
            // `plan.shape` is passed, never bound: a local copy would retain every array of the shape.
            let prepared = prepareForwarding(frame, plan.shape, to: target)
            forwardedCall(prepared, plan.shape, arguments).invoke(into: frame)
            if let recording { record(frame, plan.shape, arguments, into: recording) }
            return
        }
        // A stub's unmatched call of a requirement that runs the protocol's default implementation.
        if case .forward = outcome, plan.shape.defaultRoute != nil, forwardInPlace(frame) { return }
        answer(frame, plan, outcome, arguments)
    }

    /// Encodes an outcome into the frame.
    func answer(_ frame: CallFrame, _ plan: RequirementPlan, _ outcome: CallOutcome, _ arguments: [Any]) {
        if plan.shape.neverReturns { endNeverReturningCall(plan, outcome, arguments) }
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
                    if !FabricatedConformance.isPayload(value as AnyObject) {
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
            if plan.shape.resultIsSelfArray {
                let payloads = selfArrayPayloads(of: value, requirement: plan.shape.requirement.name)
                frame.setResult(payloads, at: plan.shape.plan.result)
                return
            }
            if plan.resultWriter?.write(value, to: frame) ?? plan.valueWriter?.write(value, to: frame) == true {
                return
            }
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
    func write(
        _ value: Any, ofType type: Any.Type, to frame: CallFrame, at location: ResultLocation, plan: RequirementPlan
    ) {
        func typed<T>(_: T.Type) {
            if let result = value as? T {
                frame.setResult(result, at: location)
                return
            }
            // A handler ending in optional chaining (`completion?(value)`) gives a `Void` requirement
            // `()?`, or `()??` where Swift 6.0 infers the pattern's result from the handler: the call has
            // no value to give back either way, so `()` answers it (as it would in a function returning Void).
            if T.self == Void.self, isOptionalOfVoid(Swift.type(of: value)), let empty = () as? T {
                frame.setResult(empty, at: location)
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
}

/// An `Optional`, asked at the type level what it wraps.
private protocol OptionalOfVoid {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalOfVoid {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }
}

/// Whether `type` is `Void` wrapped in one or more `Optional`s.
private func isOptionalOfVoid(_ type: Any.Type) -> Bool {
    guard var wrapped = (type as? any OptionalOfVoid.Type)?.wrappedType else { return false }
    while let optional = wrapped as? any OptionalOfVoid.Type { wrapped = optional.wrappedType }
    return wrapped == Void.self
}
