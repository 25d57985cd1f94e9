// Recording and replaying by request: `thenRecord(as:into:recording:calling:)`
// stores a value derived from each call's arguments (the request) in place of
// the arguments, and `thenReplay(as:from:matching:redacting:)` answers each
// call with what was recorded for an equal request.

extension CallPattern {
    /// Answers matching calls with a handler that calls the real
    /// implementation, and records each call under `key` with a request
    /// value derived from its arguments (instead of the arguments) and its outcome.
    ///
    /// ```swift
    /// forecasts.when { try $0.forecast(for: Match.any(), days: Match.any()) }
    ///     .thenRecord(as: "forecast", into: session, recording: { (city: String, days: Int) in
    ///         ForecastRequest(city: city, days: days)
    ///     }) { city, days in try live.forecast(for: city, days: days) }
    /// ```
    ///
    /// The session's redactor sees the request with the role
    /// ``FixtureValueRole/request``. A request or result that cannot be
    /// encoded is reported here, and the real answer is still returned.
    ///
    /// - Parameters:
    ///   - key: The name to record the calls under.
    ///   - session: The session that collects the calls.
    ///   - request: Derives the value to store from the call's typed arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - real: Calls the real implementation with the call's typed arguments.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func thenRecord<Request: Encodable & Sendable, each Argument>(
        as key: String, into session: RecordingSession,
        recording request: @escaping @Sendable (repeat each Argument) -> Request,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        calling real: @escaping @Sendable (repeat each Argument) throws -> Result
    ) -> Self {
        var recording = recording(as: key, into: session, fileID, filePath, line, column)
        recording.request = Self.requestMaker(request, requirement)
        let handler = Self.typedHandler(real, requirement)
        return appending(
            .compute { arguments, count in
                try recording.answer(Swift.Result { try handler(arguments, count) }, Array(arguments))
            }, .bare, recording.site)
    }

    /// The engine's form of a typed request function: the call's arguments
    /// unpacked, the request returned.
    static func requestMaker<Request, each Argument>(
        _ request: @escaping (repeat each Argument) -> Request, _ requirement: Requirement?
    ) -> ([Any]) throws -> Any {
        { arguments in
            let unpacked: (repeat each Argument)
            do {
                unpacked = try ArgumentUnpacking.unpack(arguments)
            } catch {
                throw BehaviorMisuse(message: ArgumentUnpacking.describe(error, arguments, requirement))
            }
            return request(repeat each unpacked)
        }
    }
}

extension CallPattern where Result: Decodable & Sendable {
    /// Answers each matching call with what `fixture` recorded under `key`
    /// for an equal request: the request is derived from the call's
    /// arguments, encoded and passed through `redactor` (as a recording
    /// session's redactor saw it) and compared with the recorded ones.
    ///
    /// ```swift
    /// forecasts.when { try $0.forecast(for: Match.any(), days: Match.any()) }
    ///     .thenReplay(as: "forecast", from: fixture, matching: { (city: String, days: Int) in
    ///         ForecastRequest(city: city, days: days)
    ///     })
    /// ```
    ///
    /// Calls with the same request get its recorded answers in recording
    /// order, the last one repeating. Requests compare as Swift's `==`
    /// compares the values they encode: `-0.0` matches `0.0`, and a
    /// precomposed "é" matches a decomposed one. A recorded error is thrown as a
    /// ``RecordedError``, or as itself when it was a Foundation error
    /// (`URLError`, `CocoaError`, `POSIXError`, `NSError`). A call whose request was never recorded is
    /// reported as a test issue naming the key and both requests, and gets
    /// the double's default answer; a key with no recorded call, or a result
    /// that does not decode as `Result`, is reported here and configures nothing.
    ///
    /// - Parameters:
    ///   - key: The name the calls were recorded under.
    ///   - fixture: The recorded fixture.
    ///   - request: Derives the request from the call's typed arguments.
    ///   - redactor: The redactor the recording session used; none by default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to verify.
    @discardableResult
    public func thenReplay<Request: Encodable & Sendable, each Argument>(
        as key: String, from fixture: InteractionFixture,
        matching request: @escaping @Sendable (repeat each Argument) -> Request,
        redacting redactor: FixtureRedactor = .none,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Self {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let answers = recordedAnswers(under: key, in: fixture, at: site) {
            interaction -> (request: [FixtureValue], answer: Swift.Result<Result, RecordedError>) in
            switch interaction.outcome {
            case .returned(let value): (interaction.arguments, .success(try value.decode(as: Result.self)))
            case .threw(let error): (interaction.arguments, .failure(error))
            }
        }
        guard let answers else { return self }
        let replay = RequestReplay(key: key, answers: answers, redactor: redactor)
        let makeRequest = Self.requestMaker(request, requirement)
        return appending(.compute { arguments, _ in try replay.answer(to: makeRequest(Array(arguments))) }, .bare, site)
    }
}

/// The answers `thenReplay(as:from:matching:redacting:)` serves, and how
/// many calls each recorded request has had.
private final class RequestReplay<Value: Sendable>: Sendable {
    let key: String
    let answers: [(request: [FixtureValue], answer: Swift.Result<Value, RecordedError>)]
    let redactor: FixtureRedactor
    private let served = Locked<[[FixtureValue]: Int]>([:])

    init(
        key: String, answers: [(request: [FixtureValue], answer: Swift.Result<Value, RecordedError>)],
        redactor: FixtureRedactor
    ) {
        self.key = key
        self.answers = answers
        self.redactor = redactor
    }

    /// The recorded answer for one call's request, or a `BehaviorMisuse`
    /// naming the request when none was recorded.
    func answer(to request: Any) throws -> Any {
        let encoded: FixtureValue
        do {
            encoded = redactor.redact(
                try FixtureValue.encodingRecorded(request, role: .request, requirement: key), role: .request,
                requirement: key)
        } catch {
            throw BehaviorMisuse(message: "replaying \"\(key)\": \(error)")
        }
        let key = [encoded.comparedForReplay]
        let candidates = answers.filter { $0.request.map(\.comparedForReplay) == key }
        guard !candidates.isEmpty else {
            let known = answers.map { "[" + $0.request.map(\.description).joined(separator: ", ") + "]" }
            throw BehaviorMisuse(
                message: "replaying \"\(key)\": no call was recorded for the request \(encoded); "
                    + "recorded: \(known.joined(separator: ", "))")
        }
        let index = served.withLock { served in
            let count = served[key, default: 0]
            served[key] = count + 1
            return min(count, candidates.count - 1)
        }
        switch candidates[index].answer {
        case .success(let value): return value
        case .failure(let recorded): throw recorded.replayed
        }
    }
}
