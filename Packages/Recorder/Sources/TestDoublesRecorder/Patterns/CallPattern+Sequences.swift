extension CallPattern {
    /// Answers matching calls with each value in turn; the last value
    /// answers every later call. Shorthand for a chain of `thenReturn`.
    ///
    /// ```swift
    /// loader.when { try $0.load() }.thenReturn("cached", "stale", "fresh")
    /// ```
    ///
    /// - Parameters:
    ///   - first: The answer of the first matching call.
    ///   - second: The answer of the second.
    ///   - rest: The answers after it; the last one repeats.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenReturn(
        _ first: Result, _ second: Result, _ rest: Result...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        for value in [first, second] + rest where !add(.value(value), .bare, site) { break }
        return interactions
    }

    /// Answers the next matching calls with each value once, in order; when
    /// the queue is used up, calls fall through to later registrations.
    ///
    /// - Parameters:
    ///   - first: The first answer.
    ///   - rest: The answers after it.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The queue, to check it was used up.
    @discardableResult
    public func thenQueue(
        _ first: Result, _ rest: Result...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> StubBehaviorQueue {
        queue(
            ([first] + rest).map { .value($0) }, at: .at(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Answers the next matching calls with the values of a sequence, one
    /// call each, in order: the non-variadic form of
    /// ``thenQueue(_:_:fileID:filePath:line:column:)``, for values built in
    /// code or a front forwarding its own variadic list.
    ///
    /// - Parameters:
    ///   - values: The answers, first call first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The queue, to check it was used up.
    @discardableResult
    public func thenQueue<Values: Sequence<Result>>(
        contentsOf values: Values,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> StubBehaviorQueue {
        queue(values.map { .value($0) }, at: .at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers the next matching calls by throwing each error once, in
    /// order; the requirement must throw.
    ///
    /// - Parameters:
    ///   - first: The first error.
    ///   - rest: The errors after it.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The queue, to check it was used up.
    @discardableResult
    public func thenThrowQueue<Failure: Error>(
        _ first: Failure, _ rest: Failure...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> StubBehaviorQueue {
        queue(
            ([first] + rest).map { .error($0) }, at: .at(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private func queue(_ actions: [BehaviorAction], at site: CallSite) -> StubBehaviorQueue {
        let start = core.registration.map { core.recorder.stepCount(of: $0) } ?? 0
        var added = 0
        for action in actions {
            guard add(action, .times(1), site) else { break }
            added += 1
        }
        return StubBehaviorQueue(core: core, positions: start..<(start + added))
    }

    /// Answers every matching call with `value`, except every `interval`-th
    /// one (the `interval`-th, the `2 * interval`-th, ...), which throws
    /// `error`. The requirement must throw.
    ///
    /// - Parameters:
    ///   - interval: How often a call fails (at least 1).
    ///   - error: The error the failing calls throw.
    ///   - value: The answer of the other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenInjectFailure<Failure: Error>(
        every interval: Int, throwing error: Failure, otherwiseReturning value: Result,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkThrows("thenInjectFailure", at: site) else { return interactions }
        let interval = Swift.max(1, interval)
        nonisolated(unsafe) let value = value
        add(
            .compute { _, count in
                if count.isMultiple(of: interval) { throw error }
                return value
            }, .unbounded, site)
        return interactions
    }

    /// Answers every matching call with `value`, except a reproducible share
    /// of them, which throw `error`: call `n` (counted from 1 in the order
    /// calls reach the registration) fails when a generator seeded with
    /// `seed` draws below `probability` for it. The same seed fails the same
    /// calls on every run. The requirement must throw.
    ///
    /// - Parameters:
    ///   - probability: The share of calls that fail, from 0 to 1.
    ///   - seed: The generator's seed.
    ///   - error: The error the failing calls throw.
    ///   - value: The answer of the other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenInjectFailure<Failure: Error>(
        probability: Double, seed: UInt64, throwing error: Failure, otherwiseReturning value: Result,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkThrows("thenInjectFailure", at: site) else { return interactions }
        nonisolated(unsafe) let value = value
        add(
            .compute { _, count in
                if FailureDraw.unit(seed: seed, index: UInt64(count)) < probability { throw error }
                return value
            }, .unbounded, site)
        return interactions
    }

    /// Answers a number of matching calls with a value, after a delay when
    /// one is given (the requirement must then be `async`).
    ///
    /// - Parameters:
    ///   - value: The value to return.
    ///   - delay: How long each call waits first on the continuous clock, or `nil`.
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenReturn<Times: BehaviorRepetition>(
        _ value: Result, after delay: Duration?, times: Times,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let delay else { return appending(.value(value), times.engineRepeat, site) }
        return appending(
            .delayed(.success(value), sleep: { try await ContinuousClock().sleep(for: delay) }), times.engineRepeat,
            site)
    }

    /// Answers a number of matching calls by throwing an error, after a delay
    /// when one is given (the requirement must then be `async`); the
    /// requirement must throw.
    ///
    /// - Parameters:
    ///   - error: The error to throw.
    ///   - delay: How long each call waits first on the continuous clock, or `nil`.
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenThrow<Failure: Error, Times: BehaviorRepetition>(
        _ error: Failure, after delay: Duration?, times: Times,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkThrows("thenThrow(_:after:)", at: site) else { return self }
        guard let delay else { return appending(.error(error), times.engineRepeat, site) }
        return appending(
            .delayed(.failure(error), sleep: { try await ContinuousClock().sleep(for: delay) }), times.engineRepeat,
            site)
    }

    /// Answers the next matching call by throwing an error after a delay on
    /// the continuous clock; the requirement must be `async` and throw.
    ///
    /// - Parameters:
    ///   - error: The error to throw.
    ///   - delay: How long the call waits first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenThrow<Failure: Error>(
        _ error: Failure, after delay: Duration,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        thenThrow(error, after: delay, times: 1, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers matching calls by throwing an error after a delay measured by
    /// `clock`; the requirement must be `async` and throw.
    ///
    /// - Parameters:
    ///   - error: The error to throw.
    ///   - delay: How long the call waits first, in `clock`'s time.
    ///   - clock: The clock that measures the delay, such as a ``ManualStubClock``.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The observation handle of the pattern.
    @discardableResult
    public func thenThrow<Failure: Error>(
        _ error: Failure, after delay: Duration, using clock: any StubClock,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallInteractions<Result> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkThrows("thenThrow(_:after:using:)", at: site) else { return interactions }
        return appending(.delayed(.failure(error), sleep: { try await clock.sleep(for: delay) }), .bare, site)
            .interactions
    }

    /// Reports an invalid behavior at `site` unless the requirement throws.
    func checkThrows(_ behavior: String, at site: CallSite) -> Bool {
        guard let requirement = core.requirement, core.isValid else { return false }
        guard requirement.effects.canThrow else {
            core.report(
                "\(core.recorder.name): \(behavior) needs a throwing requirement, and \(requirement.name) is "
                    + "\(requirement.effects); the behavior was not added.",
                at: site, kind: .invalidBehavior)
            return false
        }
        return true
    }
}

/// The reproducible draws of `thenInjectFailure(probability:seed:...)`: a
/// SplitMix64 output for (seed, call index), as a number in `0..<1`.
enum FailureDraw {
    static func unit(seed: UInt64, index: UInt64) -> Double {
        var z = seed &+ index &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) * 0x1.0p-53
    }
}

extension CallPattern where Result == Void {
    /// Answers a number of matching calls of a requirement that returns
    /// nothing, after a delay when one is given (the requirement must then be `async`).
    ///
    /// - Parameters:
    ///   - delay: How long each call waits first on the continuous clock, or `nil`.
    ///   - times: How many calls: `2` for exactly two, `1...` for every call from now on.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenDoNothing<Times: BehaviorRepetition>(
        after delay: Duration?, times: Times,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        thenReturn((), after: delay, times: times, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers the next matching call of an async requirement that returns
    /// nothing after a delay on the continuous clock.
    ///
    /// - Parameters:
    ///   - delay: How long the call waits first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenDoNothing(
        after delay: Duration,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        thenReturn((), after: delay, times: 1, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
