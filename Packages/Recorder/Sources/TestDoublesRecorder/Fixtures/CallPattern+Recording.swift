extension CallPattern {
    /// Answers matching calls with a handler that calls the real
    /// implementation, and records each call with its outcome into `session`.
    ///
    /// ```swift
    /// let session = RecordingSession(named: "auth")
    /// auth.when { try $0.token(for: Match.any()) }
    ///     .thenRecord(into: session) { (user: String) in try live.token(for: user) }
    /// ```
    ///
    /// The call's arguments and result (or error) must be `Codable`; a value
    /// that is not is reported as a test issue here, and the real answer is
    /// still returned.
    ///
    /// - Parameters:
    ///   - name: The requirement name to record the calls under; the pattern's by default.
    ///   - session: The session that collects the calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - real: Calls the real implementation with the call's typed arguments.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenRecord<each Argument>(
        as name: String? = nil, into session: RecordingSession,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        calling real: @escaping (repeat each Argument) throws -> Result
    ) -> Self {
        let recording = recording(as: name, into: session, fileID, filePath, line, column)
        let handler = Self.typedHandler(real, requirement)
        return appending(
            .compute { arguments, count in
                try recording.answer(Swift.Result { try handler(arguments, count) }, Array(arguments))
            }, .bare, recording.site)
    }

    /// Answers matching calls of an async requirement with an async handler
    /// that calls the real implementation, and records each call with its outcome.
    ///
    /// - Parameters:
    ///   - name: The requirement name to record the calls under; the pattern's by default.
    ///   - session: The session that collects the calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - real: Calls the real implementation with the call's typed arguments.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenRecord<each Argument>(
        as name: String? = nil, into session: RecordingSession,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        calling real: @escaping (repeat each Argument) async throws -> Result
    ) -> Self {
        let recording = recording(as: name, into: session, fileID, filePath, line, column)
        let handler = typedAsyncHandler(real)
        return appending(
            .computeAsync { arguments, count in
                try recording.answer(await CallRecording.outcome { try await handler(arguments, count) }, arguments)
            }, .bare, recording.site)
    }

    /// Answers matching calls from a replay: each must be the replay's next
    /// recorded call, and gets its recorded result or error.
    ///
    /// ```swift
    /// let replay = InteractionReplay(try InteractionFixture.load(from: url))
    /// auth.when { try $0.token(for: Match.any()) }.thenReplay(from: replay)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The requirement name the calls were recorded under; the pattern's by default.
    ///   - replay: The replay that answers; it keeps the position in the fixture.
    ///   - fileID: The caller's file ID; mismatches are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to verify.
    @discardableResult
    public func thenReplay(
        as name: String? = nil, from replay: InteractionReplay,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        guard let requirement else { return self }
        let key = name ?? requirement.name
        return appending(
            .compute { arguments, _ in try replay.answer(requirement, recordedAs: key, Array(arguments)) }, .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Where `thenRecord` records the calls it answers: `session`, under
    /// `name` or else the requirement's name.
    func recording(
        as name: String?, into session: RecordingSession, _ fileID: String, _ filePath: String, _ line: Int,
        _ column: Int
    ) -> CallRecording {
        CallRecording(
            name: name ?? requirement?.name ?? "", session: session, recorder: core.recorder,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// What the sync and async `thenRecord` share: the session, the name the
/// calls are recorded under, and the step that records one call's outcome.
struct CallRecording {
    let name: String
    let session: RecordingSession
    let recorder: InvocationRecorder
    /// Where `thenRecord` was called; recording failures are reported here.
    let site: CallSite
    /// Derives the value stored in place of the arguments
    /// (`thenRecord(as:into:recording:calling:)`); `nil` stores the arguments.
    var request: (([Any]) throws -> Any)?

    /// The outcome of an async handler: its value, or the error it threw.
    static func outcome(of body: () async throws -> Any) async -> Swift.Result<Any, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }

    /// Records one call with the real implementation's outcome and answers
    /// with it. A `BehaviorMisuse` (arguments that do not fit the handler)
    /// is no outcome of the real implementation: it is thrown unrecorded.
    /// A value that cannot be recorded is reported as a test issue; the
    /// call is still answered.
    func answer(_ outcome: Swift.Result<Any, any Error>, _ arguments: [Any]) throws -> Any {
        if case .failure(let misuse as BehaviorMisuse) = outcome {
            throw misuse
        }
        do {
            if let request {
                try session.record(name, request: try request(arguments), outcome: outcome)
            } else {
                try session.record(name, arguments: arguments, outcome: outcome)
            }
        } catch let misuse as BehaviorMisuse {
            throw misuse
        } catch {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(kind: .invalidRecording, message: "\(recorder.name): \(error)", location: site))
        }
        return try outcome.get()
    }
}
