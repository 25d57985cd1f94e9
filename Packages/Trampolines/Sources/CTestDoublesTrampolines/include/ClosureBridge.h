#ifndef CTESTDOUBLESTRAMPOLINES_CLOSUREBRIDGE_H
#define CTESTDOUBLESTRAMPOLINES_CLOSUREBRIDGE_H

// Closure bridges (ClosureBridge.S): calling a direct-convention thick Swift
// function from a prepared td_call_frame, and the entry of synthesized thick
// functions whose calls land in Swift.

#ifndef __ASSEMBLER__

#include "CTestDoublesTrampolines.h"

/// The largest outgoing stack argument area td_invoke_function copies, in bytes.
#define TD_INVOKE_MAXIMUM_STACK_BYTES 256

/// Calls the swiftcc function `entry` with the registers prepared in `frame`
/// and captures what it returns.
///
/// Inputs: `gp` and `vector` (the argument registers), `indirect_result`
/// (rax / x8), `self_value` (r13 / x20: the closure context), `error_value`
/// (r12 / x21), and `stack_argument_bytes` bytes (a multiple of 16, at most
/// TD_INVOKE_MAXIMUM_STACK_BYTES) copied from the address in
/// `stack_arguments` to the outgoing stack argument area.
/// Outputs: `return_gp` (rax rdx rcx r8 / x0-x3), `return_vector`
/// (xmm0-3 / q0-q3) and `return_error` (r12 / x21 after the call).
/// The caller's callee-saved registers are preserved.
void td_invoke_function(td_call_frame *frame, const void *entry);

/// The entry of a synthesized thick function (swiftcc, synchronous).
///
/// The function's context (a retained Swift object) arrives in the self
/// register. The entry saves the registers into a td_call_frame (as
/// td_sync_trampoline_entry does, with `slot` and `context` zero), calls the
/// Swift handler td_dynamic_function_handler(frame), and loads the result
/// and error registers from the frame. `return_error` starts as the incoming
/// error register, so a nonthrowing function hands it back unchanged.
void td_dynamic_function_entry(void);

/// Returns the address of `td_dynamic_function_entry`.
const void *td_dynamic_function_entry_address(void);

#endif  // __ASSEMBLER__

#endif  // CTESTDOUBLESTRAMPOLINES_CLOSUREBRIDGE_H
