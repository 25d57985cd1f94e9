import CTestDoublesTrampolines

/// Bridges function values between the direct (substituted) calling
/// convention of a witness's arguments and results and Swift closure values
/// stored in `Any`.
///
/// A witness receives a closure argument as a thick function (entry,
/// context) whose entry expects its parameters and result in the direct
/// convention of the function type: `(Int) -> Int` takes its `Int` in a
/// register. A closure stored in `Any` is called in the generic convention
/// instead (parameters by address, an `@out` result), so the frame's two
/// words must never be read as a Swift closure value. `FunctionBridge` wraps
/// them in a genuine Swift closure of the function type (calls go through
/// `td_invoke_function`), and, in the other direction, synthesizes a thick
/// function whose entry (`td_dynamic_function_entry`) calls a Swift closure.
///
/// Supported function types: Swift (thick) convention, synchronous or
/// `async` (register arguments only), not `@isolated(any)` (its actor is in
/// its context) or `nonisolated(nonsending)` (it takes the caller's actor
/// as a hidden argument), nonthrowing, `throws` or `throws(E)`, `@Sendable`
/// or not, isolated to a global actor or not, 0 to 4 parameters that are neither `consuming`,
/// variadic, `isolated`, tuples, nor functions (`inout` only as the first of
/// at most two: `(inout A) -> R`, `(inout A, B) -> R`), and a result that is not a
/// function; and optionals of them at any depth (`F?`, `F??`). A
/// `FunctionAbstraction` passes chosen parameters and the result by address
/// (a generic requirement's closure over its own generic parameter).
/// Everything else fails with `FunctionBridgeError`.
public enum FunctionBridge {
    /// The largest number of parameters a bridged function type may have.
    public static var maximumParameterCount: Int { FunctionSignature.maximumArity }

    /// Checks that a function type can be bridged.
    ///
    /// - Parameters:
    ///   - type: The function type, or an optional of one.
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Throws: `FunctionBridgeError` saying what is not supported.
    public static func validate(
        _ type: any Any.Type, abstraction: FunctionAbstraction = .concrete
    ) throws(FunctionBridgeError) {
        if let optional = OptionalFunction(type) {
            try optional.validate()
            _ = try FunctionSignature.cached(optional.function, abstraction: abstraction)
            return
        }
        _ = try FunctionSignature.cached(type, abstraction: abstraction)
    }

    /// The closure argument at `location` of an intercepted call, as a Swift
    /// closure value of `type` that may be stored and called later.
    ///
    /// The closure holds the function's context for as long as it lives: a
    /// borrowed argument's context is retained; an owned argument's (+1:
    /// setter values, initializer arguments) is taken over, and released
    /// when the closure dies, as the callee of an owned argument must.
    ///
    /// - Parameters:
    ///   - type: The escaping function type of the argument, or an optional
    ///     of one at any depth (`F?`, `F??`: always escaping).
    ///   - location: Where the argument is (two general-purpose words).
    ///   - frame: The intercepted call.
    ///   - ownership: Whether the call passed the argument at +0 or +1.
    ///   - abstraction: The parts of the function type that travel indirectly
    ///     (a generic requirement's closure over its own generic parameter).
    /// - Returns: A value whose dynamic type is `type`; cast it with `as!`.
    ///   An optional's `nil` (at any level) is that `nil`.
    /// - Throws: `FunctionBridgeError.nonEscaping` for a non-escaping type
    ///   (use `withNonEscapingClosure(ofType:at:in:_:)`), or another
    ///   `FunctionBridgeError` for an unsupported shape or location.
    public static func closure(
        ofType type: any Any.Type, at location: ArgumentLocation, in frame: CallFrame,
        ownership: ArgumentOwnership = .borrowed, abstraction: FunctionAbstraction = .concrete
    ) throws(FunctionBridgeError) -> Any {
        let holding: DirectFunction.ContextHolding = ownership == .owned ? .taken : .retained
        if let optional = OptionalFunction(type) {
            try optional.validate()
            let signature = try FunctionSignature.cached(optional.function, abstraction: abstraction)
            let words = try rawThickFunctionWords(at: location, in: frame, name: optional.type)
            return try optional.value(of: words) { entry, context in
                DirectFunction(entry: entry, context: context, signature: signature, holding: holding).makeClosure()
            }
        }
        let signature = try FunctionSignature.cached(type, abstraction: abstraction)
        guard signature.isEscaping else { throw .nonEscaping(signature.name) }
        let (entry, context) = try thickFunctionWords(at: location, in: frame, signature: signature)
        return DirectFunction(entry: entry, context: context, signature: signature, holding: holding)
            .makeClosure()
    }

