import TestDoublesTrampolines

extension Stub {
    /// One requirement described explicitly, typed by the compiler, for
    /// protocols no linked conformer describes.
    ///
    /// Build them with the `signatureOf:` factories, which take a closure
    /// naming the member: `.method(signatureOf: { $0.isEnabled })`.
    public struct Requirement: @unchecked Sendable {
        let signature: ResolvedSignature

        init(
            name: String, kind: ResolvedSignature.Kind, parameters: [Any.Type], result: Any.Type,
            throwing: Bool, isAsync: Bool, isStatic: Bool = false, thrown: ThrownShape? = nil
        ) {
            let owned = kind == .setter || kind == .initializer
            signature = ResolvedSignature(
                name: name, kind: kind, isSubscript: false, isStatic: isStatic,
                parameters: parameters.map {
                    ResolvedSignature.Parameter(type: $0, ownership: owned ? .owned : .borrowed, isInout: false)
                },
                result: result, thrown: thrown ?? (throwing ? .untyped : .none), isAsync: isAsync)
        }
    }
}
