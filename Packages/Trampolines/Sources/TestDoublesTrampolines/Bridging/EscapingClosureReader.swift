/// Reads one escaping closure argument (or an optional of one) as a Swift
/// closure value, with its function type worked out once.
///
/// ``FunctionBridge/closure(ofType:at:in:ownership:abstraction:)`` finds
/// the type's signature in a process-wide cache (a lock and a hash of the
/// type) and opens its parameter and result types as generic parameters on
/// every call. A reader does both when it is made, once per requirement
/// parameter: a call reads the two words and wraps them, as that function
/// does, with the same closure value, context ownership and errors.
public final class EscapingClosureReader: @unchecked Sendable {
    /// The type this reader reads: a function type or an optional of one.
    public let type: any Any.Type
    private let signature: FunctionSignature
    private let optional: OptionalFunction?
    /// Makes the closure of a wrapped function, its parameter and result types opened once;
    /// nil where ``DirectFunction/makeClosure()`` takes another path (inout, typed throws).
    private let maker: (@Sendable (DirectFunction) -> Any)?

    /// The reader of arguments of `type`; throws what the bridge throws for such a type.
    ///
    /// - Parameters:
    ///   - type: An escaping function type, or an optional of one at any depth.
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Throws: `FunctionBridgeError` for an unsupported or non-escaping type.
    public init(_ type: any Any.Type, abstraction: FunctionAbstraction = .concrete) throws(FunctionBridgeError) {
        self.type = type
        let optional = OptionalFunction(type)
        if let optional {
            try optional.validate()
            signature = try FunctionSignature.cached(optional.function, abstraction: abstraction)
        } else {
            signature = try FunctionSignature.cached(type, abstraction: abstraction)
            guard signature.isEscaping else { throw .nonEscaping(signature.name) }
        }
        self.optional = optional
        maker = DirectFunction.closureMaker(for: signature)
    }

    /// The closure argument at `location` of the call in `frame`, as
    /// ``FunctionBridge/closure(ofType:at:in:ownership:abstraction:)`` gives it.
    ///
    /// - Parameters:
    ///   - location: Where the argument is (two general-purpose words).
    ///   - frame: The intercepted call.
    ///   - ownership: Whether the call passed the argument at +0 or +1.
    /// - Returns: A value whose dynamic type is ``type``.
    /// - Throws: `FunctionBridgeError` for an unexpected location.
    public func read(
        at location: ArgumentLocation, in frame: CallFrame, ownership: ArgumentOwnership
    ) throws(FunctionBridgeError) -> Any {
        let holding: DirectFunction.ContextHolding = ownership == .owned ? .taken : .retained
        if let optional {
            let words = try FunctionBridge.rawThickFunctionWords(at: location, in: frame, name: optional.type)
            return try optional.value(of: words) { entry, context in
                makeClosure(DirectFunction(entry: entry, context: context, signature: signature, holding: holding))
            }
        }
        let (entry, context) = try FunctionBridge.thickFunctionWords(at: location, in: frame, signature: signature)
        return makeClosure(DirectFunction(entry: entry, context: context, signature: signature, holding: holding))
    }

    private func makeClosure(_ function: DirectFunction) -> Any {
        guard let maker else { return function.makeClosure() }
        return function.finishClosure(maker(function))
    }
}
