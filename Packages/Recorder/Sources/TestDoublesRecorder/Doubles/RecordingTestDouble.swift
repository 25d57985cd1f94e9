/// A test double that answers and verifies calls through an ``InvocationRecorder``.
///
/// Conform a front to it to get the whole vocabulary: `when`, `verify`,
/// `verifyInOrder`, `verifyNoMoreInteractions`, `verifyNoUnusedStubs`,
/// `history`, `describeInteractions`, `reset`. The front's requirement
/// implementations forward each call to the recorder's dispatch endpoint.
public protocol RecordingTestDouble {
    /// The type the double stands in for, such as `any Analytics`.
    associatedtype Subject

    /// The engine of the double.
    var recorder: InvocationRecorder { get }

    /// The value `when` and `verify` closures receive: a value whose
    /// requirement calls reach ``recorder``.
    var recordingSubject: Subject { get }
}

extension RecordingTestDouble {
    /// Records one call shape of the double and returns its pattern, to
    /// configure behaviors or verify.
    ///
    /// ```swift
    /// flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.any()) }.thenReturn(true)
    /// ```
    ///
    /// The closure runs once, now, against ``recordingSubject``; nothing it
    /// calls is answered or recorded as a real call.
    ///
    /// - Parameters:
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern.
    public func when<R>(
        _ body: (Subject) throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallPattern<R> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let subject = recordingSubject
        let session = recorder.capturing(at: site) { _ = try body(subject) }
        return recorder.pattern(from: session, purpose: "when", site: site)
    }

