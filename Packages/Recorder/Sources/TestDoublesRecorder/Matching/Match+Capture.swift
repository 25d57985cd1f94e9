extension Match {
    /// Collects the arguments a position of a pattern received: the seed's
    /// name for ``ArgumentCaptor``.
    ///
    /// ```swift
    /// let recipients = Match.Capture<Int>()
    /// notifier.verify(2...2) { try $0.send(to: recipients.capture(), message: Match.any()) }
    /// #expect(recipients.values == [1, 2])
    /// #expect(recipients.first == 1 && recipients.last == 2)
    /// ```
    public typealias Capture<Value> = ArgumentCaptor<Value>
}
