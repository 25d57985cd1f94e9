import TestDoublesRecorder

// `endpoint(_:as:forwarding:)`: an endpoint for a field whose type is a
// closure type alias. The alias metatype fixes the arity and effects, so a
// generated or hand-written preset need not spell them; `forwarding` reads
// the same field from a live client.

extension ClientStubEndpoints {
    /// An endpoint for a field of the closure type `@Sendable (repeat each A) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R>(
        _ name: String, as type: (@Sendable (repeat each A) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> @Sendable (repeat each A) -> R
    ) -> @Sendable (repeat each A) -> R {
        function(
            name,
            forwarding: { (live: Client, argument: repeat each A) -> R in
                forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `@Sendable (repeat each A) throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R>(
        _ name: String, as type: (@Sendable (repeat each A) throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> @Sendable (repeat each A) throws -> R
    ) -> @Sendable (repeat each A) throws -> R {
        throwingFunction(
            name,
            forwarding: { (live: Client, argument: repeat each A) throws -> R in
                try forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `@Sendable (repeat each A) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R>(
        _ name: String, as type: (@Sendable (repeat each A) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> @Sendable (repeat each A) async -> R
    ) -> @Sendable (repeat each A) async -> R {
        asyncFunction(
            name,
            forwarding: { (live: Client, argument: repeat each A) async -> R in
                await forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `@Sendable (repeat each A) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R>(
        _ name: String, as type: (@Sendable (repeat each A) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> @Sendable (repeat each A) async throws -> R
    ) -> @Sendable (repeat each A) async throws -> R {
        asyncThrowingFunction(
            name,
            forwarding: { (live: Client, argument: repeat each A) async throws -> R in
                try await forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `@Sendable (repeat each A) throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R, E: Error>(
        _ name: String, as type: (@Sendable (repeat each A) throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> @Sendable (repeat each A) throws(E) -> R
    ) -> @Sendable (repeat each A) throws(E) -> R {
        throwingFunction(
            name, throwing: E.self,
            forwarding: { (live: Client, argument: repeat each A) throws(E) -> R in
                try forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `@Sendable (repeat each A) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R, E: Error>(
        _ name: String, as type: (@Sendable (repeat each A) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> @Sendable (repeat each A) async throws(E) -> R
    ) -> @Sendable (repeat each A) async throws(E) -> R {
        asyncThrowingFunction(
            name, throwing: E.self,
            forwarding: { (live: Client, argument: repeat each A) async throws(E) -> R in
                try await forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `(repeat each A) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R>(
        _ name: String, as type: ((repeat each A) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> (repeat each A) -> R
    ) -> (repeat each A) -> R {
        function(
            name,
            forwarding: { (live: Client, argument: repeat each A) -> R in
                forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `(repeat each A) throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R>(
        _ name: String, as type: ((repeat each A) throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> (repeat each A) throws -> R
    ) -> (repeat each A) throws -> R {
        throwingFunction(
            name,
            forwarding: { (live: Client, argument: repeat each A) throws -> R in
                try forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `(repeat each A) async -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R>(
        _ name: String, as type: ((repeat each A) async -> R).Type,
        forwarding: @escaping @Sendable (Client) -> (repeat each A) async -> R
    ) -> (repeat each A) async -> R {
        asyncFunction(
            name,
            forwarding: { (live: Client, argument: repeat each A) async -> R in
                await forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `(repeat each A) async throws -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R>(
        _ name: String, as type: ((repeat each A) async throws -> R).Type,
        forwarding: @escaping @Sendable (Client) -> (repeat each A) async throws -> R
    ) -> (repeat each A) async throws -> R {
        asyncThrowingFunction(
            name,
            forwarding: { (live: Client, argument: repeat each A) async throws -> R in
                try await forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `(repeat each A) throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R, E: Error>(
        _ name: String, as type: ((repeat each A) throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> (repeat each A) throws(E) -> R
    ) -> (repeat each A) throws(E) -> R {
        throwingFunction(
            name, throwing: E.self,
            forwarding: { (live: Client, argument: repeat each A) throws(E) -> R in
                try forwarding(live)(repeat each argument)
            })
    }

    /// An endpoint for a field of the closure type `(repeat each A) async throws(E) -> R`.
    ///
    /// - Parameters:
    ///   - name: The operation's name in diagnostics, such as `"fetch"`.
    ///   - type: The field's closure type, usually its type alias.
    ///   - forwarding: Reads the same field from a live client.
    /// - Returns: A closure that reports each call to the double.
    public func endpoint<each A, R, E: Error>(
        _ name: String, as type: ((repeat each A) async throws(E) -> R).Type,
        forwarding: @escaping @Sendable (Client) -> (repeat each A) async throws(E) -> R
    ) -> (repeat each A) async throws(E) -> R {
        asyncThrowingFunction(
            name, throwing: E.self,
            forwarding: { (live: Client, argument: repeat each A) async throws(E) -> R in
                try await forwarding(live)(repeat each argument)
            })
    }
}
