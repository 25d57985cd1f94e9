/// The caller's variable behind an `inout` parameter of a call that reached
/// a synthesized function (`DynamicFunction`): where the final value the
/// Swift closure left in its boxed arguments is assigned back.
struct InoutTarget: @unchecked Sendable {
    /// The parameter's position among the boxed arguments.
    let index: Int
    /// The address of the caller's variable, as the call passed it.
    let address: UnsafeMutableRawPointer
    /// The parameter's type.
    let type: any Any.Type

    /// The `inout` parameters of a call saved in `frame`, read while its
    /// argument registers are live.
    static func targets(of signature: FunctionSignature, in frame: CallFrame) -> [InoutTarget] {
        guard signature.firstParameterIsInout else { return [] }
        return signature.parameters.enumerated().compactMap { index, parameter in
            guard parameter.isInout, let address = frame.indirectArgumentAddress(parameter.location) else {
                return nil
            }
            return InoutTarget(index: index, address: address, type: parameter.type)
        }
    }

    /// Assigns each target's final value from `arguments` to the caller's
    /// variable (the old value is destroyed, the new one copied in).
    static func writeBack(_ arguments: [Any], to targets: [InoutTarget]) {
        for target in targets {
            func assign<T>(_: T.Type) {
                guard let value = arguments[target.index] as? T else {
                    fatalError("TestDoubles: a \(Swift.type(of: arguments[target.index])) left for an inout \(T.self)")
                }
                target.address.assumingMemoryBound(to: T.self).pointee = value
            }
            _openExistential(target.type, do: assign)
        }
    }
}