    #if compiler(>=6.2)
    /// Records one call shape of an async requirement and returns its pattern.
    ///
    /// ```swift
    /// await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }.thenReturn("token")
    /// ```
    ///
    /// The closure runs on its own actor (`{ @MainActor stub in … }` on the
    /// main actor, whoever calls), else on the caller's. It gets the subject
    /// `sending`, in an isolation region of its own, so a closure isolated to
    /// an actor (one written in a `@MainActor` test) may call a nonisolated
    /// async requirement of a protocol that is not `Sendable`.
    ///
    /// - Parameters:
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern.
    @_disfavoredOverload  // a closure that needs no await is the synchronous form's
    nonisolated(nonsending) public func when<R>(
        _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> CallPattern<R> {
        await recordPattern(
            returning: nil, body, lending: body.isolation ?? #isolation, isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Records one call shape of an async requirement and returns its pattern.
    ///
    /// ```swift
    /// await auth.when { try await $0.signIn(user: Match.any(), password: Match.any()) }.thenReturn("token")
    /// ```
    ///
    /// The closure runs on its own actor (`{ @MainActor stub in … }` on the
    /// main actor, whoever calls), else on the caller's. (On Swift 6.2 and
    /// later it gets the subject `sending`: 6.0.3 crashes compiling a closure
    /// that takes a `sending` parameter and changes a captured variable.)
    ///
    /// - Parameters:
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern.
    @_disfavoredOverload  // a closure that needs no await is the synchronous form's
    public func when<R>(
        _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> CallPattern<R> {
        await recordPattern(
            returning: nil, body, lending: body.isolation ?? isolation, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// Records a property or subscript assignment and returns its pattern.
    ///
    /// ```swift
    /// player.when { $0.volume = Match.greaterThan(10) }.thenDoNothing()
    /// ```
    ///
    /// The closure receives a mutable copy of ``recordingSubject``, so it can
    /// assign through setter requirements; the front's setter forwards the new
    /// value as the call's only argument (or, for a subscript, after the indices).
    ///
    /// - Parameters:
    ///   - body: Makes exactly one assignment, with matchers for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern.
    public func whenSet(
        _ body: (inout Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallPattern<Void> {
        assignmentPattern(
            body, purpose: "whenSet", site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks how many recorded assignments match; reports an issue at the caller otherwise.
    ///
    /// - Parameters:
    ///   - count: The accepted counts: `2...4`, `1...`, `...2`, `.exactly(n)`, `.never`.
    ///   - body: Makes exactly one assignment, with matchers for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifySet<Count: CallCountExpression>(
        _ count: Count,
        _ body: (inout Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        var subject = recordingSubject
        let session = recorder.capturing(at: site) { try body(&subject) }
        return recorder.verify(session, count.callCount, site: site)
    }

    /// Records one call shape whose result type has no built-in placeholder
    /// (a class, an existential), answering the recording pass with the value given.
    ///
    /// ```swift
    /// factory.when(returning: someSession) { $0.makeSession(Match.any()) }.thenReturn(session)
    /// ```
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern.
    public func when<R>(
        returning placeholder: R,
        _ body: (Subject) throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> CallPattern<R> {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let subject = recordingSubject
        let session = recorder.capturing(returning: placeholder, at: site) { _ = try body(subject) }
        return recorder.pattern(from: session, purpose: "when", site: site)
    }

    #if compiler(>=6.2)
    /// Records one call shape of an async requirement whose result type has no
    /// built-in placeholder, answering the recording pass with the value given.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern.
    @_disfavoredOverload  // a closure that needs no await is the synchronous form's
    nonisolated(nonsending) public func when<R>(
        returning placeholder: R,
        _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> CallPattern<R> {
        await recordPattern(
            returning: placeholder, body, lending: body.isolation ?? #isolation, isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Records one call shape of an async requirement whose result type has no
    /// built-in placeholder, answering the recording pass with the value given.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern.
    @_disfavoredOverload  // a closure that needs no await is the synchronous form's
    public func when<R>(
        returning placeholder: R,
        _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> CallPattern<R> {
        await recordPattern(
            returning: placeholder, body, lending: body.isolation ?? isolation, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// Checks that every recorded call was covered by a successful verification.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyNoMoreInteractions(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        return recorder.report(recorder.audit(.unverifiedInteractions), at: site)
    }

    /// Checks that every registration with a behavior served at least one call.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyNoUnusedStubs(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        return recorder.report(recorder.audit(.unusedStubs), at: site)
    }

    /// Every call of the double, to count, verify or print as a whole.
    public var history: InteractionHistory { InteractionHistory(recorder: recorder) }

    /// The whole call log as readable, ordered text.
    ///
    /// - Returns: One line per call with its arguments, outcome and serving registration.
    public func describeInteractions() -> String { recorder.describeInteractions() }

    /// Forgets every registration, call and verification, as if the double were new.
    public func reset() { recorder.reset() }
}

extension InvocationRecorder {
    func pattern<R>(from session: CaptureSession, purpose: String, site: CallSite) -> CallPattern<R> {
        guard
            let pattern = Self.patterns(
                from: session, purpose: purpose, expectingOne: true, site: site, doubleName: name)?.first
        else { return CallPattern(core: .invalid(self, site: site)) }
        return CallPattern(core: makeCore(pattern, registering: true, site: site))
    }

    func verify(_ session: CaptureSession, _ count: CallCount, site: CallSite) -> Bool {
        guard
            let pattern = Self.patterns(
                from: session, purpose: "verify", expectingOne: true, site: site, doubleName: name)?.first
        else { return false }
        return makeCore(pattern, registering: false, site: site).verify(count, at: site)
    }

    /// Builds a pattern from matchers the front made itself, without a recording pass.
    ///
    /// A closure double's `when(equal:)` uses it.
    ///
    /// - Parameters:
    ///   - requirement: The requirement the pattern names.
    ///   - matchers: One matcher per argument.
    ///   - result: The result type of the requirement.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, registered like one from `when`.
    public func when<R>(
        _ requirement: Requirement, matching matchers: [ArgumentMatcher], returning result: R.Type = R.self,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> CallPattern<R> {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let pattern = RecordedPattern(recorder: self, requirement: requirement, matchers: matchers)
        return CallPattern(core: makeCore(pattern, registering: true, site: site))
    }

    /// The observation handle of the calls matching matchers the front made
    /// itself, without a registration.
    ///
    /// - Parameters:
    ///   - requirement: The requirement the calls were made to.
    ///   - matchers: One matcher per argument.
    ///   - result: The result type of the requirement.
    /// - Returns: The handle.
    public func interactions<R>(
        of requirement: Requirement, matching matchers: [ArgumentMatcher], returning result: R.Type = R.self
    ) -> CallInteractions<R> {
        CallInteractions(
            core: CallSelection(
                recorder: self, requirement: requirement, matchers: matchers, registration: nil, site: CallSite()))
    }
}
