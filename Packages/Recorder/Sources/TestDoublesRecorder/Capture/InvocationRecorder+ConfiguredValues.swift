extension InvocationRecorder {
    /// The newest value of `T` one of the double's registrations answers
    /// with (a `thenReturn` value, configured or used up): a real value the
    /// test made, which a recording pass of the double may use as a
    /// placeholder of a recorded call's result (see
    /// ``CaptureSession/configuredResult(of:)``); nil when there is none.
    ///
    /// The values are gathered under the lock and tested outside it (a cast
    /// may ask the runtime for a conformance).
    ///
    /// - Parameter type: The type a placeholder is needed of.
    /// - Returns: The value, or nil.
    func configuredValue<T>(of type: T.Type) -> T? {
        let values = state.withLock { state -> [Any] in
            var values: [Any] = []
            for registration in state.registrations {
                for step in registration.chain.steps {
                    if case .value(let value) = step.behavior.action { values.append(value) }
                }
            }
            return values
        }
        for value in values.reversed() {
            if let typed = value as? T { return typed }
        }
        return nil
    }
}
