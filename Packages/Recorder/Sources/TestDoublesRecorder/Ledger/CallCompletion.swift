/// How and when one recorded call finished, kept beside the ledger.
///
/// The ledger records a call when it arrives; this records what the caller
/// got back once the engine decided it: the returned value or the thrown
/// error (or that the call went to the real implementation), the moment,
/// and a process-wide completion number from ``InvocationSequence`` (so
/// completions on different doubles can be ordered). A call answered in the
/// lock hold that recorded it keeps its answer in its ledger entry instead.
struct CallCompletion: @unchecked Sendable {
    /// What the caller got.
    enum Answer {
        /// The value returned to the caller (`()` for `Void`).
        case returned(Any)
        /// The error thrown to the caller.
        case threw(any Error)
        /// The call was handed to the real implementation, which answered it.
        case forwarded
        /// No value could be given (the process is stopping).
        case unavailable
    }

    /// The answer as recorded: boxed, or, for a `()` or scalar answer
    /// (a `then` handler's, answered unboxed), its unboxed form, which is
    /// trivial: recording it boxes, retains and copies nothing.
    private enum Stored {
        case boxed(Answer)
        case unboxed(ImmediateAnswer)
        /// A configured value, kept by reference.
        case configured(ConfiguredValue)
    }

    private let stored: Stored

    /// What the caller got (an unboxed answer is boxed when read).
    var answer: Answer {
        switch stored {
        case .boxed(let answer): answer
        case .unboxed(let immediate):
            switch immediate.callOutcome {
            case .returned(let value): .returned(value)
            case .threw(let error): .threw(error)
            case .forward: .forwarded
            case .trap: .unavailable
            }
        case .configured(let configured): .returned(configured.value)
        }
    }

    /// The completion's place in the process-wide order.
    let sequence: UInt64
    /// The moment, as a trivial reading: a `ContinuousClock.Instant` is
    /// resilient, and storing one made every completion address-only (each
    /// append to the log went through value witnesses).
    let reading: InvocationTime

    /// The moment the call finished.
    var time: ContinuousClock.Instant { reading.instant }

    init(_ outcome: CallOutcome, sequence: UInt64, time: InvocationTime) {
        let answer: Answer
        switch outcome {
        case .returned(let value): answer = .returned(value)
        case .threw(let error): answer = .threw(error)
        case .forward: answer = .forwarded
        case .trap: answer = .unavailable
        }
        self.stored = .boxed(answer)
        self.sequence = sequence
        self.reading = time
    }

    /// The completion of a call whose answer was `()` or a scalar, kept
    /// unboxed; ``answer`` gives what the boxed form would have.
    init(_ answer: ImmediateAnswer, sequence: UInt64, time: InvocationTime) {
        self.stored = .unboxed(answer)
        self.sequence = sequence
        self.reading = time
    }

    /// The completion of a call that returned a configured value after it
    /// arrived (a delay that took no time), kept by reference.
    init(_ configured: ConfiguredValue, sequence: UInt64, time: InvocationTime) {
        self.stored = .configured(configured)
        self.sequence = sequence
        self.reading = time
    }

    /// The completion of a call of `ledger` answered in the lock hold that
    /// recorded it: it finished as it arrived, at its own place in the order.
    init?(immediate entry: Ledger.Entry, in ledger: Ledger) {
        if entry.answerKind == Ledger.Shape.forwardedAnswer {
            stored = .boxed(.forwarded)
        } else if let configured = ledger.configuredValue(of: entry) {
            stored = .configured(configured)
        } else if let value = entry.immediateResult {
            stored = .boxed(.returned(value))
        } else {
            return nil
        }
        sequence = entry.sequence
        reading = entry.arrival
    }
}

/// Which ledger entry a call in progress has, to record its completion:
/// the ledger's generation (cleared ledgers start a new one, so a call that
/// outlives a clearing records nothing) and the entry's position.
struct CallTicket: Sendable {
    let generation: UInt64
    let position: Int
}
