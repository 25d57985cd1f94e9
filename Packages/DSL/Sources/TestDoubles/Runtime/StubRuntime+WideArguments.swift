import TestDoublesRecorder
import TestDoublesTrampolines

extension StubRuntime {
    /// Answers a call routed ``RequirementPlan/Route/onStackWide``: as
    /// ``serveOnStack(_:_:)`` does, its arguments in a stack buffer, those
    /// wider than an `Any`'s buffer lent to the recorder by address
    /// (``WideArgument``) instead of boxed, so a call answered at once
    /// allocates nothing; a call the recorder declines gets real values of
    /// them for the general path.
    func serveOnStackWide(_ frame: CallFrame, _ plan: RequirementPlan) {
        let count = plan.readers.count
        // The arguments' `Any`s, then the scratch bytes of those lent from registers, 16-byte aligned: one
        // buffer of `Any`s, as ``serveOnStack(_:_:)`` allocates (the raw form retained the plan and the runtime).
        let capacity = count + plan.wideScratchSlots
        withUnsafeTemporaryAllocation(of: Any.self, capacity: capacity) { buffer in
            guard let base = buffer.baseAddress, var lender = plan.wideReaders.baseAddress else { return }
            let end = UInt(bitPattern: UnsafeMutableRawPointer(base + count))
            var scratch = UnsafeMutableRawPointer(bitPattern: (end + 15) & ~15)
            // The readers are read in place (a copy of the array would be retained and released per call).
            plan.readers.withUnsafeBufferPointer { readers in
                for index in 0..<count {
                    guard plan.wideArguments & (1 << UInt64(index)) != 0 else {
                        readers[index].initialize(base + index, from: frame)
                        continue
                    }
                    defer { lender += 1 }
                    guard let value = lender.pointee.reader.borrowedValue(frame, scratch: scratch) else {
                        // Boxed, as every other path reads it (a frame without the value's address).
                        readers[index].initialize(base + index, from: frame)
                        continue
                    }
                    scratch = scratch.map { $0 + lender.pointee.scratchBytes }
                    WideArgument.lend(base + index, value: value, of: lender.pointee.type)
                }
            }
            let arguments = UnsafeMutableBufferPointer(start: base, count: count)
            if let immediate = recorder.answerImmediately(plan.shape.requirement, consumingWide: arguments) {
                write(consume immediate, to: frame, plan) { finishAnswered(frame, plan, $0) }
                return
            }
            WideArgument.materializeMarkers(in: arguments)
            serveDeclined(frame, plan, base, count)
        }
    }
}