    /// A direct-convention thick function of `type`, as a Swift closure value.
    ///
    /// - Parameters:
    ///   - type: The escaping function type.
    ///   - entry: The function's entry point (direct convention of `type`).
    ///   - context: Its context, borrowed: the closure retains it.
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Returns: A value whose dynamic type is `type`.
    /// - Throws: `FunctionBridgeError` for an unsupported or non-escaping type.
    public static func closure(
        ofType type: any Any.Type, entry: UnsafeRawPointer, context: UnsafeMutableRawPointer?,
        abstraction: FunctionAbstraction = .concrete
    ) throws(FunctionBridgeError) -> Any {
        let signature = try FunctionSignature.cached(type, abstraction: abstraction)
        guard signature.isEscaping else { throw .nonEscaping(signature.name) }
        return DirectFunction(entry: entry, context: context, signature: signature, holding: .retained)
            .makeClosure()
    }

    /// Runs `body` with the closure argument at `location` as a Swift closure
    /// value, valid only until `body` returns.
    ///
    /// This is the way to call a non-escaping closure argument (it also
    /// accepts escaping ones). The context is borrowed, not retained. If the
    /// value escapes `body` and is called later, the call does not reach the
    /// function: a throwing closure throws
    /// `FunctionBridgeError.calledOutsideItsScope`; a nonthrowing one stops
    /// the process with that message.
    ///
    /// - Parameters:
    ///   - type: The function type of the argument (escaping or not).
    ///   - location: Where the argument is (two general-purpose words).
    ///   - frame: The intercepted call.
    ///   - abstraction: The parts of the function type that travel by address.
    ///   - body: Receives the closure, whose dynamic type is the escaping
    ///     form of `type`.
    /// - Returns: What `body` returns.
    /// - Throws: `FunctionBridgeError` for an unsupported shape or location,
    ///   or what `body` throws.
    public static func withNonEscapingClosure<Result>(
        ofType type: any Any.Type, at location: ArgumentLocation, in frame: CallFrame,
        abstraction: FunctionAbstraction = .concrete, _ body: (Any) throws -> Result
    ) throws -> Result {
        let signature = try FunctionSignature.cached(type, abstraction: abstraction)
        let (entry, context) = try thickFunctionWords(at: location, in: frame, signature: signature)
        let function = DirectFunction(entry: entry, context: context, signature: signature, holding: .scoped)
        defer { function.endScope() }
        return try body(function.makeClosure())
    }

    /// A direct-convention thick function of `type` that calls `closure`.
    ///
    /// The entry is `td_dynamic_function_entry` (an async function's: the
    /// async function pointer record of `DynamicFunction.asyncEntry()`); the
    /// context is a retained object holding `closure`. The caller owns the context reference (+1),
    /// as it owns any returned function value.
    ///
    /// - Parameters:
    ///   - closure: A closure whose dynamic type is `type` (as stored in `Any`).
    ///   - type: The function type, or an optional of one at any depth (a
    ///     `nil` passes as the optional's own bits).
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Returns: The entry and the +1 context, as the two words of a thick function.
    /// - Throws: `FunctionBridgeError.closureTypeMismatch` when `closure` is
    ///   not of `type`, or another `FunctionBridgeError` for an unsupported type.
    public static func thickFunction(
        for closure: Any, ofType type: any Any.Type, abstraction: FunctionAbstraction = .concrete
    ) throws(FunctionBridgeError) -> (entry: UInt, context: UInt) {
        if let optional = OptionalFunction(type) {
            try optional.validate()
            return try optional.words(of: closure) { (present) throws(FunctionBridgeError) in
                try thickFunction(for: present, ofType: optional.function, abstraction: abstraction)
            }
        }
        let signature = try FunctionSignature.cached(type, abstraction: abstraction)
        if signature.isAsync {
            guard let caller = DynamicFunction.makeAsyncCaller(of: closure, signature: signature) else {
                throw .closureTypeMismatch(expected: signature.name, actual: _typeName(Swift.type(of: closure)))
            }
            let function = DynamicFunction(signature: signature, asyncCaller: caller)
            return (try DynamicFunction.asyncEntry(), UInt(bitPattern: Unmanaged.passRetained(function).toOpaque()))
        }
        guard let caller = DynamicFunction.makeCaller(of: closure, signature: signature) else {
            throw .closureTypeMismatch(expected: signature.name, actual: _typeName(Swift.type(of: closure)))
        }
        let function = DynamicFunction(signature: signature, caller: caller)
        return (
            UInt(bitPattern: td_dynamic_function_entry_address()),
            UInt(bitPattern: Unmanaged.passRetained(function).toOpaque())
        )
    }

