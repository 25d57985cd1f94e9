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
/// The listed calls must appear as a relative subsequence of all calls on
/// the doubles involved, ordered by ``InvocationSequence``. With
/// `exhaustive: true`, those doubles must have recorded no other calls.
/// A failure is reported at the `InvocationOrder` line.
public struct InvocationOrder {
    /// Whether the order held.
    public let passed: Bool

    /// Records the listed calls and verifies their order.
    ///
    /// - Parameters:
    ///   - exhaustive: Whether the doubles involved may have recorded other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - body: Lists the expected calls in order.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        @InvocationOrderBuilder _ body: () throws -> Void
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let session = CaptureSession(scope: .anyRecorder)
        CaptureSession.run(session, body)
        passed = Self.verify(session, exhaustive: exhaustive, site: site)
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
    ///   - body: Lists the expected calls in order.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        @InvocationOrderBuilder _ body: () async throws -> Void
    ) async {
        passed = await Self.record(
            exhaustive: exhaustive, isolation: isolation,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
    }
    #else
    // Swift 6.0's SILGen crashes on an initializer with an `isolated`
    // parameter ("actor-instance but no self provided?"), so 6.0 keeps the
    // nonisolated initializer: its closure must not capture actor state.
    /// Records the listed calls, some of them async, and verifies their order.
    ///
    /// - Parameters:
    ///   - exhaustive: Whether the doubles involved may have recorded other calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - body: Lists the expected calls in order.
    @discardableResult
    public init(
        exhaustive: Bool = false,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        @InvocationOrderBuilder _ body: () async throws -> Void
    ) async {
        passed = await Self.record(
            exhaustive: exhaustive, isolation: nil,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
    }
    #endif

    /// Runs the async builder on `isolation` and verifies the order it listed.
    private static func record(
        exhaustive: Bool, isolation: isolated (any Actor)?, site: CallSite, _ body: () async throws -> Void
    ) async -> Bool {
        let session = CaptureSession(scope: .anyRecorder)
        await CaptureSession.run(session, isolation: isolation, body)
        return verify(session, exhaustive: exhaustive, site: site)
    }

    private static func verify(_ session: CaptureSession, exhaustive: Bool, site: CallSite) -> Bool {
        var problems = session.problems
        if session.leftoverMatchers > 0 {
            problems.append("\(session.leftoverMatchers) matcher(s) were not passed to a requirement of a double")
        }
        var steps: [PatternCore] = []
        for step in session.steps {
            switch step {
            case .interactions(let core):
                if core.isValid {
                    steps.append(core)
                } else {
                    problems.append("a listed pattern has no valid recording")
                }
            case .call(let call):
                switch InvocationRecorder.pattern(for: call) {
                case .success(let pattern):
                    steps.append(call.recorder.makeCore(pattern, registering: false, site: site))
                case .failure(let problem): problems.append(problem.message)
                }
            }
        }
        if steps.isEmpty && problems.isEmpty { problems.append("the builder listed no calls") }
        guard problems.isEmpty else {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording,
                    message: "InvocationOrder cannot use this recording: " + problems.joined(separator: "; ") + ".",
                    location: site))
            return false
        }
        return OrderVerification.verify(steps, exhaustive: exhaustive, purpose: "InvocationOrder", site: site)
    }
}

/// Collects the calls and patterns listed in an ``InvocationOrder``.
@resultBuilder
public enum InvocationOrderBuilder {
    /// Lists a call made on a double's value (the call itself was recorded as it ran).
    ///
    /// - Parameter value: The placeholder result of the recorded call.
    public static func buildExpression<T>(_ value: T) {}

    /// Lists a saved pattern or interaction handle.
    ///
    /// - Parameter pattern: The pattern.
    public static func buildExpression<P: InteractionObserving>(_ pattern: P) {
        CaptureSession.current?.append(pattern.interactions.core)
    }

    /// Combines the listed steps.
    ///
    /// - Parameter steps: The steps.
    public static func buildBlock(_ steps: Void...) {}
}
