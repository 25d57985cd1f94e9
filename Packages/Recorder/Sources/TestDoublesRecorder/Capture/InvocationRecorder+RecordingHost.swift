extension InvocationRecorder {
    /// What a front declared about the values its recording passes need,
    /// and whether the last check found one no source can make.
    struct RecordingTypes {
        var types: [Any.Type]?
        /// The placeholder registry generation `needsHost` was worked out for.
        var checkedGeneration: Int?
        var needsHost = false
        /// Whether the double counts in `RecordingHostDemand`: from its
        /// creation (it declared nothing yet), while it declares nothing or
        /// `nil`, and while its last check found a type with no placeholder.
        var countsInDemand = true

        /// Records the result of a check, and moves the process-wide count with it.
        mutating func settle(needsHost: Bool, generation: Int) {
            checkedGeneration = generation
            self.needsHost = needsHost
            guard countsInDemand != needsHost else { return }
            countsInDemand = needsHost
            RecordingHostDemand.adjust(by: needsHost ? 1 : -1)
        }
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
    /// A double that declares nothing (or `nil`), or whose last check found
    /// a type with no placeholder, makes every double's passes run on a host
    /// while it lives (see `RecordingHostDemand`). The check runs at the
    /// double's own first pass (and again after the placeholder registry
    /// changes), or at the start of the first pass of any other double after
    /// this call, whichever comes first; not here: the front calls this from
    /// its initializer, where a placeholder of its own types may not be made
    /// yet (a `Spy` of a protocol with `Self` arguments recursed without end
    /// there). A double with types to check counts once a check finds one
    /// with no placeholder.
    ///
    /// - Parameter types: The argument and result types, or `nil` when a
    ///   call may bring others.
    public func declareRecordingTypes(_ types: [Any.Type]?) {
        let generation = Match.Placeholders.generation
        recordingTypes.withLock { state in
            state.types = types
            if types == nil {
                state.settle(needsHost: true, generation: generation)
            } else {
                // Unchecked until the next pass of any double (see RecordingHostDemand).
                state.settle(needsHost: false, generation: generation)
                state.checkedGeneration = nil
            }
        }
        if types != nil { RecordingHostDemand.awaitCheck(of: self) }
    }

    /// Whether one of `types` has no placeholder from any source.
    private static func someTypeLacksPlaceholder(_ types: [Any.Type]) -> Bool {
        types.contains { Match.Placeholders.make(any: $0) == nil }
    }

    /// Whether a recording pass of this double runs on a host: one of its
    /// own types may need it, or another live double's (a closure may
    /// evaluate a matcher of another double's parameter).
    var hostsRecordingPasses: Bool {
        RecordingHostDemand.checkWaitingDoubles()
        return needsRecordingHost || RecordingHostDemand.isPresent
    }

    /// Stops counting the double in `RecordingHostDemand` (at its release).
    func leaveRecordingHostDemand() {
        let counted = recordingTypes.withLock { state in
            defer { state.countsInDemand = false }
            return state.countsInDemand
        }
        if counted { RecordingHostDemand.adjust(by: -1) }
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
        let needsHost = Self.someTypeLacksPlaceholder(types)
        recordingTypes.withLock { state in
            // A declaration made meanwhile stays (it is checked at the next pass).
            guard state.types.map({ $0.elementsEqual(types, by: ==) }) ?? false else { return }
            state.settle(needsHost: needsHost, generation: generation)
        }
        return needsHost
    }
}
