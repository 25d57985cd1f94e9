import TestDoublesRecorder

/// A reference type for identity matching.
final class Token: Sendable, CustomStringConvertible {
    let name: String
    init(_ name: String) { self.name = name }
    var description: String { "Token(\(name))" }
}

/// A non-equatable value type.
struct Opaque {
    var payload: Int
}

enum ServiceError: Error, Equatable {
    case offline
    case denied
}

/// The protocol the tests double by hand.
protocol Service {
    func track(event: String, value: Int)
    func isEnabled(_ flag: String, for userID: Int) -> Bool
    func fetch(id: Int) throws -> String
    func translate(_ key: String) -> String
    func lookup(_ key: String?) -> Int
    func attach(_ token: Token?) -> Bool
    func kind(of type: Any.Type) -> String
    func store(_ value: Opaque) -> Bool
    func file(_ value: Opaque, under tag: String) -> Bool
    func tags(_ tags: [String]) -> Int
    func makeToken() -> Token
    func signIn(user: String, password: String) async throws -> String
    func loadFeed() async throws -> [String]
    func refresh() async
    func count() async -> Int
}

/// The real implementation a spy forwards to.
struct LiveService: Service {
    func track(event: String, value: Int) {}
    func isEnabled(_ flag: String, for userID: Int) -> Bool { flag == "live" }
    func fetch(id: Int) throws -> String { "live-\(id)" }
    func translate(_ key: String) -> String { "live:\(key)" }
    func lookup(_ key: String?) -> Int { key?.count ?? -1 }
    func attach(_ token: Token?) -> Bool { token != nil }
    func kind(of type: Any.Type) -> String { "\(type)" }
    func store(_ value: Opaque) -> Bool { true }
    func file(_ value: Opaque, under tag: String) -> Bool { true }
    func tags(_ tags: [String]) -> Int { tags.count }
    func makeToken() -> Token { Token("live") }
    func signIn(user: String, password: String) async throws -> String { "live-session" }
    func loadFeed() async throws -> [String] { ["live"] }
    func refresh() async {}
    func count() async -> Int { 7 }
}

/// A hand-written front: every requirement forwards to the recorder, the
/// way ManualStub and the runtime Stub will.
final class ServiceDouble: Service, RecordingTestDouble, Sendable {
    let recorder: InvocationRecorder
    let live: LiveService?

    init(
        name: String = "ServiceDouble", forwardingTo live: LiveService? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.live = live
        recorder = InvocationRecorder(
            name: name, unmatchedCallPolicy: live == nil ? .reportIssue : .forward,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    var recordingSubject: any Service { self }
    func callAsFunction() -> any Service { self }

    enum Requirements {
        static let track = Requirement("track(event:value:)")
        static let isEnabled = Requirement("isEnabled(_:for:)", resultType: Bool.self)
        static let fetch = Requirement("fetch(id:)", effects: .throws, resultType: String.self)
        static let translate = Requirement("translate(_:)", resultType: String.self)
        static let lookup = Requirement("lookup(_:)", resultType: Int.self)
        static let attach = Requirement("attach(_:)", resultType: Bool.self)
        static let kind = Requirement("kind(of:)", resultType: String.self)
        static let store = Requirement("store(_:)", resultType: Bool.self)
        static let file = Requirement("file(_:under:)", resultType: Bool.self)
        static let tags = Requirement("tags(_:)", resultType: Int.self)
        static let makeToken = Requirement("makeToken()", resultType: Token.self)
        static let signIn = Requirement("signIn(user:password:)", effects: .asyncThrows, resultType: String.self)
        static let loadFeed = Requirement("loadFeed()", effects: .asyncThrows, resultType: [String].self)
        static let refresh = Requirement("refresh()", effects: .async)
        static let count = Requirement("count()", effects: .async, resultType: Int.self)
    }

    func track(event: String, value: Int) {
        recorder.call(Requirements.track, [event, value]) { self.live!.track(event: event, value: value) }
    }
    func isEnabled(_ flag: String, for userID: Int) -> Bool {
        recorder.call(Requirements.isEnabled, [flag, userID]) { self.live!.isEnabled(flag, for: userID) }
    }
    func fetch(id: Int) throws -> String {
        try recorder.callThrowing(Requirements.fetch, [id]) { try self.live!.fetch(id: id) }
    }
    func translate(_ key: String) -> String {
        recorder.call(Requirements.translate, [key]) { self.live!.translate(key) }
    }
    func lookup(_ key: String?) -> Int {
        recorder.call(Requirements.lookup, [key as Any]) { self.live!.lookup(key) }
    }
    func attach(_ token: Token?) -> Bool {
        recorder.call(Requirements.attach, [token as Any]) { self.live!.attach(token) }
    }
    func kind(of type: Any.Type) -> String {
        recorder.call(Requirements.kind, [type]) { self.live!.kind(of: type) }
    }
    func store(_ value: Opaque) -> Bool {
        recorder.call(Requirements.store, [value]) { self.live!.store(value) }
    }
    func file(_ value: Opaque, under tag: String) -> Bool {
        recorder.call(Requirements.file, [value, tag]) { self.live!.file(value, under: tag) }
    }
    func tags(_ tags: [String]) -> Int {
        recorder.call(Requirements.tags, [tags]) { self.live!.tags(tags) }
    }
    func makeToken() -> Token {
        recorder.call(Requirements.makeToken, []) { self.live!.makeToken() }
    }
    func signIn(user: String, password: String) async throws -> String {
        try await recorder.callAsyncThrowing(Requirements.signIn, [user, password]) {
            try await self.live!.signIn(user: user, password: password)
        }
    }
    func loadFeed() async throws -> [String] {
        try await recorder.callAsyncThrowing(Requirements.loadFeed, []) { try await self.live!.loadFeed() }
    }
    func refresh() async {
        await recorder.callAsync(Requirements.refresh, []) { await self.live!.refresh() }
    }
    func count() async -> Int {
        await recorder.callAsync(Requirements.count, []) { await self.live!.count() }
    }
}

/// Runs a body and returns the issues it reported.
func issues(_ body: () throws -> Void) rethrows -> [TestDoubleIssue] {
    try TestDoubleIssueReporting.capture(body)
}

/// Runs an async body and returns the issues it reported.
func issues(_ body: () async throws -> Void) async rethrows -> [TestDoubleIssue] {
    try await TestDoubleIssueReporting.capture(body)
}
