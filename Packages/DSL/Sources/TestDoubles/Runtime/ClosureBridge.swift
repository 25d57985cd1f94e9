import TestDoublesMetadata
import TestDoublesTrampolines

/// How a closure argument or result crosses between the witness call's
/// direct convention and the `Any` the recorder holds: through
/// Trampolines' `FunctionBridge`, escaping closures for as long as they
/// live, non-escaping ones only while the call is being answered.
struct ClosureBridge: @unchecked Sendable {
    /// The function type.
    let type: Any.Type
    /// Whether the closure may outlive the call.
    let isEscaping: Bool
    /// The parts of the function type that travel by address (a generic
    /// requirement's closure over its own generic parameter).
    let abstraction: FunctionAbstraction
    /// The reader of an escaping argument of ``type``, worked out once (nil
    /// for a non-escaping one): a call then neither looks the signature up
    /// nor opens its types (see ``EscapingClosureReader``).
    let reader: EscapingClosureReader?

    /// The bridge of a function type, or of an optional of one at any depth
    /// (`F?`, `F??`; optional closures always escape).
    ///
    /// - Parameters:
    ///   - type: The function type (for a generic requirement, its representative).
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Throws: `FunctionBridgeError` for function types the bridge cannot convert.
    init(_ type: Any.Type, abstraction: FunctionAbstraction = .concrete) throws(FunctionBridgeError) {
        try FunctionBridge.validate(type, abstraction: abstraction)
        self.type = type
        self.abstraction = abstraction
        let metadata = TypeMetadata(type)
        isEscaping = metadata.isOptional || ((try? FunctionMetadata(metadata))?.isEscaping ?? false)
        reader = isEscaping ? try? EscapingClosureReader(type, abstraction: abstraction) : nil
    }

    /// Whether `type` is a function type or an optional of one (at any depth): the types a bridge converts.
    static func converts(_ type: Any.Type) -> Bool {
        var metadata = TypeMetadata(type)
        while let wrapped = metadata.optionalWrapped { metadata = wrapped }
        return metadata.kind == .function
    }
}
