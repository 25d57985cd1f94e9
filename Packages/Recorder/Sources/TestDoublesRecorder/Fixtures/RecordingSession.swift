import Foundation

/// Collects the calls a double hands to a real implementation, with what
/// the real implementation answered, for saving as an ``InteractionFixture``.
///
/// A `Spy(forwardingTo:recordingInto:)` records every call it forwards;
/// `thenRecord(as:into:calling:)` records the calls one pattern serves.
/// Arguments, results and error payloads are encoded through `Codable` and
/// passed through the session's ``FixtureRedactor`` first.
///
/// ```swift
/// let session = RecordingSession(named: "weather", redacting: .replacing([.argument(0)], of: "login(token:)"))
/// // ... calls through a recording spy ...
/// try session.save(to: fixtureURL)
/// ```
///
/// A call whose values cannot be encoded is reported as a test issue when it
/// happens. The session then refuses to save a fixture, because the fixture
/// would miss that call, and ``snapshot(fileID:filePath:line:column:)``
/// reports the missing calls again at its own line.
public final class RecordingSession: Sendable {
    struct State {
        var interactions: [RecordedInteraction] = []
        var problems: [FixtureError] = []
    }

    /// The name the fixture gets.
    public let name: String?
    /// The redactor every value passes through before it is stored.
    public let redactor: FixtureRedactor
    /// The fixture this session's calls are compared with, if any (see ``init(comparingAgainst:named:redacting:)``).
    public let reference: InteractionFixture?
    private let state = Locked(State())

    /// Creates an empty session.
    ///
    /// - Parameters:
    ///   - name: The name the fixture gets, for diagnostics.
    ///   - redactor: Rewrites values before they are stored; ``FixtureRedactor/none`` by default.
    public init(named name: String? = nil, redacting redactor: FixtureRedactor = .none) {
        self.name = name
        self.redactor = redactor
        self.reference = nil
    }

    /// Creates an empty session that records as usual and can be compared
    /// with an earlier fixture: a contract check that the real
    /// implementation still answers as it did when the fixture was recorded.
    ///
    /// ```swift
    /// let session = RecordingSession(comparingAgainst: try InteractionFixture.load(from: url))
    /// let spy = try Spy<any Weather>(forwardingTo: LiveWeather(), recordingInto: session)
    /// // ... the same calls as when the fixture was recorded ...
    /// session.assertMatchesReference()
    /// ```
    ///
    /// - Parameters:
    ///   - reference: The fixture to compare with; record it with the same redactor.
    ///   - name: The name the new fixture gets; the reference's by default.
    ///   - redactor: Rewrites values before they are stored and compared.
    public init(
        comparingAgainst reference: InteractionFixture, named name: String? = nil,
        redacting redactor: FixtureRedactor = .none
    ) {
        self.name = name ?? reference.name
        self.redactor = redactor
        self.reference = reference
    }

    /// The calls recorded so far, in call order.
    public var interactions: [RecordedInteraction] { state.withLock { $0.interactions } }

    /// The calls that could not be recorded, in call order.
    public var problems: [FixtureError] { state.withLock { $0.problems } }

    /// Records one call and its outcome.
    ///
    /// - Parameters:
    ///   - requirement: The requirement's name, such as `fetch(id:)`.
    ///   - arguments: The call's arguments, in the recorder's order.
    ///   - outcome: The value the call returned (`()` for `Void`) or the error it threw.
    /// - Returns: The call as stored.
    /// - Throws: ``FixtureError/notEncodable(requirement:role:type:)`` or
    ///   ``FixtureError/encodingFailed(requirement:role:reason:)``; the
    ///   problem is also kept: ``save(to:)`` then fails, and
    ///   ``snapshot(fileID:filePath:line:column:)`` reports it.
    @discardableResult
    public func record(
        _ requirement: String, arguments: [Any], outcome: Result<Any, any Error>
    ) throws(FixtureError) -> RecordedInteraction {
        do {
            let interaction = try encode(requirement, arguments: arguments, outcome: outcome)
            state.withLock { $0.interactions.append(interaction) }
            return interaction
        } catch {
            state.withLock { $0.problems.append(error) }
            throw error
        }
    }

