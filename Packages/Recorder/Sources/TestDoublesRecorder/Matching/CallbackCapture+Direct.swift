// The hand-over form of a capture: a behavior (or a hand-written fake)
// passes each callback it receives to `capture(_:)`, and the test answers
// them later with `invokeNext(_:)`. Here the capture's generic argument is
// the value the callbacks receive: `CallbackCapture<Result<User, any Error>>`
// keeps `(Result<User, any Error>) -> Void` closures.

extension CallbackCapture {
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
        state.withLock { $0.name } ?? "CallbackCapture<\(Callback.self)>"
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
    public func capture(_ callback: @escaping (Callback) -> Void) {
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
        _ value: Callback,
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
        repeating count: Int, _ value: Callback,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let taken = state.withLock { state -> [(Callback) -> Void] in
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
    public func invokeAll(_ value: Callback) {
        let taken = state.withLock { state -> [(Callback) -> Void] in
            defer { state.direct.removeAll() }
            return state.direct
        }
        for callback in taken { callback(value) }
    }

    /// Drops every pending callback without calling it, including those
    /// kept by ``capture()`` matchers.
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
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        verifyNoPendingCallbacks(fileID: fileID, filePath: filePath, line: line, column: column)
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
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while receivedCount < count {
            guard clock.now < deadline, !Task.isCancelled else {
                // Counted once more: a callback that arrived between the loop's
                // check and the deadline meets the wait instead of failing it.
                let received = receivedCount
                guard received < count else { return }
                TestDoubleIssueReporting.report(
                    TestDoubleIssue(
                        kind: .unmetExpectation,
                        message:
                            "\(displayName): expected \(count) callback(s) within \(timeout), received \(received)",
                        location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
                return
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Every callback received so far, called, released or pending.
    private var receivedCount: Int {
        let (direct, handled) = state.withLock { ($0.directCaptured, $0.handled.count) }
        return direct + handled + count
    }
}
