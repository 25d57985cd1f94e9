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

    /// The bridge of a function type.
    ///
    /// - Throws: `FunctionBridgeError` for function types the bridge cannot convert.
    init(_ type: Any.Type) throws(FunctionBridgeError) {
        try FunctionBridge.validate(type)
        self.type = type
        isEscaping = (try? FunctionMetadata(TypeMetadata(type)))?.isEscaping ?? false
    }
}
