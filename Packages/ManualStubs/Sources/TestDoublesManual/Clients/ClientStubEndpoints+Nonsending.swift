#if compiler(>=6.2)
import TestDoublesRecorder

// `endpoint(_:as:forwarding:)` for an async closure field whose type is
// `nonisolated(nonsending)`: any unmarked async closure type in a module
// built with `NonisolatedNonsendingByDefault` (Swift 6.2's approachable
// concurrency), or one marked so. Such a field runs on its caller's actor, so
// its endpoint does too: it records and answers there (the engine's
// `dispatchAsync` is awaited as from `answerAsync(_:_:isolation:)`), and a
// forwarded call awaits the live client's field there. The field's metatype
// picks these overloads or the plain async ones, so the same wiring compiles
// in either kind of module.
//
// One overload per arity, up to 6 parameters, where the other endpoints
// take a parameter pack: Swift 6.3.1 crashes lowering a
// `nonisolated(nonsending)` closure whose parameters are a pack.

extension ClientStubEndpoints {
    /// Answers a call of a `nonisolated(nonsending)` endpoint on the caller's
    /// actor: the engine picks the answer, and a forwarded call awaits `live`
    /// on the live client here and records it.
    nonisolated(nonsending) func answerOnCaller<R>(
        _ requirement: Requirement, _ arguments: [Any], live call: nonisolated(nonsending) (Client) async -> R
    ) async -> R {
        let outcome = await recorder.dispatchAsync(requirement, arguments: HandOver(arguments))
        guard case .forward = outcome, let live else {
            return TypedAnswer.resolve(outcome, recorder, requirement, forward: nil as (() -> R)?)
        }
        let value = await call(live.client)
        live.recording?.record(requirement, arguments, .success(value))
        return value
    }

