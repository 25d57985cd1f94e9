import TestDoublesRecorder

extension Stub {
    /// Answers every call of the stub from a recorded fixture, in the
    /// fixture's order.
    ///
    /// ```swift
    /// let weather = try Stub<any Weather>()
    /// let replay = weather.replay(try InteractionFixture.load(from: fixtureURL))
    /// let report = try await Forecast(weather: weather()).today()
    /// replay.assertFullyReplayed()
    /// ```
    ///
    /// Each call must be the fixture's next recorded call (same requirement,
    /// same encoded arguments) and gets its recorded result or error; any
    /// other call is a test issue naming the requirement, the expected and
    /// actual arguments and the fixture position, and gets the stub's default
    /// answer. Registrations made before `replay` win over it, like any
    /// earlier `when`.
    ///
    /// - Parameters:
    ///   - fixture: The recorded calls.
    ///   - redactor: The redactor the fixture was recorded with, so redacted arguments still match.
    ///   - errorTypes: Error types to rebuild recorded errors as; Foundation's `URLError`, `CocoaError`,
    ///     `POSIXError` and `NSError` are rebuilt without being listed; others are thrown as `RecordedError`.
    ///   - fileID: The caller's file ID; mismatches are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The replay, to check with `InteractionReplay.assertFullyReplayed()`.
    @discardableResult
    public func replay(
        _ fixture: InteractionFixture, redacting redactor: FixtureRedactor = .none,
        errorTypes: [any (Error & Decodable).Type] = [],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> InteractionReplay {
        let replay = InteractionReplay(fixture, redacting: redactor, errorTypes: errorTypes)
        self.replay(replay, fileID: fileID, filePath: filePath, line: line, column: column)
        return replay
    }

    /// Answers every call of the stub from a replay shared with other doubles or patterns.
    ///
    /// - Parameters:
    ///   - replay: The replay that answers; it keeps the position in its fixture.
    ///   - fileID: The caller's file ID; mismatches are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func replay(
        _ replay: InteractionReplay,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let blueprint: StubBlueprint
        do {
            blueprint = try StubBlueprint.make(for: Subject.self, explicit: nil)
        } catch {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidBehavior,
                    message: "\(recorder.name): replay(_:) needs the requirements discovered from a linked "
                        + "conformer (\(error)); configure each requirement with "
                        + "when { ... }.thenReplay(from: replay) instead",
                    location: site))
            return
        }
        let requirements = blueprint.shapes.compactMap {
            shape -> (requirement: TestDoublesRecorder.Requirement, argumentCount: Int)? in
            guard case .call = shape.access else { return nil }
            return (shape.requirement, shape.argumentTypes.count)
        }
        var typedErrors: [RequirementID: any Error.Type] = [:]
        for shape in blueprint.shapes {
            if case .typed(let errorType) = shape.thrown { typedErrors[shape.requirement.id] = errorType }
        }
        recorder.install(replay, for: requirements, typedErrors: typedErrors, site: site)
    }
}
