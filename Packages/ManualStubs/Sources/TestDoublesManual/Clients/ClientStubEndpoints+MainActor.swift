import TestDoublesRecorder

// Endpoints for `@MainActor` async closure fields. An endpoint of
// `asyncFunction(_:)` is nonisolated: converting it to a `@MainActor` field
// whose arguments or result are not `Sendable` would send them across the
// boundary on every call, which Swift 6 rejects. These endpoints are
// isolated to the main actor and answer there, so the values never leave it.
// (Synchronous fields need none: a synchronous endpoint runs on its caller.)

extension ClientStubEndpoints {
    /// An endpoint for a `@MainActor` async, non-throwing closure field.
    ///
    /// ```swift
    /// struct ProfileUI { var present: @MainActor (Profile) async -> Profile }
    /// let ui = ClientStub<ProfileUI> { ProfileUI(present: $0.mainActorAsyncFunction("present")) }
    /// ```
    ///
    /// - Parameter name: The operation's name in diagnostics, such as `"present"`.
    /// - Returns: A closure that reports each call to the stub, answered on the main actor.
    public func mainActorAsyncFunction<each A, R>(_ name: String) -> @MainActor @Sendable (repeat each A) async -> R {
        let requirement = requirements.requirement(
            name, .call, effects: .async, arguments: repeat (each A).self, result: R.self
        ).pointee
        let recorder = recorder
        return { @MainActor (argument: repeat each A) async -> R in
            await recorder.answerAsync(requirement, boxed(repeat each argument), isolation: MainActor.shared)
        }
    }

    /// An endpoint for a `@MainActor` async, throwing closure field.
    ///
    /// - Parameter name: The operation's name in diagnostics, such as `"load"`.
    /// - Returns: A closure that reports each call to the stub, answered on the main actor.
    public func mainActorAsyncThrowingFunction<each A, R>(
        _ name: String
    ) -> @MainActor @Sendable (repeat each A) async throws -> R {
        let requirement = requirements.requirement(
            name, .call, effects: .asyncThrows, arguments: repeat (each A).self, result: R.self
        ).pointee
        let recorder = recorder
        return { @MainActor (argument: repeat each A) async throws -> R in
            try await recorder.answerAsync(
                requirement, boxed(repeat each argument), throwing: (any Error).self, isolation: MainActor.shared)
        }
    }

    /// An endpoint for a `@MainActor` async closure field that throws only `E`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"load"`.
    ///   - throwing: The field's error type.
    /// - Returns: A closure that reports each call to the stub, answered on the main actor.
    public func mainActorAsyncThrowingFunction<each A, R, E: Error>(
        _ name: String, throwing: E.Type
    ) -> @MainActor @Sendable (repeat each A) async throws(E) -> R {
        let requirement = requirements.requirement(
            name, .call, effects: .asyncThrows, error: E.self, arguments: repeat (each A).self, result: R.self
        ).pointee
        let recorder = recorder
        return { @MainActor (argument: repeat each A) async throws(E) -> R in
            try await recorder.answerAsync(
                requirement, boxed(repeat each argument), throwing: E.self, isolation: MainActor.shared)
        }
    }
}