    /// The calls recorded so far as an in-memory fixture, for replaying
    /// within the same test run without writing a file.
    ///
    /// When a call could not be recorded (see ``problems``), the fixture
    /// lacks it, and a replay from it would answer without that call: the
    /// missing calls are reported as a test issue at the caller's line, and
    /// the fixture holds the calls that were recorded. ``save(to:)`` refuses
    /// to write such a fixture.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; an incomplete recording is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The fixture, of the current schema version, with the calls recorded so far.
    public func snapshot(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> InteractionFixture {
        let (interactions, problems) = state.withLock { ($0.interactions, $0.problems) }
        if !problems.isEmpty {
            let title = name.map { "recording \"\($0)\"" } ?? "the recording"
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording,
                    message: "snapshot() of \(title): \(FixtureError.incompleteRecording(problems))\n"
                        + "The fixture holds the \(interactions.count) call(s) that were recorded; a replay from it "
                        + "answers without the others. Make those values Codable, or record a request value "
                        + "instead with thenRecord(as:into:recording:calling:).",
                    location: .at(fileID: fileID, filePath: filePath, line: line, column: column)))
        }
        return InteractionFixture(name: name, interactions: interactions)
    }

    /// Saves the recorded calls as a fixture file.
    ///
    /// - Parameter url: The file's URL; its directory must exist.
    /// - Throws: ``FixtureError/incompleteRecording(_:)`` when a call could
    ///   not be recorded (nothing is written), or ``FixtureError`` when the
    ///   file cannot be written.
    public func save(to url: URL) throws(FixtureError) {
        let (interactions, problems) = state.withLock { ($0.interactions, $0.problems) }
        guard problems.isEmpty else { throw .incompleteRecording(problems) }
        try InteractionFixture(name: name, interactions: interactions).save(to: url)
    }

    /// Records one call under `requirement` with a request value in place
    /// of its arguments (stored as its only argument, redacted with the
    /// role ``FixtureValueRole/request``) and its outcome.
    @discardableResult
    func record(
        _ requirement: String, request: Any, outcome: Result<Any, any Error>
    ) throws(FixtureError) -> RecordedInteraction {
        do {
            let interaction = try encode(requirement, values: [(request, .request)], outcome: outcome)
            state.withLock { $0.interactions.append(interaction) }
            return interaction
        } catch {
            state.withLock { $0.problems.append(error) }
            throw error
        }
    }

    private func encode(
        _ requirement: String, arguments: [Any], outcome: Result<Any, any Error>
    ) throws(FixtureError) -> RecordedInteraction {
        try encode(
            requirement, values: arguments.enumerated().map { ($0.element, .argument($0.offset)) }, outcome: outcome)
    }

    private func encode(
        _ requirement: String, values: [(Any, FixtureValueRole)], outcome: Result<Any, any Error>
    ) throws(FixtureError) -> RecordedInteraction {
        var encoded: [FixtureValue] = []
        for (value, role) in values {
            encoded.append(try encodeValue(value, role: role, requirement: requirement))
        }
        switch outcome {
        case .success(let value):
            let result = try encodeValue(value, role: .result, requirement: requirement)
            return RecordedInteraction(requirement: requirement, arguments: encoded, outcome: .returned(result))
        case .failure(let error):
            let value: FixtureValue?
            if error is any Encodable {
                value = try encodeValue(error, role: .error, requirement: requirement)
            } else if let record = FoundationErrorRecord(error) {
                value = redactor.redact(record.fixtureValue, role: .error, requirement: requirement)
            } else {
                value = nil
            }
            let recorded = RecordedError(
                type: String(reflecting: type(of: error)), message: String(describing: error), value: value)
            return RecordedInteraction(requirement: requirement, arguments: encoded, outcome: .threw(recorded))
        }
    }

    /// Encodes one value (`Void` as `null`) and passes it through the redactor.
    func encodeValue(_ value: Any, role: FixtureValueRole, requirement: String) throws(FixtureError) -> FixtureValue {
        try redactor.redact(
            FixtureValue.encodingRecorded(value, role: role, requirement: requirement), role: role,
            requirement: requirement)
    }
}

extension FixtureValue {
    /// Encodes a value of a recorded call: `Void` as `null`, an `Encodable` through its conformance.
    static func encodingRecorded(
        _ value: Any, role: FixtureValueRole, requirement: String
    ) throws(FixtureError) -> FixtureValue {
        if value is Void { return .null }
        guard let encodable = value as? any Encodable else {
            throw .notEncodable(requirement: requirement, role: role, type: String(reflecting: type(of: value)))
        }
        do {
            return try FixtureValue(encoding: encodable)
        } catch {
            throw .encodingFailed(requirement: requirement, role: role, reason: "\(error)")
        }
    }
}
