import TestDoublesRecorder
import TestDoublesTrampolines

extension StubRuntime {
    /// Calls the Spy's real getter for a `_modify` access and returns its
    /// answer, or why it cannot be called.
    ///
    /// The access arrives with a coroutine buffer, not a getter's frame, so
    /// the call is built from the indices (`ForwardedCall.detached`): the real
    /// conformer's getter witness receives them, self and the `Self` words as
    /// a compiled caller passes them.
    ///
    /// - Parameters:
    ///   - getter: The getter's plan.
    ///   - dispatchIndex: The getter's dispatch index (its witness in the target's table).
    ///   - selfWord: The access's self register (a class double's instance, whose class code is called).
    ///   - indices: A subscript's indices in the recorder's order (none for a property).
    /// - Returns: The real value, or the reason it could not be read.
    func forwardDetachedGetter(
        _ getter: RequirementPlan, dispatchIndex: Int, selfWord: UInt = 0, indices: [Any]
    ) -> Result<Any, Refusal> {
        let shape = getter.shape
        guard let target = target ?? classForwarding?.target(selfWord: selfWord) else {
            return .failure(Refusal(reason: "a Stub has no real implementation"))
        }
        if let obstacle = detachedForwardingObstacle(shape, resultToo: true) { return .failure(obstacle) }
        func read<T>(_: T.Type) -> Result<Any, Refusal> {
            let indirect: UnsafeMutablePointer<T>? =
                if case .indirect = shape.plan.result { UnsafeMutablePointer<T>.allocate(capacity: 1) } else { nil }
            defer { indirect?.deallocate() }
            do throws(ForwardingError) {
                let call = try ForwardedCall.detached(
                    to: target, witness: witness(of: target, dispatchIndex: dispatchIndex), plan: shape.plan,
                    indirectResult: indirect.map { UnsafeMutableRawPointer($0) })
                try supply(indices, of: shape, to: call)
                let answer: T? = call.invoke { frame in
                    // An indirect result is moved out of the storage the witness initialized.
                    if let indirect { return indirect.move() }
                    return frame.copyOfResult(T.self, at: shape.plan.result)
                }
                guard let answer else {
                    return .failure(Refusal(reason: "its result travels on the stack, where it cannot be read back"))
                }
                recordDetached(shape, indices, answer: answer)
                return .success(answer)
            } catch {
                return .failure(Refusal(reason: "\(error)"))
            }
        }
        return _openExistential(shape.resultType, do: read)
    }

    /// Calls the Spy's real setter with the final value of a `_modify`
    /// access; `nil` when it was called, else why it could not be.
    ///
    /// - Parameters:
    ///   - setter: The setter's plan.
    ///   - dispatchIndex: The setter's dispatch index.
    ///   - selfWord: The access's self register (a class double's instance, whose class code is called).
    ///   - arguments: The setter's arguments in the recorder's order (indices, then the new value).
    func forwardDetachedSetter(
        _ setter: RequirementPlan, dispatchIndex: Int, selfWord: UInt = 0, arguments: [Any]
    ) -> Refusal? {
        let shape = setter.shape
        guard let target = target ?? classForwarding?.target(selfWord: selfWord) else {
            return Refusal(reason: "a Stub has no real implementation")
        }
        if let obstacle = detachedForwardingObstacle(shape, resultToo: false) { return obstacle }
        do throws(ForwardingError) {
            let call = try ForwardedCall.detached(
                to: target, witness: witness(of: target, dispatchIndex: dispatchIndex), plan: shape.plan,
                indirectResult: nil)
            try supply(arguments, of: shape, to: call)
            call.invoke { _ in }
            recordDetached(shape, arguments, answer: ())
            return nil
        } catch {
            return Refusal(reason: "\(error)")
        }
    }

    /// Hands a detached call and the real answer to a recording spy's session.
    private func recordDetached(_ shape: RequirementShape, _ arguments: [Any], answer: Any) {
        guard let recording else { return }
        do {
            _ = try recording.record(shape.requirement.name, arguments: arguments, outcome: .success(answer))
        } catch {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording, message: "\(recorder.name): \(error)", location: recorder.creationSite))
        }
    }

    /// Why a getter or setter cannot be called without its own frame: the
    /// values that would cross need a bridge or stand for the double itself.
    private func detachedForwardingObstacle(_ shape: RequirementShape, resultToo: Bool) -> Refusal? {
        if shape.plan.isAsync || shape.requirement.effects.canThrow {
            return Refusal(reason: "it is async or throwing")
        }
        if shape.argumentBridges.contains(where: { $0 != nil }) || (resultToo && shape.resultBridge != nil) {
            return Refusal(reason: "a closure crosses it")
        }
        if resultToo, case .split = shape.plan.result {
            return Refusal(reason: "its tuple result returns elements through result addresses of their own")
        }
        if shape.selfArguments.contains(where: { $0 != nil }) || !shape.genericWords.isEmpty {
            return Refusal(reason: "a value of Self or a generic type crosses it")
        }
        return nil
    }

    /// Places each argument (in the recorder's order) where the plan says,
    /// owned ones as +1 copies the witness consumes, borrowed ones as copies it borrows.
    private func supply(_ arguments: [Any], of shape: RequirementShape, to call: ForwardedCall) throws(ForwardingError)
    {
        guard arguments.count == shape.argumentTypes.count, shape.recorderOrder.count == arguments.count else {
            throw .malformedPlan("\(arguments.count) arguments for \(shape.argumentTypes.count) parameters")
        }
        for (recorderIndex, declarationIndex) in shape.recorderOrder.enumerated() {
            let value = arguments[recorderIndex]
            let type = shape.argumentTypes[declarationIndex]
            let location = shape.plan.arguments[declarationIndex]
            if shape.ownerships[declarationIndex] == .owned {
                try call.supplyOwnedArgument(value, ofType: type, at: location)
            } else {
                try call.supplyBorrowedArgument(value, ofType: type, at: location)
            }
        }
    }

    /// Why a call to the real implementation was not made.
    struct Refusal: Error, CustomStringConvertible {
        /// The reason, as a clause ("it is async or throwing").
        let reason: String
        var description: String { reason }
    }
}
