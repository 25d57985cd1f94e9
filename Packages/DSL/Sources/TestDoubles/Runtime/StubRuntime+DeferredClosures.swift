import TestDoublesRecorder
import TestDoublesTrampolines

extension StubRuntime {
    /// Answers a call routed ``RequirementPlan/Route/onStackClosures``: as
    /// ``serveOnStack(_:_:)`` does, its arguments in a stack buffer, its
    /// escaping closure arguments lent to the recorder as their raw words
    /// and a reference to their context (``DeferredArgument``) instead of
    /// wrapped, so a call answered at once allocates nothing; a call the
    /// recorder declines gets the wrapped closures for the general path.
    func serveOnStackClosures(_ frame: CallFrame, _ plan: RequirementPlan) {
        let count = plan.readers.count
        withUnsafeTemporaryAllocation(of: Any.self, capacity: count) { buffer in
            guard let base = buffer.baseAddress, var lender = plan.closureLenders.baseAddress else { return }
            // The readers are read in place (a copy of the array would be retained and released per call).
            plan.readers.withUnsafeBufferPointer { readers in
                for index in 0..<count {
                    guard plan.deferredClosures & (1 << UInt64(index)) != 0 else {
                        readers[index].initialize(base + index, from: frame)
                        continue
                    }
                    defer { lender += 1 }
                    let words = lender.pointee.located.words(frame)
                    guard let entry = UnsafeRawPointer(bitPattern: words.entry) else {
                        // Read as every other path reads it (which reports the null entry point).
                        readers[index].initialize(base + index, from: frame)
                        continue
                    }
                    // Borrowed: the marker retains the context (a closure's context is a native object, or none).
                    let context = UnsafeRawPointer(bitPattern: words.context).map {
                        Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue()
                    }
                    DeferredArgument.lend(base + index, word: entry, reference: context, maker: lender.pointee.maker)
                }
            }
            let arguments = UnsafeMutableBufferPointer(start: base, count: count)
            if let immediate = recorder.answerImmediately(plan.shape.requirement, consumingDeferred: arguments) {
                write(consume immediate, to: frame, plan) { finishAnswered(frame, plan, $0) }
                return
            }
            DeferredArgument.materializeMarkers(in: arguments)
            serveDeclined(frame, plan, base, count)
        }
    }
}
