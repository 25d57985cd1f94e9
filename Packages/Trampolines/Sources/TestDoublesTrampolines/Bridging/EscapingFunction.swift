/// An escaping direct-convention function held by value: its entry point,
/// a strong reference to its context and its signature.
///
/// A closure ``EscapingClosureReader`` makes for a synchronous function that
/// does not throw captures this instead of a ``DirectFunction``: reading
/// such a closure argument allocates only the closure's own context, and the
/// ``DirectFunction`` that calls the function is made when the closure is called.
struct EscapingFunction: @unchecked Sendable {
    let entry: UnsafeRawPointer
    /// The function's context (a closure's context is a native object), kept alive by this reference.
    let context: AnyObject?
    /// Not retained: a reader's signature comes from ``FunctionSignature/cached(_:abstraction:)``,
    /// whose process-wide cache keeps every signature for the life of the process.
    unowned(unsafe) let signature: FunctionSignature

    /// Holds a thick function read from a call.
    ///
    /// - Parameters:
    ///   - entry: The function's entry point.
    ///   - context: Its context (`nil` for a function without captures).
    ///   - signature: Its checked signature, from ``FunctionSignature/cached(_:abstraction:)``.
    ///   - owned: Whether the caller passed the context at +1 (taken over
    ///     here); otherwise it is retained.
    @inline(__always)
    init(entry: UnsafeRawPointer, context: UnsafeMutableRawPointer?, signature: FunctionSignature, owned: Bool) {
        self.entry = entry
        self.signature = signature
        if let context {
            let reference = Unmanaged<AnyObject>.fromOpaque(context)
            self.context = owned ? reference.takeRetainedValue() : reference.takeUnretainedValue()
        } else {
            self.context = nil
        }
    }

    /// The function, for one call (or for a closure of another path to hold).
    var function: DirectFunction {
        DirectFunction(
            entry: entry, context: context.map { Unmanaged.passUnretained($0).toOpaque() }, signature: signature,
            holding: .retained)
    }
}
