/// How one case ended.
public enum CaseStatus: String, CaseIterable, Codable, Sendable {
    /// Every argument arrived exactly, the result and the error came back exactly.
    case passed
    /// Construction threw a `StubError` (the reason is in the detail): expected outside the boundary.
    case failedClosed = "failed-closed"
    /// A value differed (the detail names expected and actual).
    case wrongValue = "wrong-value"
    /// The case's process died (signal, non-zero exit or timeout; the detail says which).
    case crashed
    /// The backend cannot express the case yet (the detail says why); neither a pass nor a failure.
    case skipped

    /// Whether the status makes the run fail.
    public var isFailure: Bool { self == .wrongValue || self == .crashed }
}

/// The outcome of one case on one architecture.
public struct CaseResult: Codable, Sendable, Equatable {
    /// The case identifier.
    public var id: String
    /// How it ended.
    public var status: CaseStatus
    /// The reason, the mismatch or the signal; empty for a pass.
    public var detail: String

    /// Creates a result.
    /// - Parameters:
    ///   - id: The case identifier.
    ///   - status: How it ended.
    ///   - detail: The reason, mismatch or signal.
    public init(id: String, status: CaseStatus, detail: String = "") {
        self.id = id
        self.status = status
        self.detail = detail
    }
}
