/// Why a function value could not be bridged between the direct (substituted)
/// calling convention and a Swift closure value.
public enum FunctionBridgeError: Error, Equatable, Sendable {
    /// The type is not a function type.
    case notAFunctionType(String)
    /// The function type's shape is outside what the bridge supports.
    ///
    /// `type` is the function type, `reason` says which part (a `@convention(c)`
    /// or thin function, an `async` or typed-throwing function, an `inout` or
    /// variadic parameter, more parameters than the fixed wrapper set, ...).
    case unsupportedFunctionType(type: String, reason: String)
    /// A non-escaping function type was asked for as a value that may be stored.
    ///
    /// Use `FunctionBridge.withNonEscapingClosure(ofType:at:in:_:)`, which
    /// hands out the closure only for the duration of a body.
    case nonEscaping(String)
    /// The value offered as a closure is not of the function type the bridge expects.
    case closureTypeMismatch(expected: String, actual: String)
    /// A bridged non-escaping closure was called after its scope ended: the
    /// function it stands for may no longer exist, so it was not called.
    case calledOutsideItsScope(String)
    /// The argument or result location is not where a thick function travels
    /// (two general-purpose words).
    case unexpectedLocation(String)
}

/// Stops the process for a call to a non-escaping closure argument made
/// after the call it was passed to returned (a handler kept it). Its context
/// is gone, so there is no value to return nor, for a nonthrowing or
/// `throws(E)` closure, an error the caller could receive: the same place
/// where the Swift runtime's own escape check stops a program.
///
/// - Parameter error: Why the call could not run.
func stopForEscapedClosureCall(_ error: any Error) -> Never {
    fatalError("TestDoubles: \(error) (a non-escaping closure argument escaped the call it was passed to)")
}
