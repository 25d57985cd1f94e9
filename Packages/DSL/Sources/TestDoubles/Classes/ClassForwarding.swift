import TestDoublesRecorder
import TestDoublesTrampolines

/// Where a Spy of a class forwards a call no registration answers: the
/// class's own code for the slot the call came through, on the same
/// instance (the call's self register).
///
/// A forwarded call is made as a Spy of a protocol makes one (a
/// `ForwardedCall` with fresh copies of the owned arguments the handler
/// decoded), with the instance as its target and the class's code as the
/// witness; a class member's plan has no `Self` words to place.
///
/// `@unchecked Sendable`: it holds only the addresses of code, never written.
struct ClassForwarding: @unchecked Sendable {
    /// Per dispatch index: the code the class's own slot holds.
    let implementations: [UnsafeRawPointer]

    /// The target of a forwarded call: the instance in `selfWord`, nil when there is none.
    ///
    /// - Parameter selfWord: The call's self register (a class member's instance).
    func target(selfWord: UInt) -> ForwardingTarget? {
        guard let reference = UnsafeRawPointer(bitPattern: selfWord) else { return nil }
        let instance = Unmanaged<AnyObject>.fromOpaque(reference).takeUnretainedValue()
        return try? ForwardingTarget(instance, as: AnyObject.self)
    }

    /// The class's code for the member at `dispatchIndex`, as a forwarding witness.
    ///
    /// - Parameter dispatchIndex: A routed slot's dispatch index.
    /// - Throws: `ForwardingError.malformedPlan` for an index no slot has.
    func witness(forDispatchIndex dispatchIndex: Int) throws(ForwardingError) -> ForwardingWitness {
        guard implementations.indices.contains(dispatchIndex) else {
            throw .malformedPlan("no class member has dispatch index \(dispatchIndex)")
        }
        let code = implementations[dispatchIndex]
        // A class member's plan places no witness table (`CallPlan.classMember`); the word is never read.
        return ForwardingWitness(function: code, witnessTable: code)
    }
}
