#ifndef CTESTDOUBLESTRAMPOLINES_FRAME_MACROS_H
#define CTESTDOUBLESTRAMPOLINES_FRAME_MACROS_H

// Assembler macros the three .S files share: the frame set-up and tear-down
// of their routines, and the moves of the Swift calling convention's
// registers into and out of a td_call_frame (offsets: the TD_FRAME_* macros
// of include/CTestDoublesTrampolines.h).
//
// Assembly only: this header stays outside include/, so the module map never
// shows it to C or Swift.

#ifndef __ASSEMBLER__
#error "FrameMacros.h holds assembler macros; include it from .S files only"
#endif

#include "CTestDoublesTrampolines.h"

#if defined(__x86_64__)

// pushq %rbp; movq %rsp, %rbp, with the CFA on rbp.
.macro TD_ENTER
    pushq %rbp
    .cfi_def_cfa_offset 16
    .cfi_offset %rbp, -16
    movq %rsp, %rbp
    .cfi_def_cfa_register %rbp
.endm

// Undoes TD_ENTER (whatever rsp became) before a return or a tail call.
.macro TD_LEAVE
    movq %rbp, %rsp
    popq %rbp
    .cfi_def_cfa %rsp, 8
.endm

// TD_ENTER, then saves the callee-saved rbx and r12-r15 (the routine calls a
// swiftcc function, which may change r12-r14, and keeps its own state in rbx
// and r15). rsp ends 8 bytes short of 16-byte alignment.
.macro TD_ENTER_SAVING_CALLEE_SAVED
    TD_ENTER
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    .cfi_offset %rbx, -24
    .cfi_offset %r12, -32
    .cfi_offset %r13, -40
    .cfi_offset %r14, -48
    .cfi_offset %r15, -56
.endm

// Undoes TD_ENTER_SAVING_CALLEE_SAVED once rsp points at the saved r15.
.macro TD_LEAVE_RESTORING_CALLEE_SAVED
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    .cfi_def_cfa %rsp, 8
.endm

// Spills the vector argument registers (xmm0-xmm7) into the frame at rsp.
.macro TD_SPILL_VECTORS
    movaps %xmm0, TD_FRAME_VECTOR+0(%rsp)
    movaps %xmm1, TD_FRAME_VECTOR+16(%rsp)
    movaps %xmm2, TD_FRAME_VECTOR+32(%rsp)
    movaps %xmm3, TD_FRAME_VECTOR+48(%rsp)
    movaps %xmm4, TD_FRAME_VECTOR+64(%rsp)
    movaps %xmm5, TD_FRAME_VECTOR+80(%rsp)
    movaps %xmm6, TD_FRAME_VECTOR+96(%rsp)
    movaps %xmm7, TD_FRAME_VECTOR+112(%rsp)
.endm

// Spills a swiftcc call's registers into the td_call_frame at rsp (after
// TD_ENTER and `subq $TD_FRAME_SIZE, %rsp`): the veneer's slot and context,
// the integer argument registers (rdi rsi rdx rcx r8 r9, the two
// arm64-only words zeroed), the caller's stack arguments (above the saved
// rbp and the return address), the indirect result address (`indirect`),
// self (r13), error (r12) and async context (r14); not the vector argument
// registers (TD_SPILL_CALL adds them). Clobbers r11.
.macro TD_SPILL_CALL_GP slot, context, indirect
    movq \slot, TD_FRAME_SLOT(%rsp)
    movq \context, TD_FRAME_CONTEXT(%rsp)
    movq %rdi, TD_FRAME_GP+0(%rsp)
    movq %rsi, TD_FRAME_GP+8(%rsp)
    movq %rdx, TD_FRAME_GP+16(%rsp)
    movq %rcx, TD_FRAME_GP+24(%rsp)
    movq %r8, TD_FRAME_GP+32(%rsp)
    movq %r9, TD_FRAME_GP+40(%rsp)
    movq $0, TD_FRAME_GP+48(%rsp)           // x86_64 has six integer argument registers
    movq $0, TD_FRAME_GP+56(%rsp)
    leaq 16(%rbp), %r11                     // above the saved rbp and the return address
    movq %r11, TD_FRAME_STACK_ARGUMENTS(%rsp)
    movq \indirect, TD_FRAME_INDIRECT_RESULT(%rsp)
    movq %r13, TD_FRAME_SELF(%rsp)
    movq %r12, TD_FRAME_ERROR(%rsp)
    movq %r14, TD_FRAME_ASYNC_CONTEXT(%rsp)
    movq $0, TD_FRAME_STACK_ARGUMENT_BYTES(%rsp)
.endm

// TD_SPILL_CALL_GP, then the vector argument registers.
.macro TD_SPILL_CALL slot, context, indirect
    TD_SPILL_CALL_GP \slot, \context, \indirect
    TD_SPILL_VECTORS
