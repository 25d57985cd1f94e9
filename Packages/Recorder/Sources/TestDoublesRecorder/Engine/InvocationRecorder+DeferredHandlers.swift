// The handler of a call served in one hold that lends escaping closures as
// their words (``DeferredArgument``): the ledger keeps the markers, and the
// handler gets each value it reads made for its run alone.

extension InvocationRecorder {
    /// The answer of a synchronous handler picked in one hold for a call
    /// whose ``DeferredArgument`` markers in `arguments` (the front's
    /// buffer, whose bits the ledger took) the ledger keeps: read there by a
    /// typed handler that reads markers
    /// (``ConfiguredBehavior/unboxedHandlerReadsDeferred``), as real `Any`s
    /// made for its run by any other; its completion recorded as
    /// ``unboxedHandlerAnswer(_:_:_:_:_:)`` records it.
    ///
    /// A value made for the run holds a reference of its own to what the
    /// marker keeps (the ledger's, kept through a clearing meanwhile: see
    /// ``RunningHandlers``), so a handler that keeps the value keeps it
    /// alive, and one that does not frees it as it returns: the ledger
    /// never keeps a made value, and the next call's is served from the
    /// allocator's cache.
    @inline(__always)
    func deferredHandlerAnswer(
        _ behavior: ConfiguredBehavior, _ count: Int, _ requirement: Requirement,
        _ arguments: UnsafeMutableBufferPointer<Any>, _ ticket: CallTicket
    ) -> ScalarCallOutcome {
        if behavior.unboxedHandler != nil, behavior.unboxedHandlerReadsDeferred {
            return unboxedHandlerAnswer(behavior, count, requirement, arguments, ticket)
        }
        return DeferredArgument.withValues(lentIn: arguments) { image in
            guard behavior.unboxedHandler != nil else {
                let outcome = handlerOutcome(behavior, count, requirement, UnsafeBufferPointer(image))
                completeHandlerRun(ticket, outcome)
                return .outcome(outcome)
            }
            return unboxedHandlerAnswer(behavior, count, requirement, image, ticket)
        }
    }
}
