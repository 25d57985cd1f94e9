/// Verifies that calls happened in a given order, across any number of doubles.
///
/// List the calls as you expect them, either as calls on the doubles'
/// values (recorded, not executed) or as saved patterns and interaction
/// handles:
///
/// ```swift
/// InvocationOrder {
///     gateway().charge(amount: 42)
///     purchase              // a saved CallPattern
/// }
/// ```
///
/// or step by step, each step reporting at its own line:
///
/// ```swift
/// InvocationOrder()
///     .verify(charge)
///     .verify(analytics) { $0.track(event: Match.equal("purchase"), value: Match.any()) }
/// ```
///
/// Every step matches the earliest call, after the call the step before it
/// matched, ordered by ``InvocationSequence``; a step that finds none
/// reports an issue at its own line and leaves the position where it was.
/// With `exhaustive: true`, the doubles involved must have recorded no
/// calls besides the ones listed.
public final class InvocationOrder: @unchecked Sendable {
    private let state = Locked<State>(State())

    private struct State {
        /// The sequence number of the call the last successful step matched.
        var cursor: UInt64 = 0
        /// That call, as a failed step's report names it: `Stub<any P> #2: load(id: 7)`.
        var cursorCall: String?
        /// The doubles the steps named, and the ledger positions they matched.
        var participants: [Participant] = []
        var steps = 0
        var failed = false
    }

    private struct Participant {
        let recorder: InvocationRecorder
        var matched: Set<Int> = []
    }

    /// Whether every step so far found its call (and, for an exhaustive
    /// order, nothing else was recorded).
    public var passed: Bool { state.withLock { !$0.failed } }

    /// An order with no steps yet; add them with `verify`.
    public init() {}

