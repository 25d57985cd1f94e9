import TestDoublesRecorder

/// Reusable wiring of a closure-field client, with factories for the
/// doubles an environment-style dependency needs.
///
/// Write the field mapping once, with a `forwarding:` closure for each
/// endpoint that should be able to reach a live client:
///
/// ```swift
/// let apiClients = ClientDoublePreset<APIClient> { endpoints in
///     APIClient(
///         fetch: endpoints.asyncThrowingFunction(
///             "fetch", forwarding: { live, id, category in try await live.fetch(id, category) }),
///         track: endpoints.function("track", forwarding: { live, event in live.track(event) })
///     )
/// }
///
/// let spy = await apiClients.spy(forwardingTo: liveAPI) {
///     await $0.when { try await $0.fetch(Match.equal(42), Match.any()) }.thenReturn(Data())
/// }
/// let client = spy()  // unmatched calls forward and every call is recorded
/// ```
///
/// The controller factories (`failing()`, `live(_:)`, `spy(forwardingTo:)`,
/// `overriding(_:configure:)`) return a ``ClientStub`` to verify later;
/// each takes a synchronous or an asynchronous configuration closure.
/// `testValue { ... }` and `testValue(overriding:) { ... }` return the
/// client directly when no verification follows.
public struct ClientDoublePreset<Client>: Sendable {
    let wiring: @Sendable (ClientStubEndpoints<Client>) -> Client

    /// Creates a preset from the client's field mapping.
    ///
    /// - Parameter wiring: Builds the client from endpoints, one per closure field.
    public init(_ wiring: @escaping @Sendable (ClientStubEndpoints<Client>) -> Client) {
        self.wiring = wiring
    }

    func make(
        live: Client?, kind: String, site: CallSite, recordingInto session: RecordingSession? = nil
    ) -> ClientStub<Client> {
        ClientStub(
            live: live, name: "ClientStub<\(Client.self)>.\(kind)", site: site, recordingInto: session, wiring)
    }

    // MARK: Failing

