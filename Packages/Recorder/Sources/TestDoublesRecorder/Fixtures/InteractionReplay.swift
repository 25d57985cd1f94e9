/// Answers calls from an ``InteractionFixture``, in its recorded order.
///
/// Each call must be the fixture's next recorded call: the same requirement
/// with the same arguments (compared as encoded JSON, after the replay's
/// redactor, as Swift's `==` compares them: `-0.0` matches `0.0`). It is answered with the recorded result, decoded as the
/// requirement's result type, or throws the recorded error. A call that
/// differs is a test issue naming the requirement, the expected and actual
/// arguments and the fixture position; the call then gets the double's
/// default answer and the fixture does not advance.
///
/// ```swift
/// let stub = try Stub<any Weather>()
/// let replay = stub.replay(try InteractionFixture.load(from: fixtureURL))
/// // ... exercise the code under test with stub() ...
/// replay.assertFullyReplayed()
/// ```
///
/// One replay can serve several patterns (`thenReplay(as:from:)` on each),
/// and then checks the order across all of them.
public final class InteractionReplay: Sendable {
    /// The fixture replayed.
    public let fixture: InteractionFixture
    /// The redactor applied to each actual argument before it is compared;
    /// pass the one the fixture was recorded with.
    public let redactor: FixtureRedactor
    private let errorTypes: [String: any (Error & Decodable).Type]
    private let position = Locked(0)

    /// Creates a replay of a fixture, starting at its first call.
    ///
    /// - Parameters:
    ///   - fixture: The fixture to replay.
    ///   - redactor: The redactor the fixture was recorded with; ``FixtureRedactor/none`` by default.
    ///   - errorTypes: Error types to rebuild recorded errors as (matched by
    ///     type name). Foundation's `URLError`, `CocoaError`, `POSIXError`
    ///     and `NSError` are rebuilt without being listed; any other recorded
    ///     error is thrown as a ``RecordedError``.
    public init(
        _ fixture: InteractionFixture, redacting redactor: FixtureRedactor = .none,
        errorTypes: [any (Error & Decodable).Type] = []
    ) {
        self.fixture = fixture
        self.redactor = redactor
        var types: [String: any (Error & Decodable).Type] = [:]
        for type in errorTypes { types[String(reflecting: type)] = type }
        self.errorTypes = types
    }

    /// The number of recorded calls already answered.
    public var replayedCount: Int { position.withLock { $0 } }

    /// The recorded calls not answered yet, in order.
    public var remainingInteractions: [RecordedInteraction] {
        Array(fixture.interactions.dropFirst(replayedCount))
    }

    /// Reports a test issue when recorded calls were not replayed.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; the issue is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether every recorded call was replayed.
    @discardableResult
    public func assertFullyReplayed(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Bool {
        let done = replayedCount
        let remaining = fixture.interactions.dropFirst(done)
        guard !remaining.isEmpty else { return true }
        var lines = [
            "\(fixtureName) was not fully replayed: \(done) of \(fixture.interactions.count) recorded calls were "
                + "made; these were not:"
        ]
        for (offset, interaction) in remaining.enumerated() {
            lines.append("  position \(done + offset): \(interaction.callDescription)")
        }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .unmetExpectation, message: lines.joined(separator: "\n"),
                location: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
        return false
    }

    var fixtureName: String { fixture.name.map { "fixture \"\($0)\"" } ?? "the fixture" }

    /// Answers one call: the recorded result decoded as the requirement's
    /// result type, or the recorded error thrown.
    ///
    /// - Throws: The recorded error, or `BehaviorMisuse` describing a mismatch
    ///   (the engine reports it as an issue and answers with a default).
    func answer(
        _ requirement: Requirement, recordedAs name: String, _ arguments: [Any], typedError: (any Error.Type)? = nil
    ) throws -> Any {
        var actual: [FixtureValue] = []
        for (index, argument) in arguments.enumerated() {
            do {
                let value = try FixtureValue.encodingRecorded(argument, role: .argument(index), requirement: name)
                actual.append(redactor.redact(value, role: .argument(index), requirement: name))
            } catch {
                throw BehaviorMisuse(message: "replaying \(fixtureName) failed: \(error)")
            }
        }
        let recorded: RecordedInteraction? = position.withLock { position in
            guard position < fixture.interactions.count else { return nil }
            let next = fixture.interactions[position]
            guard next.requirement == name, next.arguments.map(\.comparedForReplay) == actual.map(\.comparedForReplay)
            else { return nil }
            position += 1
            return next
        }
        guard let recorded else { throw BehaviorMisuse(message: mismatch(name, actual)) }
        switch recorded.outcome {
        case .returned(let value):
            return try decodeResult(value, as: requirement.resultType, name)
        case .threw(let recordedError):
            let error = rebuild(recordedError)
            if let typedError, ObjectIdentifier(type(of: error)) != ObjectIdentifier(typedError) {
                throw BehaviorMisuse(
                    message: "replaying \(fixtureName): \(name) throws \(typedError), and the recorded error "
                        + "\(recordedError) cannot be rebuilt as one; pass \(typedError) in errorTypes:")
            }
            throw error
        }
    }

    private func mismatch(_ name: String, _ actual: [FixtureValue]) -> String {
        let at = replayedCount
        let got = "\(name) with [\(actual.map(\.description).joined(separator: ", "))]"
        guard at < fixture.interactions.count else {
            return "replaying \(fixtureName): the call \(got) comes after all \(fixture.interactions.count) "
                + "recorded calls were replayed"
        }
        let expected = fixture.interactions[at]
        let difference =
            expected.requirement == name
            ? "the arguments differ"
            : "the requirement differs (expected \(expected.requirement), got \(name))"
        return "replaying \(fixtureName): at position \(at) (call \(at + 1) of \(fixture.interactions.count)) "
            + "\(difference): expected \(expected.callDescription), got \(got)"
    }

    private func decodeResult(_ value: FixtureValue, as type: Any.Type, _ name: String) throws -> Any {
        if type == Void.self { return () }
        guard let decodable = type as? any Decodable.Type else {
            throw BehaviorMisuse(
                message: "replaying \(fixtureName): \(name) returns \(type), which does not conform to Decodable")
        }
        do {
            return try value.decode(as: decodable)
        } catch {
            throw BehaviorMisuse(
                message: "replaying \(fixtureName): the recorded result \(value) of \(name) cannot be decoded as "
                    + "\(type): \(InteractionFixture.explain(error))")
        }
    }

    private func rebuild(_ recorded: RecordedError) -> any Error {
        guard let type = errorTypes[recorded.type], let value = recorded.value,
            let error = try? value.decode(as: type)
        else { return recorded.replayed }
        return error
    }
}