    /// Records the listed calls and verifies their order.
    ///
    /// - Parameters:
    ///   - exhaustive: Whether the doubles involved may have recorded other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - expectations: Lists the expected calls in order.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @Builder _ expectations: () throws -> [Expectation]
    ) {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        // On a host also when the caller loses nothing there (see `CallerIsolation`).
        let onHost = RecordingHostDemand.isPresentAfterChecks || CallerIsolation.synchronousPassMayRunOnHost
        let host = onHost ? RecordingHost() : nil
        let session = CaptureSession(scope: .anyRecorder, host: host, site: site)
        var listed: [Expectation] = []
        // On a host while some live double may meet a value no source can make (see `RecordingHostDemand`).
        let hosted = host.map { CaptureSession.run(session, hostedBy: $0) { listed = try expectations() } } ?? false
        if !hosted { CaptureSession.run(session) { listed = try expectations() } }
        run(listed, session: session, exhaustive: exhaustive, site: site)
    }

    #if compiler(>=6.1)
    /// Records the listed calls, some of them async, and verifies their order.
    ///
    /// - Parameters:
    ///   - exhaustive: Whether the doubles involved may have recorded other calls.
    ///   - isolation: The caller's actor, which the recording pass runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - expectations: Lists the expected calls in order.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @Builder _ expectations: () async throws -> [Expectation]
    ) async {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let (listed, session) = await Self.record(isolation: isolation, site: site, expectations)
        run(listed, session: session, exhaustive: exhaustive, site: site)
    }

    /// Hands a new order to `verification`, which adds its steps; with
    /// `exhaustive: true`, then checks that the doubles involved recorded
    /// nothing else.
    ///
    /// - Parameters:
    ///   - exhaustive: Whether the doubles involved may have recorded other calls.
    ///   - isolation: The caller's actor, which `verification` runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - verification: Adds the steps, such as `$0.verify(charge)`.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ verification: (InvocationOrder) async throws -> Void
    ) async {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        await Self.steps(of: self, isolation: isolation, site: site, verification)
        finish(exhaustive: exhaustive, site: site)
    }
    #else
    // Swift 6.0's SILGen crashes on an initializer with an `isolated`
    // parameter ("actor-instance but no self provided?"), so 6.0 keeps
    // nonisolated initializers: their closures must not capture actor state.
    /// Records the listed calls, some of them async, and verifies their order.
    ///
    /// - Parameters:
    ///   - exhaustive: Whether the doubles involved may have recorded other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - expectations: Lists the expected calls in order.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        @Builder _ expectations: () async throws -> [Expectation]
    ) async {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let (listed, session) = await Self.record(isolation: nil, site: site, expectations)
        run(listed, session: session, exhaustive: exhaustive, site: site)
    }

    /// Hands a new order to `verification`, which adds its steps; with
    /// `exhaustive: true`, then checks that the doubles involved recorded
    /// nothing else.
    ///
    /// - Parameters:
    ///   - exhaustive: Whether the doubles involved may have recorded other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - verification: Adds the steps, such as `$0.verify(charge)`.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ verification: (InvocationOrder) async throws -> Void
    ) async {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        await Self.steps(of: self, isolation: nil, site: site, verification)
        finish(exhaustive: exhaustive, site: site)
    }
    #endif

    /// Hands a new order to `verification`, which adds its steps; with
    /// `exhaustive: true`, then checks that the doubles involved recorded
    /// nothing else.
    ///
    /// ```swift
    /// InvocationOrder(exhaustive: true) { order in
    ///     order.verify(charge).verify(purchase)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - exhaustive: Whether the doubles involved may have recorded other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - verification: Adds the steps.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ verification: (InvocationOrder) throws -> Void
    ) {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            try verification(self)
        } catch {
            fail("InvocationOrder: the verification closure threw \(error).", at: site)
        }
        finish(exhaustive: exhaustive, site: site)
    }

    /// The next step: the earliest call the pattern selects after the call
    /// the step before it matched.
    ///
    /// - Parameters:
    ///   - pattern: A saved pattern, interaction handle or closure-double pattern.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The order, for the next step.
    @discardableResult
    public func verify<Pattern: InteractionObserving>(
        _ pattern: Pattern,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        step(pattern.interactions.core, step: nil, at: site)
        return self
    }

    /// The next step: the earliest call on `double` matching the call shape,
    /// after the call the step before it matched.
    ///
    /// ```swift
    /// order.verify(analytics) { $0.track(event: Match.equal("purchase"), value: Match.any()) }
    /// ```
    ///
    /// - Parameters:
    ///   - double: The double the call was made to.
    ///   - call: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The order, for the next step.
    @discardableResult
    public func verify<TestDouble: RecordingTestDouble, Result>(
        _ double: TestDouble, _ call: (TestDouble.Subject) throws -> Result,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let subject = double.recordingSubject
        let session = double.recorder.capturing(at: site) { _ = try call(subject) }
        step(recorded: session, on: double.recorder, at: site)
        return self
    }

    #if compiler(>=6.2)
    /// The next step, for an async requirement: the earliest call on
    /// `double` matching the call shape, after the call the step before it matched.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - double: The double the call was made to.
    ///   - call: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The order, for the next step.
    @discardableResult
    nonisolated(nonsending) public func verify<TestDouble: RecordingTestDouble, Result>(
        _ double: TestDouble, _ call: @isolated(any) (sending TestDouble.Subject) async throws -> Result,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Self {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let session = await double.recorder.capturing(
            isolation: #isolation, lending: call.isolation ?? #isolation, on: double.recordingSubject, at: site, call)
        step(recorded: session, on: double.recorder, at: site)
        return self
    }
    #else
    /// The next step, for an async requirement: the earliest call on
    /// `double` matching the call shape, after the call the step before it matched.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - double: The double the call was made to.
    ///   - call: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The order, for the next step.
    @discardableResult
    public func verify<TestDouble: RecordingTestDouble, Result>(
        _ double: TestDouble, _ call: @isolated(any) (TestDouble.Subject) async throws -> Result,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Self {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let session = await double.recorder.capturing(
            isolation: isolation, lending: call.isolation ?? isolation, on: double.recordingSubject, at: site, call)
        step(recorded: session, on: double.recorder, at: site)
        return self
    }
    #endif

    /// Checks, for every double a step of this order named, that each of its
    /// calls was covered by a successful verification (a step or `verify`).
    ///
    /// A double no step named is out of scope: check it directly.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The order.
    @discardableResult
    public func verifyNoMoreInteractions(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        for participant in state.withLock({ $0.participants }) {
            let recorder = participant.recorder
            if !recorder.report(recorder.audit(.unverifiedInteractions), at: site) {
                state.withLock { $0.failed = true }
            }
        }
        return self
    }
}

extension InvocationOrder {
    /// Runs an async builder's recording pass on a host, its jobs run as the
    /// caller's actor, so that a call that needs a value no source can make
    /// stops the pass at the order's line; a nonisolated caller's jobs run as
    /// the main actor only while some live double may meet such a value (see
    /// `RecordingHostDemand`).
    private static func record(
        isolation: isolated (any Actor)?, site: CallSite, _ expectations: () async throws -> [Expectation]
    ) async -> ([Expectation], CaptureSession) {
        let demanded = RecordingHostDemand.isPresentAfterChecks
        let host = RecordingHost()
        let session = CaptureSession(scope: .anyRecorder, host: host, site: site)
        var listed: [Expectation] = []
        if await CaptureSession.run(
            session, hostedBy: host, isolation: isolation, lending: isolation, lendsMainActor: demanded,
            { listed = try await expectations() })
        {
            return (listed, session)
        }
        await CaptureSession.run(session, isolation: isolation) { listed = try await expectations() }
        return (listed, session)
    }

    private static func steps(
        of order: InvocationOrder, isolation: isolated (any Actor)?, site: CallSite,
        _ verification: (InvocationOrder) async throws -> Void
    ) async {
        do {
            try await verification(order)
        } catch {
            order.fail("InvocationOrder: the verification closure threw \(error).", at: site)
        }
    }

    /// Verifies the builder's expectations one by one, then the exhaustive check.
    private func run(_ listed: [Expectation], session: CaptureSession, exhaustive: Bool, site: CallSite) {
        var problems = session.problems
        if session.leftoverMatchers > 0 {
            problems.append("\(session.leftoverMatchers) matcher(s) were not passed to a requirement of a double")
        }
        if listed.isEmpty && problems.isEmpty { problems.append("the builder listed no calls") }
        guard problems.isEmpty else {
            state.withLock { $0.failed = true }
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording,
                    message: "InvocationOrder cannot use this recording: " + problems.joined(separator: "; ") + ".",
                    location: site))
            return
        }
        for (index, expectation) in listed.enumerated() {
            let numbered = (index + 1, listed.count)
            switch expectation.source {
            case .interactions(let core):
                step(core, step: numbered, at: expectation.site)
            case .call(let call):
                switch InvocationRecorder.pattern(for: call) {
                case .success(let pattern):
                    let core = call.recorder.makeCore(pattern, registering: false, site: expectation.site)
                    step(core, step: numbered, at: expectation.site)
                case .failure(let problem):
                    fail("InvocationOrder cannot use this step: \(problem.message).", at: expectation.site)
                }
            case .nothing:
                fail(
                    "InvocationOrder: this expression called no requirement of a double and names no pattern.",
                    at: expectation.site)
            }
        }
        finish(exhaustive: exhaustive, site: site)
    }

    private func step(recorded session: CaptureSession, on recorder: InvocationRecorder, at site: CallSite) {
        guard
            let pattern = InvocationRecorder.patterns(
                from: session, purpose: "InvocationOrder.verify", expectingOne: true, site: site,
                doubleName: recorder.name)?.first
        else {
            state.withLock { $0.failed = true }
            return
        }
        step(recorder.makeCore(pattern, registering: false, site: site), step: nil, at: site)
    }

    private func fail(_ message: String, at site: CallSite) {
        state.withLock { $0.failed = true }
        TestDoubleIssueReporting.report(TestDoubleIssue(kind: .invalidRecording, message: message, location: site))
    }

    /// Matches one step: the earliest call of its double after the cursor.
    private func step(_ core: CallSelection, step numbered: (Int, Int)?, at site: CallSite) {
        guard core.isValid else {
            fail("InvocationOrder: a listed pattern has no valid recording.", at: site)
            return
        }
        let recorder = core.recorder
        let ledger = recorder.ledgerSnapshot(of: nil).ledger
        let (cursor, cursorCall, number) = state.withLock { state -> (UInt64, String?, Int) in
            if !state.participants.contains(where: { $0.recorder === recorder }) {
                state.participants.append(Participant(recorder: recorder))
            }
            state.steps += 1
            return (state.cursor, state.cursorCall, state.steps)
        }
        for position in 0..<ledger.count
        where ledger.entry(at: position).sequence > cursor && core.accepts(ledger, at: position) {
            let sequence = ledger.entry(at: position).sequence
            let call = "\(recorder.name) #\(position + 1): \(ledger.invocation(at: position))"
            state.withLock { state in
                state.cursor = sequence
                state.cursorCall = call
                if let index = state.participants.firstIndex(where: { $0.recorder === recorder }) {
                    state.participants[index].matched.insert(position)
                }
            }
            recorder.markVerified([position])
            return
        }
        let label = numbered.map { "step \($0.0) of \($0.1)" } ?? "step \(number)"
        var lines = [
            "InvocationOrder: expected \(recorder.name): \(core.patternDescription) (\(label)) "
                + "after the steps before it, but no such call followed."
        ]
        let calls = (0..<ledger.count).map { ledger.invocation(at: $0) }
        if cursor > 0, let cursorCall { lines.append("The step before it matched \(cursorCall).") }
        lines.append(calls.isEmpty ? "\(recorder.name) recorded no calls." : "Calls on \(recorder.name), in order:")
        lines += calls.prefix(20).map { "  #\($0.number) \($0)" }
        state.withLock { $0.failed = true }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(kind: .verificationFailed, message: lines.joined(separator: "\n"), location: site))
    }

    /// With `exhaustive`, reports the calls of the doubles involved that no
    /// step matched (once every step passed: a missing step is the first
    /// thing to fix, and its report lists the calls already).
    private func finish(exhaustive: Bool, site: CallSite) {
        guard exhaustive, passed else { return }
        var extra: [(double: String, invocation: Invocation)] = []
        for participant in state.withLock({ $0.participants }) {
            let ledger = participant.recorder.ledgerSnapshot(of: nil).ledger
            for position in 0..<ledger.count where !participant.matched.contains(position) {
                extra.append((participant.recorder.name, ledger.invocation(at: position)))
            }
        }
        guard !extra.isEmpty else { return }
        extra.sort { $0.invocation.sequence < $1.invocation.sequence }
        let lines =
            ["InvocationOrder: exhaustive order, but the doubles recorded other calls:"]
            + extra.prefix(20).map { "  \($0.double) #\($0.invocation.number): \($0.invocation)" }
        state.withLock { $0.failed = true }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(kind: .verificationFailed, message: lines.joined(separator: "\n"), location: site))
    }
}
