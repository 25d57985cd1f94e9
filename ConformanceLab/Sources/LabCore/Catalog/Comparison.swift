/// How a generated check decides that a received value is the sent one.
public enum Comparison: Hashable, Sendable {
    /// `==` of an `Equatable` type.
    case equal
    /// Equal bit patterns (floating point: distinguishes `-0.0`, exact).
    case bitPattern
    /// `===`: the same object.
    case identity
    /// The same type, through `ObjectIdentifier`.
    case metatype
    /// Calling both closures with the given argument list gives equal results.
    case closure(arguments: String)
    /// A helper of the generated support module, `helper(a, b) -> Bool`.
    case helper(String)
    /// Element-wise `==` of a flat tuple of `Equatable` elements with the given count (2 or 3).
    case tupleElements(Int)
    /// Values of the type carry no information (zero-sized); any two are equal.
    case always
    /// The optional of a family compared by the wrapped comparison.
    indirect case optional(Comparison)
    /// A helper of the generated support module, `helper(a, b) -> Bool`, that
    /// consumes both values (it iterates a stream): the check compares the
    /// received value with a fresh evaluation of the sample expression, never
    /// with the value it sent (which the received one may share storage with).
    case consuming(String)
    /// A closure `(T) -> T`: calls the received closure with a fresh value of
    /// `argument` and compares what it answers with that value (or, when the
    /// wrapped comparison consumes values, with another fresh one).
    indirect case through(argument: String, result: Comparison)
    /// An async closure: awaits `call` (an expression of `f`) on the received and on the
    /// sent closure and compares the answers with `==` (an async comparison).
    case asyncCall(String)
    /// A closure: makes `call` (an expression of `f`) on the received and on the sent closure and
    /// compares the answers with `==` (a typed-throwing closure's outcome, its result or its error).
    case call(String)

    /// Whether the comparison consumes the values it compares, so the expected
    /// side must be a fresh evaluation of the sample expression.
    public var consumesValues: Bool {
        switch self {
        case .consuming: return true
        case .optional(let wrapped): return wrapped.consumesValues
        default: return false
        }
    }

    /// Whether the comparison awaits (the check compares with `await verdict.…Async`).
    public var isAsync: Bool {
        switch self {
        case .asyncCall: return true
        case .optional(let wrapped): return wrapped.isAsync
        default: return false
        }
    }

    /// A Swift Boolean expression that is true when `received` matches `expected`.
    /// - Parameters:
    ///   - received: An expression of the value the callee saw or the caller got.
    ///   - expected: An expression of the value that was sent.
    /// - Returns: Swift source of a `Bool` expression.
    public func expression(_ received: String, _ expected: String) -> String {
        switch self {
        case .equal: return "\(received) == \(expected)"
        case .bitPattern: return "\(received).bitPattern == \(expected).bitPattern"
        case .identity: return "\(received) === \(expected)"
        case .metatype: return "ObjectIdentifier(\(received)) == ObjectIdentifier(\(expected))"
        case .closure(let arguments): return "\(received)(\(arguments)) == \(expected)(\(arguments))"
        case .helper(let name): return "\(name)(\(received), \(expected))"
        case .tupleElements(let count): return "labSameTuple\(count)(\(received), \(expected))"
        case .always: return "labBothPresent(\(received), \(expected))"
        case .consuming(let name): return "\(name)(\(received), \(expected))"
        case .through(let argument, let result):
            let inner = result.expression("$0", "$1")
            return
                "labThrough(\(received), \(expected), { \(argument) }, fresh: \(result.consumesValues)) { \(inner) }"
        case .asyncCall(let call):
            return "await labSameAsync(\(received), \(expected)) { f in \(call) }"
        case .call(let call):
            return "labSameCall(\(received), \(expected)) { f in \(call) }"
        case .optional(let wrapped):
            switch wrapped {
            case .equal, .identity: return wrapped.expression(received, expected)
            default:
                let inner = wrapped.expression("$0", "$1")
                return "labSameOptional(\(received), \(expected)) { \(inner) }"
            }
        }
    }
}
