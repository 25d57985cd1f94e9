import TestDoublesRecorder

extension ManualStub {
    /// Lines up the matchers a recording pass wrote for the elements of
    /// variadic arguments with the arrays the requirement receives; does
    /// nothing outside a recording pass.
    ///
    /// A variadic parameter reaches the conformer as one array, while a
    /// `when` or `verify` writes one matcher per element. A conformer calls
    /// this before forwarding a requirement with a variadic parameter, with
    /// the same arguments, so that `log(Match.equal("a"), Match.any())`
    /// matches exactly two elements, each by its own matcher, as it does on
    /// a runtime `Stub`:
    ///
    /// ```swift
    /// func log(_ messages: String..., level: Int) {
    ///     stub.lineUpVariadicMatchers(at: [0], messages, level)
    ///     stub.call(messages, level) as Void
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - positions: The positions of the variadic arguments among `args`.
    ///   - args: The arguments the requirement forwards, in the same order.
    public func lineUpVariadicMatchers<each A>(at positions: [Int], _ args: repeat each A) {
        guard recorder.isInRecordingPass else { return }
        recorder.recordVariadicMatchers(in: boxed(repeat each args), variadic: positions)
    }
}
