extension InvocationRecorder {
    /// What a front declared about the values its recording passes need,
    /// and whether the last check found one no source can make.
    struct RecordingTypes {
        var types: [Any.Type]?
        /// The placeholder registry generation `needsHost` was worked out for.
        var checkedGeneration: Int?
        var needsHost = false
    }

    /// Declares every argument and result type of the double's requirements.
    ///
    /// A front that knows them (a runtime stub) declares them once; a
    /// recording pass then runs on a thread of its own whenever one of them
    /// has no placeholder, so a call that needs a value nothing can make is
    /// parked there (its requirement and matchers recorded) instead of
    /// stopping the process. The passes of a front that declares nothing (a
    /// `ManualStub`, a closure double, a `ClientStub`) always run there, and
    /// so do those of a front that declares `nil`: one whose calls may bring
    /// types it cannot list (a requirement's own generic parameters, whose
    /// `Match.any()` is of the caller's type).
    ///
    /// - Parameter types: The argument and result types, or `nil` when a
    ///   call may bring others.
    public func declareRecordingTypes(_ types: [Any.Type]?) {
        recordingTypes.withLock { $0 = RecordingTypes(types: types) }
    }

    /// Whether a recording pass may need to park: some declared type has no
    /// placeholder (worked out once per change of the placeholder registry).
    var needsRecordingHost: Bool {
        let generation = Match.Placeholders.generation
        let (types, known) = recordingTypes.withLock { state -> ([Any.Type]?, Bool?) in
            state.checkedGeneration == generation ? (nil, state.needsHost) : (state.types, nil)
        }
        if let known { return known }
        // A front that declares nothing (a ManualStub, a closure double, a
        // client stub) may meet any type: its passes always run on a host.
        guard let types else { return true }
        let needsHost = types.contains { Match.Placeholders.make(any: $0) == nil }
        recordingTypes.withLock { state in
            state.checkedGeneration = generation
            state.needsHost = needsHost
        }
        return needsHost
    }
}
