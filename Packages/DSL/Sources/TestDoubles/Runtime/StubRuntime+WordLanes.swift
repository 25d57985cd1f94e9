import TestDoublesRecorder
import TestDoublesTrampolines

// The synchronous paths of calls whose arguments are read as words at offsets worked
// out once: all scalars (``ScalarWordLane``), or all borrowed and each read by a
// ``WordArgumentReader`` (the common call of one `String`, class reference or array).
// A scalar or `Void` answer is written here; anything else goes out of line.

extension StubRuntime {
    /// Answers a call routed ``RequirementPlan/Route/scalarWords``: the
    /// same answers and records as ``serveScalarLane(_:_:)``, the arguments
    /// read by the plan's ``ScalarWordLane``.
    func serveScalarWords(_ frame: CallFrame, _ plan: RequirementPlan) {
        guard let lane = plan.scalarWords else { return serveScalarLane(frame, plan) }
        let answer = recorder.dispatch(plan.shape.requirement, scalars: lane.read(frame))
        switch answer {
        case .returnedScalar(let kind, let word):
            if let slot = plan.scalarResult, slot.write(kind, word, to: frame) { return }
        case .returnedVoid:
            if plan.returnsNothing { return }
        case .forward:
            // A spy's unmatched call, whose arguments nothing decoded, goes to the real implementation as it came.
            if forwardInPlace(frame) { return }
        default:
            break
        }
        // A forwarded call that could not go in place was tried above: it takes the general forwarding path.
        writeAnswered(answer, frame, plan)
    }

    /// Answers a call routed ``RequirementPlan/Route/onStackWords``: its
    /// arguments are read into a stack buffer by their word readers and,
    /// when the recorder answers at once, moved into the ledger; a scalar
    /// or `Void` answer is written here, anything else (and a declined
    /// call) goes out of line to the paths ``serveOnStack(_:_:)`` takes.
    ///
    /// The same answers and records as ``serveOnStack(_:_:)``, with less
    /// work per call: no reader dispatch, no reader copied out of its plan,
    /// no call per argument.
    func serveWords(_ frame: CallFrame, _ plan: RequirementPlan) {
        // A buffer of a constant size (a plan with more arguments takes another route): no stack
        // arithmetic per call, and no stack guard (only the readers write it, one `Any` each).
        let capacity = RequirementPlan.maximumWordArguments
        _withUnprotectedUnsafeTemporaryAllocation(of: Any.self, capacity: capacity) { buffer in
            let readers = plan.wordReaders
            let count = readers.count
            guard let base = buffer.baseAddress, let first = readers.baseAddress, buffer.count >= count else {
                return serveOnStack(frame, plan)
            }
            let saved = frame.savedWords
            let stack = plan.readsStackWords ? frame.stackArguments : saved
            if plan.wordReadersReadOneWordOfBits {
                // All scalars: one load per argument (the general read loads three words and masks them).
                for index in 0..<count { first[index].initializeOneWord(base + index, frame: saved, stack: stack) }
            } else {
                for index in 0..<count { first[index].initialize(base + index, frame: saved, stack: stack) }
            }
            // The values copied through their value witness, after the common loop.
            for position in plan.witnessCopies { WordArgumentReader.copyThroughValueWitness(base + position) }
            // Every argument is borrowed: answered at once, the ledger keeps the decoded arguments
            // themselves; the rare answer that needs them again decodes them again from the frame.
            let lent = UnsafeMutableBufferPointer(start: base, count: count)
            guard let immediate = recorder.answerImmediately(plan.shape.requirement, consuming: lent) else {
                return serveDeclined(frame, plan, base, count)
            }
            switch immediate {
            case .returnedScalar(let kind, let word):
                if let slot = plan.scalarResult, slot.write(kind, word, to: frame) { return }
            case .returnedVoid:
                if plan.returnsNothing { return }
            default:
                break
            }
            writeAnswered(immediate, frame, plan)
        }
    }

    /// Writes an answer given at once that is not a scalar or `Void` of the
    /// result's own kind, as the general lanes write it (a `.forward` is
    /// not tried in place again: it takes the general forwarding path).
    ///
    /// Out of line: the fast lanes stay short.
    @inline(never)
    func writeAnswered(_ immediate: consuming ScalarCallOutcome, _ frame: CallFrame, _ plan: RequirementPlan) {
        write(immediate, to: frame, plan) { finishAnswered(frame, plan, $0) }
    }

    /// Answers a call whose borrowed arguments were decoded into the `count`
    /// values at `base` and that the recorder declined to answer at once:
    /// the values are moved into an array and the general dispatch answers.
    ///
    /// Out of line: the fast lanes stay short.
    @inline(never)
    func serveDeclined(_ frame: CallFrame, _ plan: RequirementPlan, _ base: UnsafeMutablePointer<Any>, _ count: Int) {
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
        write(recorder.dispatchUnboxingAnswer(plan.shape.requirement, declinedArguments: arguments), to: frame, plan) {
            finish(frame, plan, $0, arguments)
        }
    }
}
