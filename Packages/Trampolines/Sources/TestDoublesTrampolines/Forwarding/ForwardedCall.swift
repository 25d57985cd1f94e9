import CTestDoublesTrampolines

/// One intercepted call, prepared for re-issuing to a real witness: a copy
/// of its registers with self and the trailing `Self` words replaced by the
/// target's, and a copy of its stack-argument words.
///
/// Prepare it while the call's stack arguments are live (in the handler,
/// before `CallFrame.suspend`); invoke it once. It keeps the target alive.
public final class ForwardedCall: @unchecked Sendable {
    /// The target the call goes to.
    public let target: ForwardingTarget
    /// Whether the witness is async.
    public let isAsync: Bool
    /// A `td_call_frame` the routines load from and store results into.
    let frame: UnsafeMutableRawPointer
    /// A `td_forward_request`.
    let request: UnsafeMutablePointer<td_forward_request>
    /// The stack-argument words.
    let stackWords: UnsafeMutablePointer<UInt64>
    /// Copies of owned arguments the witness takes when the call is made.
    var ownedCopies: [OwnedArgumentCopy] = []
    /// Whether the call was made (a prepared call is made once).
    var invoked = false
    /// Whether the call passed its caller's actor (a `nonisolated(nonsending)` requirement).
    let inheritsCallerIsolation: Bool
    /// That actor (see ``callerActor(in:at:)``), `nil` for none or for another requirement.
    var callerActor: (any Actor)?

    init(
        copying original: CallFrame, target: ForwardingTarget, witness: ForwardingWitness, plan: CallPlan
    ) throws(ForwardingError) {
        guard plan.isAsync == original.isAsync else {
            throw .conventionMismatch(
                "a \(original.isAsync ? "async" : "sync") call cannot forward with a \(plan.isAsync ? "async" : "sync") plan"
            )
        }
        let count = plan.stackWordCount
        let limit = Int(TD_FORWARD_MAX_STACK_WORDS)
        guard count <= limit else { throw .tooManyStackWords(count: count, limit: limit) }
        let stackAddress = original.word(at: Int(TD_FRAME_STACK_ARGUMENTS))
        guard count == 0 || stackAddress != 0 else { throw .stackArgumentsUnavailable }

        self.target = target
        isAsync = plan.isAsync
        inheritsCallerIsolation = !plan.callerIsolation.isEmpty
        if inheritsCallerIsolation { callerActor = try Self.callerActor(in: original, at: plan.callerIsolation) }
        frame = UnsafeMutableRawPointer.allocate(byteCount: Int(TD_FRAME_SIZE), alignment: 16)
        frame.copyMemory(from: original.raw, byteCount: Int(TD_FRAME_SIZE))
        stackWords = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1))
        stackWords.initialize(repeating: 0, count: max(count, 1))
        if count > 0, let source = UnsafeRawPointer(bitPattern: stackAddress) {
            for index in 0..<count {
                stackWords[index] = source.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            }
        }
        request = UnsafeMutablePointer<td_forward_request>.allocate(capacity: 1)
        request.initialize(
            to: td_forward_request(
                frame: frame, function: witness.function, stack_words: stackWords, stack_word_count: UInt64(count),
                popped_bytes: UInt64(plan.witnessPoppedStackByteCount), padding: 0))

        let call = CallFrame(frame)
        call.setWord(target.selfValue(for: witness), at: Int(TD_FRAME_SELF))
        do {
            try place(UInt(bitPattern: target.dynamicType.pointer), at: plan.selfMetadata, in: call)
            try place(UInt(bitPattern: witness.witnessTable), at: plan.selfWitnessTable, in: call)
        } catch {
            release()
            throw error
        }
    }

    deinit {
        release()
    }

    private var released = false

    private func release() {
        guard !released else { return }
        released = true
        for copy in ownedCopies {
            if invoked && copy.consumedByCall { copy.deallocateAfterConsumption() } else { copy.destroyAndDeallocate() }
        }
        ownedCopies = []
        request.deallocate()
        stackWords.deallocate()
        frame.deallocate()
    }

    private func place(_ word: UInt, at location: ArgumentLocation, in call: CallFrame) throws(ForwardingError) {
        // A class member's plan has no `Self` words (`CallPlan.classMember`): nothing to place.
        if case .empty = location { return }
        guard case .direct(let parts) = location, parts.count == 1 else {
            throw .malformedPlan("a Self word is not one direct word: \(location)")
        }
        switch parts[0].location {
        case .generalPurpose(let index) where index >= 0 && index < Int(TD_FRAME_GP_COUNT):
            call.setWord(word, at: Int(TD_FRAME_GP) + index * 8)
        case .stack(let index) where index >= 0 && index < Int(request.pointee.stack_word_count):
            stackWords[index] = UInt64(word)
        default:
            throw .malformedPlan("a Self word cannot travel at \(parts[0].location)")
        }
    }

    /// Copies the witness's result registers and error register into `frame`.
    func copyResults(into destination: CallFrame) {
        let results = Int(TD_FRAME_RETURN_GP)
        let byteCount = Int(TD_FRAME_RETURN_ERROR) + 8 - results
        (destination.raw + results).copyMemory(from: frame + results, byteCount: byteCount)
    }

    /// Calls a sync witness with the prepared registers and writes its
    /// results and error register into `destination` (the intercepted frame).
    ///
    /// - Parameter destination: The frame whose caller receives the results.
    public func invoke(into destination: CallFrame) {
        precondition(!isAsync, "an async witness must be awaited")
        precondition(!invoked, "a forwarded call is made once")
        invoked = true
        let status = td_forward_sync(request)
        precondition(status == 0, "TestDoubles: forwarding refused a prepared call")
        copyResults(into: destination)
    }

    /// Awaits an async witness with the prepared registers and stack words
    /// and writes its results and error into `destination` (the frame a
    /// `CallFrame.suspend` body receives). A `nonisolated(nonsending)`
    /// witness is awaited on its caller's actor (``invokeIsolated(isolation:)``).
    ///
    /// - Parameter destination: The frame whose caller receives the results.
    public func invoke(into destination: CallFrame) async {
        precondition(isAsync, "a sync witness is called, not awaited")
        precondition(!invoked, "a forwarded call is made once")
        invoked = true
        if inheritsCallerIsolation {
            // A local copy: Swift 6.0.3's type checker crashes on the stored property as an isolated argument.
            let actor = callerActor
            await invokeIsolated(isolation: actor)
        } else {
            await _forwardAsync(UnsafeRawPointer(request))
        }
        copyResults(into: destination)
    }
}

/// The assembly routine `td_forward_async` (Forwarding.S), an async function
/// whose context record is `td_forward_asyncTu`.
@_silgen_name("td_forward_async")
func _forwardAsync(_ request: UnsafeRawPointer) async
