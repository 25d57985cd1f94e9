import CTestDoublesTrampolines

/// Everything a synchronous forwarded call of one requirement needs that
/// does not change from call to call, worked out once: the target's witness,
/// the words that replace self and the trailing `Self` metadata and witness
/// table, where those words go, and how many stack-argument words the call
/// passes. `CallFrame.forward(along:)` then re-issues a call with no lookup,
/// no allocation and no plan to walk.
///
/// A route holds raw words of its target (its self value, its metadata): it
/// is valid while the `ForwardingTarget` it was made for is alive, and the
/// holder keeps that target. A route to a protocol's default implementation
/// holds no target word: it keeps the caller's (the double's own).
public struct ForwardingRoute: @unchecked Sendable {
    /// Where a replaced word goes: a general-purpose register slot of the frame or a stack word.
    enum Place {
        case frameOffset(Int)
        case stackWord(Int)
    }

    let function: UnsafeRawPointer
    let selfValue: UInt
    let metadata: UInt
    let witnessTable: UInt
    let metadataPlace: Place
    let witnessTablePlace: Place
    let stackWordCount: Int
    let poppedBytes: UInt64
    /// Whether the call keeps the caller's self and `Self` words (a route to
    /// the protocol's default implementation, ``init(toDefaultImplementation:plan:)``);
    /// false for a route to a target, whose words replace them.
    let keepsReceiver: Bool

    /// The route of requirement `dispatchIndex`'s synchronous calls to `target`.
    ///
    /// - Parameters:
    ///   - target: The real conformer (kept alive by the route's holder).
    ///   - dispatchIndex: The requirement's dispatch index (a fabricated frame's `slot`).
    ///   - plan: The requirement's plan.
    /// - Throws: `ForwardingError` when calls of the requirement cannot be
    ///   forwarded this way (an async requirement, too many stack words, a
    ///   missing witness, a `Self` word that is not one direct word).
    public init(to target: ForwardingTarget, dispatchIndex: Int, plan: CallPlan) throws(ForwardingError) {
        let count = try Self.checkedStackWordCount(of: plan)
        let witness = try target.witness(forDispatchIndex: dispatchIndex)
        function = witness.function
        selfValue = target.selfValue(for: witness)
        metadata = UInt(bitPattern: target.dynamicType.pointer)
        witnessTable = UInt(bitPattern: witness.witnessTable)
        stackWordCount = count
        poppedBytes = UInt64(plan.witnessPoppedStackByteCount)
        metadataPlace = try Self.place(of: plan.selfMetadata, stackWordCount: count)
        witnessTablePlace = try Self.place(of: plan.selfWitnessTable, stackWordCount: count)
        keepsReceiver = false
    }

    /// The route of a requirement's synchronous calls to the default
    /// implementation its protocol's descriptor supplies
    /// (`ProtocolRequirement.defaultImplementation`), on the receiver the
    /// caller called.
    ///
    /// A default implementation has the witness convention and is generic
    /// over `Self` (the runtime copies it into a conformance's table as the
    /// witness where the conformer has none): it takes self, the `Self`
    /// metadata and the conformance's witness table as a witness does. The
    /// call keeps the ones the caller passed (the double's own value, its
    /// dynamic type and its table), so what the default calls on `Self` (a
    /// `_rawHashValue(seed:)`'s `hash(into:)`) comes back to the double.
    ///
    /// - Parameters:
    ///   - function: The default implementation's entry (a synchronous requirement's).
    ///   - plan: The requirement's plan.
    /// - Throws: `ForwardingError` for an async requirement or too many stack words.
    public init(toDefaultImplementation function: UnsafeRawPointer, plan: CallPlan) throws(ForwardingError) {
        let count = try Self.checkedStackWordCount(of: plan)
        self.function = function
        selfValue = 0
        metadata = 0
        witnessTable = 0
        stackWordCount = count
        poppedBytes = UInt64(plan.witnessPoppedStackByteCount)
        // Checked as a target's route checks them: the words the caller passed are where the plan says.
        metadataPlace = try Self.place(of: plan.selfMetadata, stackWordCount: count)
        witnessTablePlace = try Self.place(of: plan.selfWitnessTable, stackWordCount: count)
        keepsReceiver = true
    }

    /// The stack-argument words a route of `plan`'s calls copies, once the
    /// plan is checked to be one a route can forward: a synchronous call
    /// whose stack words fit the forwarding buffer.
    private static func checkedStackWordCount(of plan: CallPlan) throws(ForwardingError) -> Int {
        guard !plan.isAsync else { throw .conventionMismatch("an async call is forwarded with a ForwardedCall") }
        let count = plan.stackWordCount
        let limit = Int(TD_FORWARD_MAX_STACK_WORDS)
        guard count <= limit else { throw .tooManyStackWords(count: count, limit: limit) }
        return count
    }

