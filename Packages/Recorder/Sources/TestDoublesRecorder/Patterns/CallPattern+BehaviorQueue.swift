extension CallPattern {
    /// The behaviors configured on the pattern so far, seen as a queue:
    /// how many calls they can still serve and whether they are used up.
    ///
    /// ```swift
    /// let chain = loader.when { try $0.load() }.thenReturn("first", times: 2)
    /// // ... exercise the code ...
    /// chain.behaviorQueue.assertExhausted()
    /// ```
    ///
    /// A chain whose last step is bare or unbounded (`times: 1...`) serves
    /// every later call, so its queue is never exhausted. Behaviors added
    /// after the property was read are not part of the queue it returned.
    public var behaviorQueue: StubBehaviorQueue {
        let count = core.registration.map { core.recorder.stepCount(of: $0) } ?? 0
        return StubBehaviorQueue(core: core, positions: 0..<count)
    }
}
