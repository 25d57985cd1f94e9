extension InvocationRecorder {
    /// Records, during a recording pass, the matchers written inside
    /// arguments a call receives unevaluated (`@autoclosure` parameters);
    /// does nothing outside a recording pass.
    ///
    /// The caller evaluates every other argument, and pushes its matchers,
    /// before the call; an autoclosure's expression (`Match.any()` included)
    /// runs only when the closure is called. This calls each such argument
    /// once, in the recording pass only, and lines the matchers up in
    /// argument order: an `any()` matches later calls without evaluating
    /// their argument; any other matcher, or a literal (equality), is tested
    /// against the value the argument evaluates to.
    ///
    /// Call it with the decoded arguments before dispatching the call. When
    /// the matchers cannot be lined up (a matcher count that fits no rule),
    /// the pass keeps what the caller pushed and the recording reports the
    /// usual problem.
    ///
    /// - Parameters:
    ///   - arguments: The call's arguments, in the recorder's order.
    ///   - positions: The positions of the arguments passed unevaluated.
    ///   - evaluate: Calls an unevaluated argument and returns its value; nil
    ///     when it cannot (that argument then keeps the usual rules).
    public func recordDeferredMatchers(
        in arguments: [Any], deferred positions: [Int], evaluate: @escaping @Sendable (Any) -> Any?
    ) {
        guard !positions.isEmpty, let session = CaptureSession.currentIfRecording else { return }
        let callerMatchers = session.pop(from: 0)
        var deferred: [Int: ArgumentMatcher] = [:]
        for position in positions.sorted() where position < arguments.count {
            let mark = session.pendingCount
            let evaluated = evaluate(arguments[position])
            let pushed = session.pop(from: mark)
            guard let value = evaluated else { continue }
            let matcher: ArgumentMatcher
            switch pushed.count {
            case 0:
                guard let literal = ArgumentMatcher.literal(value) else { continue }
                matcher = literal
            case 1:
                matcher = pushed[0]
            default:
                matcher = Match.combineAll(pushed)
            }
            deferred[position] = Self.deferring(matcher, evaluate: evaluate)
        }
        let others = arguments.indices.filter { !positions.contains($0) }
        var lined: [ArgumentMatcher]?
        if deferred.count == positions.count {
            if callerMatchers.count == others.count {
                // One caller matcher per argument without a deferred one, in order (counted above).
                var caller = callerMatchers.makeIterator()
                lined = arguments.indices.compactMap { deferred[$0] ?? caller.next() }
            } else if callerMatchers.isEmpty {
                // Every other argument was a literal: it stands for equality, as in a literal-only recording.
                var literals: [ArgumentMatcher] = []
                for index in arguments.indices {
                    guard let matcher = deferred[index] ?? ArgumentMatcher.literal(arguments[index]) else { break }
                    literals.append(matcher)
                }
                if literals.count == arguments.count { lined = literals }
            }
        }
        for matcher in lined ?? callerMatchers { session.push(matcher) }
    }

    /// The matcher of an unevaluated argument: `any()` as it is (it never
    /// evaluates the argument); anything else tests the argument's value.
    private static func deferring(
        _ matcher: ArgumentMatcher, evaluate: @escaping @Sendable (Any) -> Any?
    ) -> ArgumentMatcher {
        guard !matcher.acceptsEverything else { return matcher }
        return ArgumentMatcher(description: matcher.description, captors: matcher.captors) { argument in
            guard let value = evaluate(argument) else { return false }
            return matcher.matches(value)
        }
    }
}
