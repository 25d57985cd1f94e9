import TestDoublesRecorder

/// Where a recording client spy writes its forwarded calls, and the
/// recorder whose name and creation site report a call that cannot be recorded.
struct ForwardedCallRecording: Sendable {
    let session: RecordingSession
    let recorder: InvocationRecorder

    func record(_ requirement: Requirement, _ arguments: [Any], _ outcome: Result<Any, any Error>) {
        do {
            try session.record(requirement.name, arguments: arguments, outcome: outcome)
        } catch {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording, message: "\(recorder.name): \(error)", location: recorder.creationSite))
        }
    }
}

extension LiveClient {
    /// Calls the live client and records the call with its answer.
    func call<R>(_ requirement: Requirement, _ arguments: [Any], _ body: () -> R) -> R {
        let value = body()
        recording?.record(requirement, arguments, .success(value))
        return value
    }

    /// Calls the live client and records the call with its answer or error.
    func callThrowing<R>(_ requirement: Requirement, _ arguments: [Any], _ body: () throws -> R) throws -> R {
        do {
            let value = try body()
            recording?.record(requirement, arguments, .success(value))
            return value
        } catch {
            recording?.record(requirement, arguments, .failure(error))
            throw error
        }
    }

    /// Awaits the live client and records the call with its answer.
    func callAsync<R>(_ requirement: Requirement, _ arguments: [Any], _ body: () async -> R) async -> R {
        let value = await body()
        recording?.record(requirement, arguments, .success(value))
        return value
    }

    /// Awaits the live client and records the call with its answer or error.
    func callAsyncThrowing<R>(
        _ requirement: Requirement, _ arguments: [Any], _ body: () async throws -> R
    ) async throws -> R {
        do {
            let value = try await body()
            recording?.record(requirement, arguments, .success(value))
            return value
        } catch {
            recording?.record(requirement, arguments, .failure(error))
            throw error
        }
    }
}
