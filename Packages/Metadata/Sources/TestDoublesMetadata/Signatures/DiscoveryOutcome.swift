/// What one step of reading a witness gave: a value or why it failed.
///
/// `Result<Value, DiscoveryFailure>` would do, but the runtime instantiates a
/// `Result` type by name and checks `DiscoveryFailure: Error` by walking every
/// conformance record of the process the first time (~400,000 instructions of
/// a process's first `Stub`); this enum has no requirement to check.
enum DiscoveryOutcome<Value> {
    case success(Value)
    case failure(DiscoveryFailure)

    /// The value, or the failure thrown.
    func get() throws(DiscoveryFailure) -> Value {
        switch self {
        case .success(let value): return value
        case .failure(let failure): throw failure
        }
    }

    /// The value transformed, the failure kept.
    func map<Transformed>(_ transform: (Value) -> Transformed) -> DiscoveryOutcome<Transformed> {
        switch self {
        case .success(let value): return .success(transform(value))
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The failure transformed, the value kept.
    func mapError(_ transform: (DiscoveryFailure) -> DiscoveryFailure) -> DiscoveryOutcome<Value> {
        switch self {
        case .success(let value): return .success(value)
        case .failure(let failure): return .failure(transform(failure))
        }
    }
}
