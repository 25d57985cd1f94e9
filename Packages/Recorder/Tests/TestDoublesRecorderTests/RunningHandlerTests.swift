import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A `then` handler picked in one hold reads its behavior and the call's
/// arguments without retaining them: what a clearing drops while it runs
/// (by the handler itself, or a call it makes) stays alive until no such
/// handler runs, and is released then. Its completion is taken once it has
/// run, after every call it made.
@Suite struct RunningHandlerTests {
    typealias Lent = LentHandlerDispatchTests

    /// A lent call of `attach(_:)` with `token`, as a front makes it.
    static func attach(_ recorder: InvocationRecorder, _ token: Token?, consuming: Bool) -> ScalarCallOutcome? {
        withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) { buffer -> ScalarCallOutcome? in
            guard let base = buffer.baseAddress else { return nil }
            base.initialize(to: token as Any)
            let lent = UnsafeMutableBufferPointer(start: base, count: 1)
            let answer =
                consuming
                ? recorder.answerImmediately(ServiceDouble.Requirements.attach, consuming: lent)
                : recorder.answerImmediately(ServiceDouble.Requirements.attach, borrowing: UnsafeBufferPointer(lent))
            if !consuming || answer == nil { lent.deinitialize() }
            return answer
        }
    }

    @Test(arguments: [false, true])
    func aHandlerThatResetsItsDoubleRunsToItsEndAndWhatItHeldIsReleasedAfter(consuming: Bool) {
        let double = ServiceDouble()
        let recorder = double.recorder
        weak var captured: Token?
        weak var argument: Token?
        do {
            let capture = Token("captured")
            captured = capture
            double.when { $0.attach(Match.any()) }.then { (token: Token?) in
                recorder.reset()
                // The behavior and the arguments are still alive: read after the reset.
                return capture.name == "captured" && token?.name == "lent"
            }
        }
        do {
            let token = Token("lent")
            argument = token
            #expect(Lent.returned(Self.attach(recorder, token, consuming: consuming)) as? Bool == true)
        }
        #expect(captured == nil)
        #expect(argument == nil)
        #expect(recorder.invocations.isEmpty)
    }

    @Test(arguments: [false, true])
    func aHandlerThatClearsRegistrationsKeepsItsBehaviorToItsEndAndItsCallIsRecorded(consuming: Bool) {
        let double = ServiceDouble()
        let recorder = double.recorder
        weak var captured: Token?
        do {
            let capture = Token("captured")
            captured = capture
            double.when { $0.attach(Match.any()) }.then { (token: Token?) in
                recorder.clearRegistrations()
                return capture.name == "captured" && token?.name == "lent"
            }
        }
        #expect(Lent.returned(Self.attach(recorder, Token("lent"), consuming: consuming)) as? Bool == true)
        #expect(captured == nil)
        #expect(recorder.invocations.map(\.outcome) == [.computed])
        #expect(double.history.timeline.events.first?.completionSequence != nil)
        let recorded: [Token?] = double.history.arguments()
        #expect(recorded.map { $0?.name } == ["lent"])
    }

    @Test(arguments: [false, true])
    func aClearingInANestedHandlerKeepsTheOuterHandlersArgumentsUntilItEnds(consuming: Bool) {
        let double = ServiceDouble()
        let recorder = double.recorder
        weak var outer: Token?
        weak var inner: Token?
        let innerAnswers = Locked<[Bool?]>([])
        double.when { $0.attach(Match.any()) }.then { (token: Token?) in
            guard token?.name == "outer" else {
                recorder.clearInvocations()
                return token?.name == "inner"
            }
            do {
                let nested = Token("inner")
                inner = nested
                let answer = Self.attach(recorder, nested, consuming: consuming)
                innerAnswers.withLock { $0.append(Lent.returned(answer) as? Bool) }
            }
            // The inner handler's run is over and its clearing dropped this call's
            // arguments; this run keeps them alive until it ends.
            return token?.name == "outer"
        }
        do {
            let token = Token("outer")
            outer = token
            #expect(Lent.returned(Self.attach(recorder, token, consuming: consuming)) as? Bool == true)
        }
        #expect(innerAnswers.withLock { $0 } == [true])
        #expect(outer == nil)
        #expect(inner == nil)
        #expect(recorder.invocations.isEmpty)
    }

    @Test(arguments: [false, true])
    func aHandlersCompletionIsNumberedAfterTheCallsItMade(consuming: Bool) {
        let outerDouble = ServiceDouble()
        let innerDouble = ServiceDouble()
        innerDouble.when { $0.translate(Match.any()) }.thenReturn("inner")
        outerDouble.when { $0.attach(Match.any()) }.then { (_: Token?) in
            innerDouble().translate("from the handler") == "inner"
        }
        let answer = Self.attach(outerDouble.recorder, Token("lent"), consuming: consuming)
        #expect(Lent.returned(answer) as? Bool == true)
        let outer = outerDouble.history.timeline.events
        let inner = innerDouble.history.timeline.events
        #expect(outer.count == 1)
        #expect(inner.count == 1)
        guard let outerEvent = outer.first, let innerEvent = inner.first,
            let outerCompletion = outerEvent.completionSequence, let innerCompletion = innerEvent.completionSequence
        else {
            Issue.record("both calls have completed: \(outer), \(inner)")
            return
        }
        #expect(outerEvent.id < innerEvent.id)
        #expect(innerEvent.id <= innerCompletion)
        #expect(innerCompletion < outerCompletion)
    }

    @Test(arguments: [false, true])
    func aThrowingHandlerEndsItsRunAndALaterClearingReleasesAtOnce(consuming: Bool) {
        let double = ServiceDouble()
        let recorder = double.recorder
        double.when { $0.attach(Match.any()) }.then { (_: Token?) throws -> Bool in throw ServiceError.denied }
        weak var argument: Token?
        // `attach(_:)` cannot throw: the error is reported, and the call answered as an unstubbed one.
        let found = issues {
            let token = Token("lent")
            argument = token
            _ = Self.attach(recorder, token, consuming: consuming)
        }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("denied") == true)
        #expect(argument != nil)
        #expect(double.history.timeline.events.first?.completionSequence != nil)
        // No handler runs now: the clearing releases what it drops at once.
        recorder.clearInvocations()
        #expect(argument == nil)
    }
}
