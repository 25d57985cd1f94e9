extension RecordingTestDouble {
    /// Names the double in the diagnostics it reports from now on.
    ///
    /// ```swift
    /// let formatter = ClosureDouble<Int, String>().named("formatter")
    /// ```
    ///
    /// - Parameter name: The name, such as `"formatter"` or `"payments"`.
    /// - Returns: The double itself.
    @discardableResult
    public func named(_ name: String) -> Self {
        recorder.rename(name)
        return self
    }

    /// Forgets the calls recorded so far (and which of them were verified);
    /// registrations keep answering with their remaining behaviors.
    ///
    /// Use it between phases of one test, after verifying the first phase.
    public func clearRecordedInvocations() { recorder.clearInvocations() }

    /// Forgets every registration and behavior; the calls recorded so far
    /// stay, so they can still be verified.
    ///
    /// Calls made afterwards are unmatched until new registrations are made.
    public func clearConfiguredBehaviors() { recorder.clearRegistrations() }
}
