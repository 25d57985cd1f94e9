extension RecordingTestDouble {
    // The async recording entry points take their closure as
    // `@isolated(any)`, read its actor (`body.isolation`, else the caller's)
    // and hand it here as a plain async function: a call through it still
    // hops to the closure's actor, which the pass lends to its own thread
    // (see ``InvocationRecorder/capturing(returning:isolation:lending:on:at:_:)``).
    // On Swift 6.2 and later those entry points are `nonisolated(nonsending)`
    // and pass `#isolation` (their caller's); earlier compilers take the
    // caller's actor as an `isolation` parameter. On Swift 6.2 and later
    // every one hands the closure its subject `sending` (so the closure may
    // send it on: a main-actor closure calling a nonisolated async
    // requirement of a protocol that is not `Sendable`); the synchronous
    // forms need not, as their closures never leave the caller's isolation.
    // The 6.0 and 6.1 forms keep a plain parameter: 6.0.3's exclusivity
    // diagnostics crash ("noescape partial_apply has unexpected use") on a
    // closure that takes a `sending` parameter and changes a captured
    // variable (see ``SubjectPassBody``).

    /// The pattern of an async recording pass (`when`, `when(returning:)`).
    func recordPattern<R>(
        returning placeholder: Any?, _ body: SubjectPassBody<Subject, R>, lending actor: (any Actor)?,
        isolation: isolated (any Actor)?, site: CallSite
    ) async -> CallPattern<R> {
        let session = await recorder.capturing(
            returning: placeholder, isolation: isolation, lending: actor, on: recordingSubject, at: site, body)
        let pattern: CallPattern<R> = recorder.pattern(from: session, purpose: "when", site: site)
        return CallPattern(core: pattern.core, handlerActor: isolation)
    }

    /// Checks the count of an async recording pass's call shape now (`verify`).
    func recordVerification<R>(
        _ count: CallCount, returning placeholder: Any?, _ body: SubjectPassBody<Subject, R>,
        lending actor: (any Actor)?, isolation: isolated (any Actor)?, site: CallSite
    ) async -> Bool {
        let session = await recorder.capturing(
            returning: placeholder, isolation: isolation, lending: actor, on: recordingSubject, at: site, body)
        return recorder.verify(session, count, site: site)
    }

    /// Waits until the count of an async recording pass's call shape is
    /// inside `count` (`verify(within:)`).
    func recordEventualVerification<R>(
        _ count: CallCount, within timeout: Duration, clock: any StubClock = StubClocks.continuous,
        returning placeholder: Any?, _ body: SubjectPassBody<Subject, R>, lending actor: (any Actor)?,
        isolation: isolated (any Actor)?, site: CallSite
    ) async -> Bool {
        let session = await recorder.capturing(
            returning: placeholder, isolation: isolation, lending: actor, on: recordingSubject, at: site, body)
        return await recorder.verify(session, count, within: timeout, clock: clock, isolation: isolation, site: site)
    }
}

#if compiler(>=6.2)
/// The closure of an async recording pass: it gets its subject `sending`.
typealias SubjectPassBody<Subject, R> = (sending Subject) async throws -> R
#else
/// The closure of an async recording pass. Swift 6.0 and 6.1 keep a plain
/// parameter: 6.0.3 crashes compiling a caller's closure that takes a
/// `sending` parameter and changes a captured variable.
typealias SubjectPassBody<Subject, R> = (Subject) async throws -> R
#endif
