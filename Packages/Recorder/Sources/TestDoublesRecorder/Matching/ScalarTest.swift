/// What a matcher tests, when that can run on a scalar argument's raw word
/// (see ``ScalarArguments``) instead of the boxed argument: the engine picks
/// a registration for such a call without boxing anything.
@usableFromInline
enum ScalarTest: Sendable {
    /// Accepts every argument (`any()`, `capture()`).
    case anything
    /// Accepts an argument of `kind` equal to the value whose word this is,
    /// by the type's own `==` (so `-0.0` equals `0.0` and NaN equals nothing).
    case equal(ScalarKind, UInt64)

    /// The test of `Match.equal(value)`; nil unless `T` is a scalar.
    @usableFromInline
    static func equal<T>(to value: T) -> ScalarTest? {
        guard let kind = ScalarKind(T.self), let word = kind.word(of: value) else { return nil }
        return .equal(kind, word)
    }

    /// Whether an argument of `kind` whose bytes are the low bytes of `word` passes.
    func accepts(_ kind: ScalarKind, _ word: UInt64) -> Bool {
        switch self {
        case .anything:
            return true
        case .equal(let expected, let value):
            guard kind == expected else { return false }
            switch kind {
            case .double: return Double(bitPattern: word) == Double(bitPattern: value)
            case .float:
                return Float(bitPattern: UInt32(truncatingIfNeeded: word))
                    == Float(bitPattern: UInt32(truncatingIfNeeded: value))
            default: return kind.normalized(word) == value
            }
        }
    }
}
