/// What a function or requirement may throw, with the thrown type as
/// `ErrorType` knows it: demangled (``DemangledType``), as discovery
/// resolved it (``SignatureType``), or as a runtime type (`any Error.Type`).
public enum ThrownError<ErrorType> {
    /// Nothing: the function does not throw.
    case none
    /// `throws`: any `Error`.
    case untyped
    /// `throws(E)`: exactly `E`.
    case typed(ErrorType)
}

extension ThrownError: Sendable where ErrorType: Sendable {}

extension ThrownError: Equatable where ErrorType: Equatable {}

extension ThrownError: Hashable where ErrorType: Hashable {}