.endm

// Zeroes the result registers of the frame at rsp and sets its return error
// (`error`), flags (`flags`) and suspension (none). Clobbers xmm0.
.macro TD_CLEAR_RESULTS error, flags
    TD_CLEAR_RESULTS_GP \error, \flags
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+0(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+16(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+32(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+48(%rsp)
.endm

// TD_CLEAR_RESULTS without the vector result registers (xmm0 is left zero).
.macro TD_CLEAR_RESULTS_GP error, flags
    xorps %xmm0, %xmm0
    movaps %xmm0, TD_FRAME_RETURN_GP+0(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_GP+16(%rsp)
    movq \error, TD_FRAME_RETURN_ERROR(%rsp)
    movq \flags, TD_FRAME_FLAGS(%rsp)
    movq $0, TD_FRAME_SUSPENSION(%rsp)
.endm

// Loads the argument registers (rdi rsi rdx rcx r8 r9, xmm0-xmm7) from the
// frame at `frame`.
.macro TD_LOAD_ARGUMENTS frame
    movq TD_FRAME_GP+0(\frame), %rdi
    movq TD_FRAME_GP+8(\frame), %rsi
    movq TD_FRAME_GP+16(\frame), %rdx
    movq TD_FRAME_GP+24(\frame), %rcx
    movq TD_FRAME_GP+32(\frame), %r8
    movq TD_FRAME_GP+40(\frame), %r9
    movaps TD_FRAME_VECTOR+0(\frame), %xmm0
    movaps TD_FRAME_VECTOR+16(\frame), %xmm1
    movaps TD_FRAME_VECTOR+32(\frame), %xmm2
    movaps TD_FRAME_VECTOR+48(\frame), %xmm3
    movaps TD_FRAME_VECTOR+64(\frame), %xmm4
    movaps TD_FRAME_VECTOR+80(\frame), %xmm5
    movaps TD_FRAME_VECTOR+96(\frame), %xmm6
    movaps TD_FRAME_VECTOR+112(\frame), %xmm7
.endm

// Stores a call's results into the frame at `frame`: the four integer result
// registers `r0`-`r3` (rax rdx rcx r8 for swiftcc, rdi rsi rdx rcx for a
// continuation), xmm0-xmm3 and the error register `error`.
.macro TD_STORE_RESULTS frame, r0, r1, r2, r3, error
    movq \r0, TD_FRAME_RETURN_GP+0(\frame)
    movq \r1, TD_FRAME_RETURN_GP+8(\frame)
    movq \r2, TD_FRAME_RETURN_GP+16(\frame)
    movq \r3, TD_FRAME_RETURN_GP+24(\frame)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+0(\frame)
    movaps %xmm1, TD_FRAME_RETURN_VECTOR+16(\frame)
    movaps %xmm2, TD_FRAME_RETURN_VECTOR+32(\frame)
    movaps %xmm3, TD_FRAME_RETURN_VECTOR+48(\frame)
    movq \error, TD_FRAME_RETURN_ERROR(\frame)
.endm

// Loads the results TD_STORE_RESULTS stores, into the same registers.
.macro TD_LOAD_RESULTS frame, r0, r1, r2, r3, error
    TD_LOAD_RESULTS_GP \frame, \r0, \r1, \r2, \r3, \error
    movaps TD_FRAME_RETURN_VECTOR+0(\frame), %xmm0
    movaps TD_FRAME_RETURN_VECTOR+16(\frame), %xmm1
    movaps TD_FRAME_RETURN_VECTOR+32(\frame), %xmm2
    movaps TD_FRAME_RETURN_VECTOR+48(\frame), %xmm3
.endm

// TD_LOAD_RESULTS without the vector result registers.
.macro TD_LOAD_RESULTS_GP frame, r0, r1, r2, r3, error
    movq TD_FRAME_RETURN_GP+0(\frame), \r0
    movq TD_FRAME_RETURN_GP+8(\frame), \r1
    movq TD_FRAME_RETURN_GP+16(\frame), \r2
    movq TD_FRAME_RETURN_GP+24(\frame), \r3
    movq TD_FRAME_RETURN_ERROR(\frame), \error
.endm

// The whole body of a synchronous swiftcc entry (between .cfi_startproc and
// .cfi_endproc): spills the call into a td_call_frame on the stack with
// `slot` and `context`, calls the C function `handler(frame)` (which keeps
// rbx rbp r12-r15), and returns the results and error it left in the frame.
// Results start zeroed; the error register starts as the caller's r12, so a
// nonthrowing requirement hands r12 back unchanged (it is callee-saved when
// it is not the error register).
.macro TD_SYNC_ENTRY handler, slot, context
    TD_ENTER
    subq $TD_FRAME_SIZE, %rsp               // rsp is 16-byte aligned again
    TD_SPILL_CALL \slot, \context, %rax
    TD_CLEAR_RESULTS %r12, $0
    movq %rsp, %rdi
    callq \handler\()@PLT
    TD_LOAD_RESULTS %rsp, %rax, %rdx, %rcx, %r8, %r12
    TD_LEAVE
    retq
.endm

// TD_SYNC_ENTRY for a call that passes and returns nothing in a vector
// register: the frame's vector words are neither written nor read back
// (nothing reads them for such a call; a forwarded call reloads them as
// the callee ignores them).
.macro TD_SYNC_ENTRY_GP handler, slot, context
    TD_ENTER
    subq $TD_FRAME_SIZE, %rsp
    TD_SPILL_CALL_GP \slot, \context, %rax
    TD_CLEAR_RESULTS_GP %r12, $0
    movq %rsp, %rdi
    callq \handler\()@PLT
    TD_LOAD_RESULTS_GP %rsp, %rax, %rdx, %rcx, %r8, %r12
    TD_LEAVE
    retq
.endm

#elif defined(__aarch64__)

// Saves x29/x30 and sets x29 = sp, with the CFA on x29.
.macro TD_ENTER
    stp x29, x30, [sp, #-16]!
    .cfi_def_cfa_offset 16
    .cfi_offset w30, -8
    .cfi_offset w29, -16
    mov x29, sp
    .cfi_def_cfa w29, 16
.endm

// Undoes TD_ENTER (whatever sp became) before a return or a tail call.
.macro TD_LEAVE
    mov sp, x29
    ldp x29, x30, [sp], #16
    .cfi_def_cfa sp, 0
.endm

// Saves x29/x30 and the callee-saved x19-x24 in a 64-byte record (the
// routine calls a swiftcc function, which may change x20-x22, and keeps its
// own state in x19 and x23), with the CFA on x29.
.macro TD_ENTER_SAVING_CALLEE_SAVED
    stp x29, x30, [sp, #-64]!
    .cfi_def_cfa_offset 64
    .cfi_offset w30, -56
    .cfi_offset w29, -64
    mov x29, sp
    .cfi_def_cfa w29, 64
    stp x19, x20, [sp, #16]
    stp x21, x22, [sp, #32]
    stp x23, x24, [sp, #48]
    .cfi_offset w19, -48
    .cfi_offset w20, -40
    .cfi_offset w21, -32
    .cfi_offset w22, -24
    .cfi_offset w23, -16
    .cfi_offset w24, -8
.endm

// Undoes TD_ENTER_SAVING_CALLEE_SAVED (whatever sp became).
.macro TD_LEAVE_RESTORING_CALLEE_SAVED
    mov sp, x29
    ldp x19, x20, [sp, #16]
    ldp x21, x22, [sp, #32]
    ldp x23, x24, [sp, #48]
    ldp x29, x30, [sp], #64
    .cfi_def_cfa sp, 0
.endm

// Spills a swiftcc call's registers into the td_call_frame at sp (after
// TD_ENTER and `sub sp, sp, #TD_FRAME_SIZE`): the veneer's slot and context,
// the integer argument registers (x0-x7), the caller's stack arguments (the
// caller's sp), the indirect result address (`indirect`), self (x20), error
// (x21) and async context (x22); not the vector argument registers
// (TD_SPILL_CALL adds them). Clobbers x9 (after storing `slot`).
.macro TD_SPILL_CALL_GP slot, context, indirect
    stp \slot, \context, [sp, #TD_FRAME_SLOT]
    stp x0, x1, [sp, #TD_FRAME_GP+0]
    stp x2, x3, [sp, #TD_FRAME_GP+16]
    stp x4, x5, [sp, #TD_FRAME_GP+32]
    stp x6, x7, [sp, #TD_FRAME_GP+48]
    add x9, x29, #16                        // the caller's sp: the first stack argument
    str x9, [sp, #TD_FRAME_STACK_ARGUMENTS]
    stp \indirect, x20, [sp, #TD_FRAME_INDIRECT_RESULT]   // indirect result, self
    stp x21, x22, [sp, #TD_FRAME_ERROR]                   // error, async context
    str xzr, [sp, #TD_FRAME_STACK_ARGUMENT_BYTES]
.endm

// Spills the vector argument registers (q0-q7) into the frame at sp.
.macro TD_SPILL_VECTORS
    stp q0, q1, [sp, #TD_FRAME_VECTOR+0]
    stp q2, q3, [sp, #TD_FRAME_VECTOR+32]
    stp q4, q5, [sp, #TD_FRAME_VECTOR+64]
    stp q6, q7, [sp, #TD_FRAME_VECTOR+96]
.endm

// TD_SPILL_CALL_GP, then the vector argument registers.
.macro TD_SPILL_CALL slot, context, indirect
    TD_SPILL_CALL_GP \slot, \context, \indirect
    TD_SPILL_VECTORS
.endm

// Zeroes the result registers of the frame at sp and sets its return error
// (`error`), flags (`flags`) and suspension (none). Clobbers v16.
.macro TD_CLEAR_RESULTS error, flags
    TD_CLEAR_RESULTS_GP \error, \flags
    movi v16.2d, #0
    stp q16, q16, [sp, #TD_FRAME_RETURN_VECTOR+0]
    stp q16, q16, [sp, #TD_FRAME_RETURN_VECTOR+32]
.endm

// TD_CLEAR_RESULTS without the vector result registers.
.macro TD_CLEAR_RESULTS_GP error, flags
    stp xzr, xzr, [sp, #TD_FRAME_RETURN_GP+0]
    stp xzr, xzr, [sp, #TD_FRAME_RETURN_GP+16]
    stp \error, \flags, [sp, #TD_FRAME_RETURN_ERROR]      // return error, flags
    stp xzr, xzr, [sp, #TD_FRAME_SUSPENSION]              // suspension, padding
.endm

// Loads the argument registers (x0-x7, q0-q7) from the frame at `frame`.
.macro TD_LOAD_ARGUMENTS frame
    ldp x0, x1, [\frame, #TD_FRAME_GP+0]
    ldp x2, x3, [\frame, #TD_FRAME_GP+16]
    ldp x4, x5, [\frame, #TD_FRAME_GP+32]
    ldp x6, x7, [\frame, #TD_FRAME_GP+48]
    ldp q0, q1, [\frame, #TD_FRAME_VECTOR+0]
    ldp q2, q3, [\frame, #TD_FRAME_VECTOR+32]
    ldp q4, q5, [\frame, #TD_FRAME_VECTOR+64]
    ldp q6, q7, [\frame, #TD_FRAME_VECTOR+96]
.endm

// Stores a call's results (x0-x3, q0-q3) and its error register `error`
// (x21 for swiftcc, x20 for a continuation) into the frame at `frame`.
.macro TD_STORE_RESULTS frame, error
    stp x0, x1, [\frame, #TD_FRAME_RETURN_GP+0]
    stp x2, x3, [\frame, #TD_FRAME_RETURN_GP+16]
    stp q0, q1, [\frame, #TD_FRAME_RETURN_VECTOR+0]
    stp q2, q3, [\frame, #TD_FRAME_RETURN_VECTOR+32]
    str \error, [\frame, #TD_FRAME_RETURN_ERROR]
.endm

// Loads the results TD_STORE_RESULTS stores, into the same registers.
.macro TD_LOAD_RESULTS frame, error
    TD_LOAD_RESULTS_GP \frame, \error
    ldp q0, q1, [\frame, #TD_FRAME_RETURN_VECTOR+0]
    ldp q2, q3, [\frame, #TD_FRAME_RETURN_VECTOR+32]
.endm

// TD_LOAD_RESULTS without the vector result registers.
.macro TD_LOAD_RESULTS_GP frame, error
    ldp x0, x1, [\frame, #TD_FRAME_RETURN_GP+0]
    ldp x2, x3, [\frame, #TD_FRAME_RETURN_GP+16]
    ldr \error, [\frame, #TD_FRAME_RETURN_ERROR]
.endm

// The whole body of a synchronous swiftcc entry (between .cfi_startproc and
// .cfi_endproc): spills the call into a td_call_frame on the stack with
// `slot` and `context`, calls the C function `handler(frame)` (which keeps
// x19-x28 and d8-d15), and returns the results and error it left in the
// frame. Results start zeroed; the error register starts as the caller's
// x21, so a nonthrowing requirement hands x21 back unchanged.
.macro TD_SYNC_ENTRY handler, slot, context
    TD_ENTER
    sub sp, sp, #TD_FRAME_SIZE
    TD_SPILL_CALL \slot, \context, x8
    TD_CLEAR_RESULTS x21, xzr               // return error, flags (sync)
    mov x0, sp
    bl \handler
    TD_LOAD_RESULTS sp, x21
    TD_LEAVE
    ret
.endm

// TD_SYNC_ENTRY for a call that passes and returns nothing in a vector
// register (see the x86_64 form).
.macro TD_SYNC_ENTRY_GP handler, slot, context
    TD_ENTER
    sub sp, sp, #TD_FRAME_SIZE
    TD_SPILL_CALL_GP \slot, \context, x8
    TD_CLEAR_RESULTS_GP x21, xzr
    mov x0, sp
    bl \handler
    TD_LOAD_RESULTS_GP sp, x21
    TD_LEAVE
    ret
.endm

#endif

#endif  // CTESTDOUBLESTRAMPOLINES_FRAME_MACROS_H