    /// A stub that fails closed: every call is reported as an unmatched call
    /// until the test registers behaviors on it.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The stub.
    public func failing(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ClientStub<Client> {
        make(live: nil, kind: "failing", site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A stub that fails closed: every call no registration matches is
    /// reported as an issue (and throws `UnstubbedCall` or answers with a
    /// placeholder).
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the behaviors the test needs.
    /// - Returns: The stub.
    /// - Throws: What `configure` throws.
    public func failing(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) throws -> Void
    ) rethrows -> ClientStub<Client> {
        let stub = make(
            live: nil, kind: "failing", site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        try configure(stub)
        return stub
    }

    /// A stub that fails closed, configured asynchronously.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which `configure` runs on; leave the default.
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the behaviors the test needs, including async endpoints.
    /// - Returns: The stub.
    /// - Throws: What `configure` throws.
    public func failing(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) async throws -> Void
    ) async rethrows -> ClientStub<Client> {
        let stub = make(
            live: nil, kind: "failing", site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        try await configure(stub)
        return stub
    }

    // MARK: Live

    /// The production client, unchanged: no endpoint, no recorder.
    ///
    /// It is the preset's live variant, for a dependency's `liveValue`
    /// beside the `failing()` and `spy(forwardingTo:)` variants of the same
    /// preset; to record what reaches a live client, use
    /// `spy(forwardingTo:)`.
    ///
    /// - Parameter client: The live client.
    /// - Returns: `client`.
    public func live(_ client: Client) -> Client { client }

    // MARK: Spy

    /// A spy with no overrides: every call forwards to `live` and is recorded.
    ///
    /// - Parameters:
    ///   - live: The live client calls go to.
    ///   - session: Records every forwarded call with the live answer (see
    ///     `RecordingSession`); `nil` records nothing.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The spy.
    public func spy(
        forwardingTo live: Client, recordingInto session: RecordingSession? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ClientStub<Client> {
        make(
            live: live, kind: "spy", site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            recordingInto: session)
    }

    /// A spy: registrations answer the calls they match, every other call
    /// forwards to `live`, and every call is recorded.
    ///
    /// - Parameters:
    ///   - live: The live client unmatched calls go to.
    ///   - session: Records every forwarded call with the live answer; `nil` records nothing.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the overrides.
    /// - Returns: The spy.
    /// - Throws: What `configure` throws.
    public func spy(
        forwardingTo live: Client, recordingInto session: RecordingSession? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) throws -> Void
    ) rethrows -> ClientStub<Client> {
        let stub = make(
            live: live, kind: "spy", site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            recordingInto: session)
        try configure(stub)
        return stub
    }

    /// A spy configured asynchronously.
    ///
    /// - Parameters:
    ///   - live: The live client unmatched calls go to.
    ///   - session: Records every forwarded call with the live answer; `nil` records nothing.
    ///   - isolation: The caller's actor, which `configure` runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the overrides, including async endpoints.
    /// - Returns: The spy.
    /// - Throws: What `configure` throws.
    public func spy(
        forwardingTo live: Client, recordingInto session: RecordingSession? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) async throws -> Void
    ) async rethrows -> ClientStub<Client> {
        let stub = make(
            live: live, kind: "spy", site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
            recordingInto: session)
        try await configure(stub)
        return stub
    }

    // MARK: Overriding

    /// A live client with some calls overridden: the registrations made by
    /// `configure` answer the calls they match and everything else goes to
    /// `live`, recorded.
    ///
    /// It is the environment-style spelling of `spy(forwardingTo:)` and
    /// behaves the same; the stub's name in diagnostics says `overriding`.
    ///
    /// - Parameters:
    ///   - live: The live client.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the overrides.
    /// - Returns: The stub.
    /// - Throws: What `configure` throws.
    public func overriding(
        _ live: Client,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) throws -> Void
    ) rethrows -> ClientStub<Client> {
        let stub = make(
            live: live, kind: "overriding",
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        try configure(stub)
        return stub
    }

    /// A live client with some calls overridden, configured asynchronously.
    ///
    /// - Parameters:
    ///   - live: The live client.
    ///   - isolation: The caller's actor, which `configure` runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the overrides, including async endpoints.
    /// - Returns: The stub.
    /// - Throws: What `configure` throws.
    public func overriding(
        _ live: Client,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) async throws -> Void
    ) async rethrows -> ClientStub<Client> {
        let stub = make(
            live: live, kind: "overriding",
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        try await configure(stub)
        return stub
    }

    // MARK: Test values

    /// A fail-closed client with nothing configured: every endpoint it is
    /// called through reports the missing stub as an issue (and throws
    /// `UnstubbedCall` or answers with a placeholder).
    ///
    /// The endpoints keep their recorder alive though no controller is
    /// returned; use `failing()` to keep one for verification.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The client.
    public func testValue(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Client {
        failing(fileID: fileID, filePath: filePath, line: line, column: column)()
    }

    /// A fail-closed client configured by `configure`, for tests that do not verify afterwards.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the behaviors the test needs.
    /// - Returns: The client.
    /// - Throws: What `configure` throws.
    public func testValue(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) throws -> Void
    ) rethrows -> Client {
        try failing(fileID: fileID, filePath: filePath, line: line, column: column, configure: configure)()
    }

    /// A fail-closed client configured asynchronously.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which `configure` runs on; leave the default.
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the behaviors the test needs, including async endpoints.
    /// - Returns: The client.
    /// - Throws: What `configure` throws.
    public func testValue(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) async throws -> Void
    ) async rethrows -> Client {
        try await failing(fileID: fileID, filePath: filePath, line: line, column: column, configure: configure)()
    }

    /// The live client with the calls `configure` registers overridden.
    ///
    /// - Parameters:
    ///   - live: The live client.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the overrides.
    /// - Returns: The client.
    /// - Throws: What `configure` throws.
    public func testValue(
        overriding live: Client,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) throws -> Void
    ) rethrows -> Client {
        try overriding(live, fileID: fileID, filePath: filePath, line: line, column: column, configure: configure)()
    }

    /// The live client with the calls `configure` registers overridden, configured asynchronously.
    ///
    /// - Parameters:
    ///   - live: The live client.
    ///   - isolation: The caller's actor, which `configure` runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the overrides, including async endpoints.
    /// - Returns: The client.
    /// - Throws: What `configure` throws.
    public func testValue(
        overriding live: Client,
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) async throws -> Void
    ) async rethrows -> Client {
        try await overriding(
            live, fileID: fileID, filePath: filePath, line: line, column: column, configure: configure)()
    }
}
