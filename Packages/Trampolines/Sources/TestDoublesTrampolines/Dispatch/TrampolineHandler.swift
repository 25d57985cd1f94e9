/// The Swift side of the assembly entries (`td_sync_trampoline_entry`,
/// `td_async_trampoline_entry`): finds the conformance the
/// veneer belongs to (its address is the frame's context word) and runs its
/// handler on the frame.
///
/// The veneer can only be reached through a fabricated table whose payload
/// the caller keeps alive for the duration of the call (arguments are +0),
/// so the unretained context is valid here.
@_cdecl("td_trampoline_handler")
func trampolineHandler(_ frame: UnsafeMutableRawPointer) {
    let call = CallFrame(frame)
    guard let context = UnsafeRawPointer(bitPattern: call.context) else {
        fatalError("TestDoubles: a trampoline call arrived without its conformance")
    }
    // Borrowed, not retained: the caller keeps the payload, hence the
    // conformance and its target, alive for the whole call, so neither the
    // target nor the handler's context needs a reference count of its own
    // here (a retain and a release on every call otherwise).
    Unmanaged<FabricatedConformance.InvocationTarget>.fromOpaque(context)._withUnsafeGuaranteedRef { target in
        target.handler(call)
    }
}