    /// Answers a call of a throwing `nonisolated(nonsending)` endpoint on the
    /// caller's actor, as `answerOnCaller(_:_:live:)` does; an error the
    /// field cannot throw is reported as the other endpoints report it.
    nonisolated(nonsending) func answerOnCaller<R, E: Error>(
        _ requirement: Requirement, _ arguments: [Any], throwing type: E.Type,
        live call: nonisolated(nonsending) (Client) async throws -> R
    ) async throws(E) -> R {
        let outcome = await recorder.dispatchAsync(requirement, arguments: HandOver(arguments))
        guard case .forward = outcome, let live else {
            return try TypedAnswer.resolve(
                outcome, recorder, requirement, throwing: type, forward: nil as (() throws -> R)?)
        }
        let result: Result<R, any Error>
        do { result = .success(try await call(live.client)) } catch { result = .failure(error) }
        live.recording?.record(requirement, arguments, result.map { $0 as Any })
        return try TypedAnswer.resolve(outcome, recorder, requirement, throwing: type, forward: { try result.get() })
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable () async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable () async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable () async -> R
    ) -> nonisolated(nonsending) @Sendable () async -> R {
        let requirement = requirement(name, .async, Void.self, R.self)
        let endpoints = self
        return { () async -> R in
            await endpoints.answerOnCaller(requirement, boxed()) {
                await forwarding($0)()
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable () async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable () async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable () async throws -> R
    ) -> nonisolated(nonsending) @Sendable () async throws -> R {
        let requirement = requirement(name, .asyncThrows, Void.self, R.self)
        let endpoints = self
        return { () async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(), throwing: (any Error).self) {
                try await forwarding($0)()
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable () async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable () async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable () async throws(E) -> R
    ) -> nonisolated(nonsending) @Sendable () async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, Void.self, R.self)
        let endpoints = self
        return { () async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(), throwing: E.self) {
                try await forwarding($0)()
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1) async -> R
    ) -> nonisolated(nonsending) @Sendable (A1) async -> R {
        let requirement = requirement(name, .async, A1.self, R.self)
        let endpoints = self
        return { (a1: A1) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1)) {
                await forwarding($0)(a1)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1) async throws -> R
    ) -> nonisolated(nonsending) @Sendable (A1) async throws -> R {
        let requirement = requirement(name, .asyncThrows, A1.self, R.self)
        let endpoints = self
        return { (a1: A1) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1), throwing: (any Error).self) {
                try await forwarding($0)(a1)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1) async throws(E) -> R
    ) -> nonisolated(nonsending) @Sendable (A1) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, A1.self, R.self)
        let endpoints = self
        return { (a1: A1) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1), throwing: E.self) {
                try await forwarding($0)(a1)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2) async -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2) async -> R {
        let requirement = requirement(name, .async, (A1, A2).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2)) {
                await forwarding($0)(a1, a2)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2) async throws -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2) async throws(E) -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2), throwing: E.self) {
                try await forwarding($0)(a1, a2)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3) async -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3) async -> R {
        let requirement = requirement(name, .async, (A1, A2, A3).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3)) {
                await forwarding($0)(a1, a2, a3)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3) async throws -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2, A3).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2, a3)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3) async throws(E) -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2, A3).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3), throwing: E.self) {
                try await forwarding($0)(a1, a2, a3)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async -> R {
        let requirement = requirement(name, .async, (A1, A2, A3, A4).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4)) {
                await forwarding($0)(a1, a2, a3, a4)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async throws -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2, A3, A4).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2, a3, a4)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async throws(E) -> R).Type,
        forwarding:
            @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async throws(E) -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2, A3, A4).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4), throwing: E.self) {
                try await forwarding($0)(a1, a2, a3, a4)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async -> R {
        let requirement = requirement(name, .async, (A1, A2, A3, A4, A5).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5)) {
                await forwarding($0)(a1, a2, a3, a4, a5)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async throws -> R).Type,
        forwarding:
            @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async throws -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2, A3, A4, A5).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2, a3, a4, a5)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async throws(E) -> R).Type,
        forwarding:
            @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async throws(E) -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2, A3, A4, A5).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5), throwing: E.self) {
                try await forwarding($0)(a1, a2, a3, a4, a5)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, A6, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async -> R).Type,
        forwarding:
            @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async -> R {
        let requirement = requirement(name, .async, (A1, A2, A3, A4, A5, A6).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5, a6: A6) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5, a6)) {
                await forwarding($0)(a1, a2, a3, a4, a5, a6)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, A6, R>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async throws -> R).Type,
        forwarding:
            @escaping @Sendable (Client) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async throws -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2, A3, A4, A5, A6).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5, a6: A6) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5, a6), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2, a3, a4, a5, a6)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, A6, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async throws(E) -> R).Type,
        forwarding:
            @escaping @Sendable (Client) ->
            nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async throws(E) -> R
    ) -> nonisolated(nonsending) @Sendable (A1, A2, A3, A4, A5, A6) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2, A3, A4, A5, A6).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5, a6: A6) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5, a6), throwing: E.self) {
                try await forwarding($0)(a1, a2, a3, a4, a5, a6)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) () async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<R>(
        _ name: String, as type: (nonisolated(nonsending) () async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) () async -> R
    ) -> nonisolated(nonsending) () async -> R {
        let requirement = requirement(name, .async, Void.self, R.self)
        let endpoints = self
        return { () async -> R in
            await endpoints.answerOnCaller(requirement, boxed()) {
                await forwarding($0)()
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) () async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<R>(
        _ name: String, as type: (nonisolated(nonsending) () async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) () async throws -> R
    ) -> nonisolated(nonsending) () async throws -> R {
        let requirement = requirement(name, .asyncThrows, Void.self, R.self)
        let endpoints = self
        return { () async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(), throwing: (any Error).self) {
                try await forwarding($0)()
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) () async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) () async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) () async throws(E) -> R
    ) -> nonisolated(nonsending) () async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, Void.self, R.self)
        let endpoints = self
        return { () async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(), throwing: E.self) {
                try await forwarding($0)()
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1) async -> R
    ) -> nonisolated(nonsending) (A1) async -> R {
        let requirement = requirement(name, .async, A1.self, R.self)
        let endpoints = self
        return { (a1: A1) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1)) {
                await forwarding($0)(a1)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1) async throws -> R
    ) -> nonisolated(nonsending) (A1) async throws -> R {
        let requirement = requirement(name, .asyncThrows, A1.self, R.self)
        let endpoints = self
        return { (a1: A1) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1), throwing: (any Error).self) {
                try await forwarding($0)(a1)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) (A1) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1) async throws(E) -> R
    ) -> nonisolated(nonsending) (A1) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, A1.self, R.self)
        let endpoints = self
        return { (a1: A1) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1), throwing: E.self) {
                try await forwarding($0)(a1)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2) async -> R
    ) -> nonisolated(nonsending) (A1, A2) async -> R {
        let requirement = requirement(name, .async, (A1, A2).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2)) {
                await forwarding($0)(a1, a2)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2) async throws -> R
    ) -> nonisolated(nonsending) (A1, A2) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2) async throws(E) -> R
    ) -> nonisolated(nonsending) (A1, A2) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2), throwing: E.self) {
                try await forwarding($0)(a1, a2)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3) async -> R
    ) -> nonisolated(nonsending) (A1, A2, A3) async -> R {
        let requirement = requirement(name, .async, (A1, A2, A3).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3)) {
                await forwarding($0)(a1, a2, a3)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3) async throws -> R
    ) -> nonisolated(nonsending) (A1, A2, A3) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2, A3).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2, a3)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3) async throws(E) -> R
    ) -> nonisolated(nonsending) (A1, A2, A3) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2, A3).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3), throwing: E.self) {
                try await forwarding($0)(a1, a2, a3)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4) async -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4) async -> R {
        let requirement = requirement(name, .async, (A1, A2, A3, A4).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4)) {
                await forwarding($0)(a1, a2, a3, a4)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4) async throws -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2, A3, A4).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2, a3, a4)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4) async throws(E) -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2, A3, A4).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4), throwing: E.self) {
                try await forwarding($0)(a1, a2, a3, a4)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4, A5) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4, A5) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4, A5) async -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4, A5) async -> R {
        let requirement = requirement(name, .async, (A1, A2, A3, A4, A5).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5)) {
                await forwarding($0)(a1, a2, a3, a4, a5)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4, A5) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4, A5) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4, A5) async throws -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4, A5) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2, A3, A4, A5).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2, a3, a4, a5)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4, A5) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4, A5) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4, A5) async throws(E) -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4, A5) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2, A3, A4, A5).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5), throwing: E.self) {
                try await forwarding($0)(a1, a2, a3, a4, a5)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, A6, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async -> R {
        let requirement = requirement(name, .async, (A1, A2, A3, A4, A5, A6).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5, a6: A6) async -> R in
            await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5, a6)) {
                await forwarding($0)(a1, a2, a3, a4, a5, a6)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, A6, R>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async throws -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async throws -> R {
        let requirement = requirement(name, .asyncThrows, (A1, A2, A3, A4, A5, A6).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5, a6: A6) async throws -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5, a6), throwing: (any Error).self) {
                try await forwarding($0)(a1, a2, a3, a4, a5, a6)
            }
        }
    }

    /// An endpoint for a field of the closure type `nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double, on its caller's actor.
    public func endpoint<A1, A2, A3, A4, A5, A6, R, E: Error>(
        _ name: String, as type: (nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async throws(E) -> R).Type,
        forwarding:
            @escaping @Sendable (Client) -> nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async throws(E) -> R
    ) -> nonisolated(nonsending) (A1, A2, A3, A4, A5, A6) async throws(E) -> R {
        let requirement = requirement(name, .asyncThrows, error: E.self, (A1, A2, A3, A4, A5, A6).self, R.self)
        let endpoints = self
        return { (a1: A1, a2: A2, a3: A3, a4: A4, a5: A5, a6: A6) async throws(E) -> R in
            try await endpoints.answerOnCaller(requirement, boxed(a1, a2, a3, a4, a5, a6), throwing: E.self) {
                try await forwarding($0)(a1, a2, a3, a4, a5, a6)
            }
        }
    }
}
#endif
