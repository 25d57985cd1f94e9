import TestDoublesMetadata
import TestDoublesTrampolines

extension Stub {
    /// One requirement described explicitly, typed by the compiler, for
    /// protocols no linked conformer describes.
    ///
    /// List one per requirement, base protocols first, each protocol's in
    /// declaration order; a settable property or subscript is its getter
    /// then its setter (its `_modify` is built from the two).
    ///
    /// ```swift
    /// let clock = try Stub<any Clock>(
    ///     .method(signatureOf: { $0.now }),                   // func now() -> Date
    ///     .method(Duration.self, returning: Void.self),        // func advance(by: Duration)
    ///     .getter(Int.self), .setter(Int.self))                // var ticks: Int { get set }
    /// ```
    ///
    /// Construction checks each entry against the protocol's requirement at
    /// its position (a method, an initializer, a getter or a setter, `async`
    /// or not) and throws a ``StubError`` when they differ.
    public struct Requirement: @unchecked Sendable {
        var signature: ResolvedSignature

        /// Why the runtime cannot serve the requirement as described, when it
        /// cannot (a ``Value`` it has no metadata for); construction throws it.
        var unsupported: String? {
            get { signature.unsupportedReason }
            set { signature.unsupportedReason = newValue }
        }

        init(
            name: String, kind: RequirementKind, parameters: [Any.Type], result: Any.Type?,
            throwing: Bool, isAsync: Bool, isStatic: Bool = false, isSubscript: Bool = false,
            thrown: ThrownShape? = nil, ownedParameters: Set<Int> = [], unsupported: String? = nil
        ) {
            let owned = kind == .setter || kind == .initializer
            signature = ResolvedSignature(
                name: name, kind: kind, isSubscript: isSubscript, isStatic: isStatic,
                parameters: parameters.enumerated().map { index, type in
                    ResolvedSignature.Parameter(
                        type: type, ownership: owned || ownedParameters.contains(index) ? .owned : .borrowed,
                        isInout: false)
                },
                result: result, thrown: thrown ?? (throwing ? .untyped : .none), isAsync: isAsync,
                unsupportedReason: unsupported)
        }
    }
}

extension ThrownShape {
    /// The shape a `throws(Failure)` gives: none for `Never`, untyped for
    /// `any Error`, typed otherwise.
    init<Failure: Error>(_ failure: Failure.Type) {
        if Failure.self == Never.self {
            self = .none
        } else if Failure.self == (any Error).self {
            self = .untyped
        } else {
            self = .typed(Failure.self)
        }
    }
}