    private static func place(of location: ArgumentLocation, stackWordCount: Int) throws(ForwardingError) -> Place {
        guard case .direct(let parts) = location, parts.count == 1 else {
            throw .malformedPlan("a Self word is not one direct word: \(location)")
        }
        switch parts[0].location {
        case .generalPurpose(let index) where index >= 0 && index < Int(TD_FRAME_GP_COUNT):
            return .frameOffset(Int(TD_FRAME_GP) + index * 8)
        case .stack(let index) where index >= 0 && index < stackWordCount:
            return .stackWord(index)
        default:
            throw .malformedPlan("a Self word cannot travel at \(parts[0].location)")
        }
    }
}

extension CallFrame {
    /// Forwards this synchronous call along `route` with its arguments
    /// exactly as the caller passed them: the stack words and the request
    /// are copied into the handler's stack, self and the `Self` words are
    /// replaced by the target's in this frame for the forwarded call (and
    /// put back after it; a route to a default implementation keeps the
    /// caller's), and the witness's results and error become this
    /// call's, written into this frame's result words.
    ///
    /// Only for a call whose arguments nothing decoded with `.owned`
    /// ownership (an owned argument taken out of the frame must be supplied
    /// again as a copy: `ForwardedCall.supplyOwnedArgument`): the caller's
    /// +1 of each owned argument passes to the witness untouched.
    ///
    /// - Parameter route: The requirement's route to the target.
    /// - Returns: False, with nothing called, when the call is async or its
    ///   stack arguments are unavailable; true once the witness returned.
    public func forward(along route: ForwardingRoute) -> Bool {
        guard !isAsync else { return false }
        let stackAddress = word(at: Int(TD_FRAME_STACK_ARGUMENTS))
        let count = route.stackWordCount
        guard count == 0 || stackAddress != 0 else { return false }
        let requestOffset = Int(TD_FORWARD_MAX_STACK_WORDS) * 8
        return withUnsafeTemporaryAllocation(
            byteCount: requestOffset + MemoryLayout<td_forward_request>.stride, alignment: 16
        ) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            let words = base.bindMemory(to: UInt64.self, capacity: Int(TD_FORWARD_MAX_STACK_WORDS))
            if count > 0, let source = UnsafeRawPointer(bitPattern: stackAddress) {
                for index in 0..<count {
                    words[index] = source.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
                }
            }
            // This frame is read by the witness in place: only its argument words change, and
            // the ones that do are put back once it returns. (The entry that spilled it reloads
            // only the result words and the error, and the handler that runs on it reads its
            // own slot and context words, never self or a Self word, after forwarding. A copy
            // of the whole frame, and of its results back, cost about 70 instructions a call.)
            let selfOffset = Int(TD_FRAME_SELF)
            let savedSelf = word(at: selfOffset)
            var savedMetadata: UInt?
            var savedWitnessTable: UInt?
            if !route.keepsReceiver {
                savedMetadata = replace(at: route.metadataPlace, with: route.metadata, stackWords: words)
                savedWitnessTable = replace(at: route.witnessTablePlace, with: route.witnessTable, stackWords: words)
                setWord(route.selfValue, at: selfOffset)
            }
            let request = (base + requestOffset).bindMemory(to: td_forward_request.self, capacity: 1)
            request.initialize(
                to: td_forward_request(
                    frame: raw, function: route.function, stack_words: words, stack_word_count: UInt64(count),
                    popped_bytes: route.poppedBytes, padding: 0))
            let status = td_forward_sync(request)
            // In the reverse order: both `Self` words may share a place in a malformed plan.
            restore(savedWitnessTable, at: route.witnessTablePlace)
            restore(savedMetadata, at: route.metadataPlace)
            setWord(savedSelf, at: selfOffset)
            precondition(status == 0, "TestDoubles: forwarding refused a prepared call")
            return true
        }
    }

    /// Writes `value` where `place` says, returning the frame word it replaced
    /// (nil for a stack word, which lives in the forwarded call's own copy).
    private func replace(
        at place: ForwardingRoute.Place, with value: UInt, stackWords: UnsafeMutablePointer<UInt64>
    ) -> UInt? {
        switch place {
        case .frameOffset(let offset):
            let saved = word(at: offset)
            setWord(value, at: offset)
            return saved
        case .stackWord(let index):
            stackWords[index] = UInt64(value)
            return nil
        }
    }

    /// Puts back a frame word ``replace(at:with:stackWords:)`` replaced.
    private func restore(_ saved: UInt?, at place: ForwardingRoute.Place) {
        guard let saved, case .frameOffset(let offset) = place else { return }
        setWord(saved, at: offset)
    }
}
