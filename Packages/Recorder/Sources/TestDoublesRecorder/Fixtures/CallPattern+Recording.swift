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
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let handler = Self.typedHandler(real, requirement)
        let recorder = core.recorder
        let key = name ?? requirement?.name ?? ""
        return appending(
            .compute { arguments, count in
                let outcome: Swift.Result<Any, any Error>
                do {
                    outcome = .success(try handler(arguments, count))
                } catch let misuse as BehaviorMisuse {
                    throw misuse
                } catch {
                    outcome = .failure(error)
                }
                Self.record(outcome, arguments, key, session, recorder, site)
                return try outcome.get()
            }, .bare, site)
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
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let handler = typedAsyncHandler(real)
        let recorder = core.recorder
        let key = name ?? requirement?.name ?? ""
        return appending(
            .computeAsync { arguments, count in
                let outcome: Swift.Result<Any, any Error>
                do {
                    outcome = .success(try await handler(arguments, count))
                } catch let misuse as BehaviorMisuse {
                    throw misuse
                } catch {
                    outcome = .failure(error)
                }
                Self.record(outcome, arguments, key, session, recorder, site)
                return try outcome.get()
            }, .bare, site)
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
            .compute { arguments, _ in try replay.answer(requirement, recordedAs: key, arguments) }, .bare,
            CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private static func record(
        _ outcome: Swift.Result<Any, any Error>, _ arguments: [Any], _ name: String, _ session: RecordingSession,
        _ recorder: InvocationRecorder, _ site: CallSite
    ) {
        do {
            try session.record(name, arguments: arguments, outcome: outcome)
        } catch {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(kind: .invalidRecording, message: "\(recorder.name): \(error)", location: site))
        }
    }
}
