// `thenReplay(as:from:)` with a fixture: the answers recorded under a key,
// in recording order, configured as a chain of fixed answers (the last one
// answers every later call). Requests are not compared; an
// `InteractionReplay` (`thenReplay(from:)`) does that.

extension CallPattern where Result: Decodable {
    /// Answers matching calls with the results recorded under `key`, in
    /// recording order; the last one answers every later call.
    ///
    /// ```swift
    /// let fixture = try InteractionFixture.load(from: fixtureURL)
    /// let replays = weather.when { try await $0.conditions(for: Match.any()) }
    ///     .thenReplay(as: "conditions", from: fixture)
    /// ```
    ///
    /// A recorded error is thrown as a ``RecordedError``, or as itself when it
    /// was a Foundation error (`URLError`, `CocoaError`, `POSIXError`,
    /// `NSError`). A key with no
    /// recorded call, or a result that does not decode as `Result`, is
    /// reported here and configures nothing, so calls stay unmatched rather
    /// than answered wrongly.
    ///
    /// - Parameters:
    ///   - key: The name the calls were recorded under.
    ///   - fixture: The recorded fixture.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to verify.
    @discardableResult
    public func thenReplay(
        as key: String, from fixture: InteractionFixture,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        replay(key, fixture, CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { $0.replayed }
    }

    /// Answers matching calls with the results recorded under `key`, and
    /// throws recorded errors as `Failure` values decoded from the fixture.
    ///
    /// Record them with `thenRecord(as:into:recordingErrorsAs:calling:)`. A
    /// recorded error that does not decode as `Failure` is reported here and
    /// configures nothing.
    ///
    /// - Parameters:
    ///   - key: The name the calls were recorded under.
    ///   - fixture: The recorded fixture.
    ///   - failureType: The error type the calls threw.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to verify.
    @discardableResult
    public func thenReplay<Failure: Error & Decodable>(
        as key: String, from fixture: InteractionFixture, throwing failureType: Failure.Type,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        replay(key, fixture, CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { recorded in
            guard let value = recorded.value else {
                throw FixtureReplayProblem(
                    "the recorded error \(recorded) has no encoded value to decode as \(Failure.self)")
            }
            return try value.decode(as: Failure.self)
        }
    }

    private func replay(
        _ key: String, _ fixture: InteractionFixture, _ site: CallSite,
        error decodeError: (RecordedError) throws -> any Error
    ) -> Self {
        let answers = recordedAnswers(under: key, in: fixture, at: site) {
            interaction -> Swift.Result<Result, any Error> in
            switch interaction.outcome {
            case .returned(let value): .success(try value.decode(as: Result.self))
            case .threw(let error): .failure(try decodeError(error))
            }
        }
        guard let answers else { return self }
        for answer in answers {
            switch answer {
            case .success(let value):
                thenReturn(value, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
            case .failure(let error):
                thenThrow(error, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
            }
        }
        return self
    }
}

/// Why a fixture cannot be replayed.
private struct FixtureReplayProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension CallPattern {
    /// What `fixture` recorded under `key`, each interaction made into an
    /// answer by `answer`, in call order; nil, with an issue at `site` saying
    /// the replay configured nothing, when nothing was recorded under `key`
    /// or `answer` throws (a value that does not decode). Both `thenReplay`
    /// forms read their fixture through it.
    func recordedAnswers<Answer>(
        under key: String, in fixture: InteractionFixture, at site: CallSite,
        _ answer: (RecordedInteraction) throws -> Answer
    ) -> [Answer]? {
        do {
            let recorded = fixture.interactions.filter { $0.requirement == key }
            guard !recorded.isEmpty else {
                let keys = Set(fixture.interactions.map(\.requirement)).sorted()
                throw FixtureReplayProblem("no call was recorded under \"\(key)\"; the fixture has \(keys)")
            }
            return try recorded.map(answer)
        } catch {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording,
                    message: "\(core.recorder.name): thenReplay(as: \"\(key)\") configured nothing: \(error)",
                    location: site))
            return nil
        }
    }
}

extension CallPattern {
    /// Records each call with its outcome, and errors of type `Failure` with
    /// their encoded value so `thenReplay(as:from:throwing:)` can rebuild them.
    ///
    /// - Parameters:
    ///   - name: The name to record the calls under; the pattern's by default.
    ///   - session: The session that collects the calls.
    ///   - failureType: The error type whose values belong in the fixture.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - real: Calls the real implementation with the call's typed arguments.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenRecord<Failure: Error & Encodable, each Argument>(
        as name: String? = nil, into session: RecordingSession, recordingErrorsAs failureType: Failure.Type,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        calling real: @escaping (repeat each Argument) throws -> Result
    ) -> Self {
        // Encodable errors are always recorded with their value; the type
        // names which ones the fixture must be able to rebuild.
        thenRecord(
            as: name, into: session, fileID: fileID, filePath: filePath, line: line, column: column, calling: real)
    }

    /// Records each call of an async requirement with its outcome, and errors
    /// of type `Failure` with their encoded value.
    ///
    /// - Parameters:
    ///   - name: The name to record the calls under; the pattern's by default.
    ///   - session: The session that collects the calls.
    ///   - failureType: The error type whose values belong in the fixture.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - real: Calls the real implementation with the call's typed arguments.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenRecord<Failure: Error & Encodable, each Argument>(
        as name: String? = nil, into session: RecordingSession, recordingErrorsAs failureType: Failure.Type,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        calling real: @escaping (repeat each Argument) async throws -> Result
    ) -> Self {
        thenRecord(
            as: name, into: session, fileID: fileID, filePath: filePath, line: line, column: column, calling: real)
    }
}
