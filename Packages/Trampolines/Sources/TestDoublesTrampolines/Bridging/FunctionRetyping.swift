import CTestDoublesTrampolines

/// Function values seen as another function type of the same representation.
///
/// A synchronous function isolated to a global actor (`@MainActor (Int) -> Void`)
/// is called exactly as the same function without the actor: the isolation
/// is checked by the compiler where the value is called, not carried by the
/// calling convention. The bridge's fixed-arity closures cannot be spelled
/// with an arbitrary global actor, so they are built without it and the
/// value is then given the isolated type (and back).
enum FunctionRetyping {
    /// `function` with the dynamic type `target`.
    ///
    /// - Parameters:
    ///   - function: A function value whose type differs from `target` only in its global actor.
    ///   - target: The function type to give it.
    /// - Returns: The same thick function, boxed with the type `target`.
    static func reinterpret(_ function: Any, as target: any Any.Type) -> Any {
        func openTarget<Target>(_: Target.Type) -> Any {
            func openSource<Source>(_: Source.Type) -> Any {
                unsafeBitCast(function as! Source, to: Target.self)
            }
            return _openExistential(type(of: function), do: openSource)
        }
        return _openExistential(target, do: openTarget)
    }

    /// The function type of `signature` without its global actor: the type
    /// of the fixed-arity closure the bridge builds for it.
    static func plainType(of signature: FunctionSignature) -> any Any.Type {
        // A closure that is never called: its type is all that is read.
        let probe = DirectFunction(
            entry: UnsafeRawPointer(td_dynamic_function_entry_address()), context: nil, signature: signature,
            holding: .scoped)
        probe.endScope()
        return type(of: probe.makePlainClosure())
    }
}
