import TestDoublesRecorder

/// A double of a concrete dependency value whose operations are closure
/// fields (the "client" style), with one recorder for all of its endpoints.
///
/// ```swift
/// struct APIClient {
///     var fetch: @Sendable (Int, String) async throws -> Data
///     var track: @Sendable (String) -> Void
/// }
///
/// let api = ClientStub<APIClient> { endpoints in
///     APIClient(
///         fetch: endpoints.asyncThrowingFunction("fetch"),
///         track: endpoints.function("track")
///     )
/// }
/// await api.when { try await $0.fetch(Match.equal(42), Match.any()) }.thenReturn(Data())
/// api.when { $0.track(Match.any()) }.thenDoNothing()
/// let client: APIClient = api()
/// ```
///
/// The wiring closure runs once; each field gets an endpoint closure that
/// reports its calls to the stub's recorder under the endpoint's name and
/// static types. `when` and `verify` closures receive the same client, so
/// they call its fields with matchers. Nothing here uses protocol metadata
/// or runtime fabrication.
public final class ClientStub<Client>: RecordingTestDouble, @unchecked Sendable {
    // Unchecked: `client` is immutable after init and every call it makes
    // goes through the recorder, which is thread-safe.

    /// The engine of the double, shared by every endpoint.
    public let recorder: InvocationRecorder
    private let client: Client

    /// Creates a stub whose calls need registrations; an unmatched call is
    /// reported as an issue.
    ///
    /// - Parameters:
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    ///   - wiring: Builds the client from endpoints, one per closure field.
    public convenience init(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ wiring: (ClientStubEndpoints<Client>) throws -> Client
    ) rethrows {
        try self.init(
            live: nil, name: "ClientStub<\(Client.self)>",
            site: CallSite(
                fileID: fileID, filePath: filePath, line: line, column: column), wiring)
    }

    /// Creates a spy: registrations answer the calls they match, every
    /// other call forwards to `live` (through each endpoint's `forwarding:` or
    /// `forwardingTo:` closure), and every call is recorded.
    ///
    /// ```swift
    /// let spy = ClientSpy<APIClient>(forwardingTo: liveAPI) { endpoints in
    ///     APIClient(fetchUser: endpoints.asyncThrowingFunction("fetchUser", forwarding: { live, id in
    ///         try await live.fetchUser(id)
    ///     }))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - live: The live client unmatched calls go to.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    ///   - wiring: Builds the client from endpoints, one per closure field.
    public convenience init(
        forwardingTo live: Client,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ wiring: (ClientStubEndpoints<Client>) throws -> Client
    ) rethrows {
        try self.init(
            live: live, name: "ClientSpy<\(Client.self)>",
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), wiring)
    }

    init(
        live: Client?, name: String, site: CallSite, recordingInto session: RecordingSession? = nil,
        _ wiring: (ClientStubEndpoints<Client>) throws -> Client
    ) rethrows {
        let recorder = InvocationRecorder(
            name: name, unmatchedCallPolicy: live == nil ? .reportIssue : .forward, fileID: site.fileID,
            filePath: site.filePath, line: site.line, column: site.column)
        self.recorder = recorder
        let recording = session.map { ForwardedCallRecording(session: $0, recorder: recorder) }
        client = try wiring(
            ClientStubEndpoints(
                recorder: recorder, live: live.map { LiveClient(client: $0, recording: recording) },
                requirements: RequirementTable()))
    }

    /// The client to hand to the code under test.
    ///
    /// - Returns: The client the wiring built; its endpoints report to this stub.
    public func callAsFunction() -> Client { client }

    /// The client `when` and `verify` closures receive.
    public var recordingSubject: Client { callAsFunction() }
}

/// The live client a forwarding endpoint calls.
struct LiveClient<Client>: @unchecked Sendable {
    // Unchecked: forwarding calls the user's live client from whatever
    // thread calls the endpoint, as the code under test would.
    let client: Client
    /// Records each forwarded call with the live answer; `nil` records nothing.
    let recording: ForwardedCallRecording?
}

/// A ``ClientStub`` made to forward unmatched calls to a live client:
/// `ClientSpy(forwardingTo:_:)` or a preset's `spy(forwardingTo:)`.
public typealias ClientSpy<Client> = ClientStub<Client>
