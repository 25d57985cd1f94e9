import CTestDoublesTrampolines

/// The context of a synthesized direct-convention thick function: a Swift
/// closure and the signature its direct-convention callers use.
///
/// The thick function is (`td_dynamic_function_entry`, this object); an
/// async one's entry is an async function pointer record (`DynamicFunction+Async`). A call
/// reaches `td_dynamic_function_handler` with the object in the self
/// register; it decodes the arguments from the saved registers, calls the
/// closure, and encodes its result (or its thrown error) for the caller.
final class DynamicFunction: @unchecked Sendable {
    /// Calls the closure with boxed arguments; an `inout` parameter's final
    /// value is left in its place in the arguments.
    typealias Caller = (inout [Any]) throws -> Any

    let signature: FunctionSignature
    /// The caller of a sync closure.
    let caller: Caller?
    /// The caller of an async closure (`DynamicFunction+Async`).
    let asyncCaller: AsyncCaller?

    init(signature: FunctionSignature, caller: @escaping Caller) {
        self.signature = signature
        self.caller = caller
        self.asyncCaller = nil
    }

    init(signature: FunctionSignature, asyncCaller: @escaping AsyncCaller) {
        self.signature = signature
        self.caller = nil
        self.asyncCaller = asyncCaller
    }

    /// Serves one call saved in `frame`.
    func handle(_ frame: CallFrame) {
        guard let caller else { fatalError("TestDoubles: an async closure was entered as a sync one") }
        var arguments: [Any] = []
        arguments.reserveCapacity(signature.parameters.count)
        for parameter in signature.parameters {
            arguments.append(frame.argument(ofType: parameter.type, at: parameter.location, ownership: .borrowed))
        }
        let inoutTargets = InoutTarget.targets(of: signature, in: frame)
        do {
            let result = try caller(&arguments)
            InoutTarget.writeBack(arguments, to: inoutTargets)
            frame.setResult(result, ofType: signature.resultType, at: signature.result)
        } catch {
            InoutTarget.writeBack(arguments, to: inoutTargets)
            guard signature.isThrowing else {
                fatalError("TestDoubles: a nonthrowing closure threw \(error)")
            }
            if signature.thrownErrorType != nil {
                guard Self.setTypedThrownError(error, in: frame, signature: signature) else {
                    fatalError("TestDoubles: a \(signature.name) closure threw \(error) of another type")
                }
                return
            }
            frame.setThrownError(error)
        }
    }
}

/// The Swift side of `td_dynamic_function_entry`: the context in the self
/// register is the `DynamicFunction` (kept alive by the caller, which holds
/// the thick function for the duration of the call).
@_cdecl("td_dynamic_function_handler")
func dynamicFunctionHandler(_ frame: UnsafeMutableRawPointer) {
    let call = CallFrame(frame)
    guard let context = UnsafeRawPointer(bitPattern: call.selfRegister) else {
        fatalError("TestDoubles: a synthesized closure was called without its context")
    }
    Unmanaged<DynamicFunction>.fromOpaque(context).takeUnretainedValue().handle(call)
}