    /// Hands `closure` to the caller of an intercepted call as its result of
    /// function type `type`, in the direct convention.
    ///
    /// - Parameters:
    ///   - closure: A closure whose dynamic type is `type`.
    ///   - type: The requirement's result type.
    ///   - location: The result's location (two general-purpose result registers).
    ///   - frame: The intercepted call.
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Throws: `FunctionBridgeError` for a mismatched closure, an unsupported
    ///   type or a location that is not two general-purpose words.
    public static func setResult(
        _ closure: Any, ofType type: any Any.Type, at location: ResultLocation, in frame: CallFrame,
        abstraction: FunctionAbstraction = .concrete
    ) throws(FunctionBridgeError) {
        guard case .direct(let parts) = location, parts.count == 2,
            parts.allSatisfy({ $0.fragment.bank == .generalPurpose && $0.fragment.size == 8 })
        else {
            throw .unexpectedLocation("a function result must be two general-purpose words, not \(location)")
        }
        let (entry, context) = try thickFunction(for: closure, ofType: type, abstraction: abstraction)
        for part in parts {
            guard case .generalPurpose(let index) = part.location else { continue }
            frame.setReturnGeneralPurposeRegister(index, to: part.fragment.offset == 0 ? entry : context)
        }
    }

    /// Reads a thick function's (entry, context) words from an argument location.
    static func thickFunctionWords(
        at location: ArgumentLocation, in frame: CallFrame, signature: FunctionSignature
    ) throws(FunctionBridgeError) -> (UnsafeRawPointer, UnsafeMutableRawPointer?) {
        try thickFunction(
            words: rawThickFunctionWords(at: location, in: frame, name: signature.type), signature: signature)
    }

    /// A thick function's (entry, context) from its two words as read.
    static func thickFunction(
        words: (UInt, UInt), signature: FunctionSignature
    ) throws(FunctionBridgeError) -> (UnsafeRawPointer, UnsafeMutableRawPointer?) {
        guard let entry = UnsafeRawPointer(bitPattern: words.0) else {
            throw .unexpectedLocation("the \(signature.name) argument has a null entry point")
        }
        return (entry, UnsafeMutableRawPointer(bitPattern: words.1))
    }

    /// Reads the two words of a thick function (or of an optional one) from an argument location.
    static func rawThickFunctionWords(
        at location: ArgumentLocation, in frame: CallFrame, name type: any Any.Type
    ) throws(FunctionBridgeError) -> (UInt, UInt) {
        guard case .direct(let parts) = location, parts.count == 2,
            parts.allSatisfy({ $0.fragment.bank == .generalPurpose && $0.fragment.size == 8 })
        else {
            throw .unexpectedLocation(
                "a \(_typeName(type, qualified: false)) argument must be two general-purpose words, not \(location)")
        }
        var words: (UInt, UInt) = (0, 0)
        withUnsafeMutableBytes(of: &words) { buffer in
            frame.copyArgumentBytes(location, byteCount: 16, into: buffer.baseAddress!)
        }
        return words
    }
}
