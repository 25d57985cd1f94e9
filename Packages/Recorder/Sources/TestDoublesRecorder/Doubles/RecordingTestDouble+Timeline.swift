extension RecordingTestDouble {
    /// Every call of the double as events, in arrival order (the same as `history.timeline`).
    ///
    /// - Returns: The timeline.
    public func interactionTimeline() -> InteractionTimeline { history.timeline }

    /// Makes the double keep the caller's stack, as symbol names, for every
    /// call it records from now on; the timeline's events expose it as
    /// ``InteractionTimeline/Event/callStack``. Symbolizing costs far more
    /// than recording a call, so it is off until asked for.
    ///
    /// ```swift
    /// let analytics = try Stub<any Analytics>().captureCallStacks(maxFrames: 16)
    /// ```
    ///
    /// - Parameter maxFrames: How many of the innermost frames to keep; 0 turns capture off.
    /// - Returns: The double.
    @discardableResult
    public func captureCallStacks(maxFrames: Int = 32) -> Self {
        recorder.callStackDepth.store(Swift.max(0, maxFrames), ordering: .relaxed)
        return self
    }
}

extension InteractionObserving {
    /// Makes the pattern's double keep the caller's stack for every call it
    /// records from now on (see ``RecordingTestDouble/captureCallStacks(maxFrames:)``);
    /// it applies to the whole double, not only to this pattern's calls.
    ///
    /// - Parameter maxFrames: How many of the innermost frames to keep; 0 turns capture off.
    /// - Returns: The pattern.
    @discardableResult
    public func captureCallStacks(maxFrames: Int = 32) -> Self {
        core.recorder.callStackDepth.store(Swift.max(0, maxFrames), ordering: .relaxed)
        return self
    }
}
