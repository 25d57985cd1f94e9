// The hand-over form of a capture: a behavior (or a hand-written fake)
// passes each callback it receives to `capture(_:)`, and the test answers
// them later with `invokeNext(_:)`. Here the capture's generic argument is
// the value the callbacks receive: `CallbackCapture<Result<User, any Error>>`
// keeps `(Result<User, any Error>) -> Void` closures.

extension CallbackCapture {
    /// The closure the hand-over form keeps: it receives a `Value`.
    public typealias Callback = (Value) -> Void

    /// Names the capture in its diagnostics.
    ///
    /// - Parameter name: The name, such as `"completion"`.
    /// - Returns: The capture itself.
    @discardableResult
    public func named(_ name: String) -> Self {
        state.withLock { $0.name = name }
        return self
    }

    /// The name diagnostics use.
    var displayName: String {
        state.withLock { $0.name } ?? "CallbackCapture<\(Value.self)>"
    }

    /// Keeps a callback until the test calls or releases it.
    ///
    /// ```swift
    /// let completions = CallbackCapture<Result<String, any Error>>()
    /// loader.when { $0.load(completion: Match.any()) }.thenEscaping { completion in
    ///     completions.capture(completion)
    /// }
    /// ```
    ///
    /// - Parameter callback: The callback the double received.
    public func capture(_ callback: @escaping (Value) -> Void) {
        state.withLock { state in
            state.direct.append(callback)
            state.directCaptured += 1
        }
    }

    /// The callbacks kept and not yet called or released.
    public var pendingCount: Int {
        state.withLock { $0.direct.count } + count
    }

    /// Calls the oldest pending callback with `value`; it is then no longer kept.
    ///
    /// With no pending callback, an issue is reported at the caller and nothing is called.
    ///
    /// - Parameters:
    ///   - value: What the callback receives.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func invokeNext(
        _ value: Value,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        invokeNext(
            repeating: 1, value, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Calls the oldest `count` pending callbacks with `value`, oldest first.
    ///
    /// Fewer pending callbacks than `count` is reported at the caller; the ones there are are called.
    ///
    /// - Parameters:
    ///   - count: How many callbacks to call.
    ///   - value: What each callback receives.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func invokeNext(
        repeating count: Int, _ value: Value,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let taken = state.withLock { state -> [(Value) -> Void] in
            let taken = Array(state.direct.prefix(max(count, 0)))
            state.direct.removeFirst(taken.count)
            return taken
        }
        if taken.count < count {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .unmetExpectation,
                    message: """
                        \(displayName): invokeNext expected \(count) pending callback(s), but \(taken.count) \
                        were pending; has the code under test made the call yet? (await waitForCallback(within:))
                        """,
                    location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
        }
        // Called outside the lock: a callback may capture again.
        for callback in taken { callback(value) }
    }

    /// Calls every pending callback with `value`, oldest first.
    ///
    /// - Parameter value: What each callback receives.
    public func invokeAll(_ value: Value) {
        let taken = state.withLock { state -> [(Value) -> Void] in
            defer { state.direct.removeAll() }
            return state.direct
        }
        for callback in taken { callback(value) }
    }

    /// Drops every pending callback without calling it, including those
    /// kept by `capture()` matchers.
    public func releaseAll() {
        state.withLock { $0.direct.removeAll() }
        release()
    }

    /// Checks that no callback is pending; reports an issue at the caller otherwise.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func assertReleased(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        verifyNoPendingCallbacks(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// Waits until the capture has received `count` callbacks in all, or
    /// reports an issue at the caller when `timeout` passes first.
    ///
    /// Suspends between checks; it never blocks a thread.
    ///
    /// - Parameters:
    ///   - count: How many callbacks to wait for, counting those already received.
    ///   - timeout: The longest time to wait.
    ///   - isolation: The caller's actor, which the wait resumes on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func waitForCallback(
        count: Int = 1, within timeout: Duration, isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        await waitForCallback(
            count: count, within: timeout, using: StubClocks.continuous, isolation: isolation, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }

    /// Waits until the capture has received `count` callbacks in all, with
    /// the timeout measured by `clock`; reports an issue at the caller when
    /// it passes first.
    ///
    /// ```swift
    /// let clock = ManualStubClock()
    /// async let waited: Void = completions.waitForCallback(within: .seconds(5), using: clock)
    /// await clock.waitForSleepers(atLeast: 1)
    /// clock.advance(by: .seconds(5))  // the wait reports its timeout now
    /// await waited
    /// ```
    ///
    /// Suspends between checks; it never blocks a thread.
    ///
    /// - Parameters:
    ///   - count: How many callbacks to wait for, counting those already received.
    ///   - timeout: The longest time to wait, in `clock`'s time.
    ///   - clock: The clock that measures the timeout, such as a ``ManualStubClock``.
    ///   - isolation: The caller's actor, which the wait resumes on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func waitForCallback(
        count: Int = 1, within timeout: Duration, using clock: any StubClock,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let arrived = await withTaskGroup(of: Bool.self, isolation: isolation) { group in
            group.addTask { [self] in
                while receivedCount < count {
                    guard (try? await Task.sleep(for: .milliseconds(1))) != nil else { return false }
                }
                return true
            }
            group.addTask {
                try? await clock.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        // Counted once more: a callback that arrived between the last check
        // and the deadline meets the wait instead of failing it.
        let received = receivedCount
        guard !arrived, received < count else { return }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .unmetExpectation,
                message: "\(displayName): expected \(count) callback(s) within \(timeout), received \(received)",
                location: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// Every callback received so far, called, released or pending.
    private var receivedCount: Int {
        let (direct, handled) = state.withLock { ($0.directCaptured, $0.handled.count) }
        return direct + handled + count
    }
}
