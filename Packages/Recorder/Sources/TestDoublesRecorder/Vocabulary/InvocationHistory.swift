/// Every call of one double, as a whole: count, verify, filter, print.
///
/// ```swift
/// #expect(analytics.history.callCount == 3)
/// analytics.history.verify(3...3)
/// spy.history.forwarded.verify(1...)
/// ```
public struct InvocationHistory: InteractionObserving, Sendable {
    let recorder: InvocationRecorder

    /// The calls, as an observation handle over every requirement.
    public var interactions: CallInteractions<Any> {
        CallInteractions(
            core: PatternCore(recorder: recorder, requirement: nil, matchers: [], registration: nil, site: CallSite()))
    }

    /// The calls as readable, ordered text, one line each.
    public var timeline: String { recorder.describeInteractions() }
}
