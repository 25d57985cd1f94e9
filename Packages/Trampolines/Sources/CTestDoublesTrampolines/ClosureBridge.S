// Closure bridges: the two assembly pieces that let Swift code call a
// direct-convention thick function it only knows at run time, and let
// direct-convention callers call a Swift closure.
//
//   td_invoke_function(frame, entry)   C ABI; loads the argument registers,
//       the self (context), error and indirect result registers and the
//       outgoing stack arguments from a td_call_frame, calls the swiftcc
//       `entry`, stores the result and error registers back into the frame.
//   td_dynamic_function_entry          swiftcc; the entry of synthesized
//       thick functions: spills a td_call_frame (context in the self
//       register), calls td_dynamic_function_handler(frame) in Swift, reloads
//       the result and error registers.
//
// Offsets are the TD_FRAME_* macros of CTestDoublesTrampolines.h; the register
// moves shared with Trampoline.S and Forwarding.S are the macros of FrameMacros.h.

#include "FrameMacros.h"

#if defined(__x86_64__)

    .text

// ---------------------------------------------------------------------------
// void td_invoke_function(td_call_frame *frame /* rdi */, const void *entry /* rsi */)
// ---------------------------------------------------------------------------
    .globl td_invoke_function
    .type td_invoke_function, @function
    .p2align 4
td_invoke_function:
    .cfi_startproc
    TD_ENTER_SAVING_CALLEE_SAVED
    pushq %rdi                              // six pushes: rsp is 16-byte aligned

    movq %rdi, %rbx                         // the frame, kept across the call
    movq %rsi, %r15                         // the entry

    // The outgoing stack arguments (a multiple of 16 bytes).
    movq TD_FRAME_STACK_ARGUMENT_BYTES(%rbx), %rcx
    subq %rcx, %rsp
    movq TD_FRAME_STACK_ARGUMENTS(%rbx), %rsi
    movq %rsp, %rdi
    cld
    rep movsb

    TD_LOAD_ARGUMENTS %rbx
    movq TD_FRAME_INDIRECT_RESULT(%rbx), %rax
    movq TD_FRAME_SELF(%rbx), %r13
    movq TD_FRAME_ERROR(%rbx), %r12

    callq *%r15

    TD_STORE_RESULTS %rbx, %rax, %rdx, %rcx, %r8, %r12

    leaq -48(%rbp), %rsp
    popq %rdi
    TD_LEAVE_RESTORING_CALLEE_SAVED
    retq
    .cfi_endproc
    .size td_invoke_function, . - td_invoke_function

// ---------------------------------------------------------------------------
// void td_dynamic_function_entry(void)   (swiftcc)
//
// Arguments in rdi rsi rdx rcx r8 r9 / xmm0-xmm7, context in r13, error in
// r12, indirect result in rax, stack arguments at 8(%rsp).
// ---------------------------------------------------------------------------
    .globl td_dynamic_function_entry
    .type td_dynamic_function_entry, @function
    .p2align 4
td_dynamic_function_entry:
    .cfi_startproc
    TD_SYNC_ENTRY td_dynamic_function_handler, $0, $0   // no slot, no context
    .cfi_endproc
    .size td_dynamic_function_entry, . - td_dynamic_function_entry

    .globl td_dynamic_function_entry_address
    .type td_dynamic_function_entry_address, @function
    .p2align 4
td_dynamic_function_entry_address:
    leaq td_dynamic_function_entry(%rip), %rax
    retq
    .size td_dynamic_function_entry_address, . - td_dynamic_function_entry_address

#elif defined(__aarch64__)

    .text

// ---------------------------------------------------------------------------
// void td_invoke_function(td_call_frame *frame /* x0 */, const void *entry /* x1 */)
// ---------------------------------------------------------------------------
    .globl td_invoke_function
    .type td_invoke_function, %function
    .p2align 2
td_invoke_function:
    .cfi_startproc
    TD_ENTER_SAVING_CALLEE_SAVED

    mov x19, x0                             // the frame, kept across the call
    mov x23, x1                             // the entry

    // The outgoing stack arguments (a multiple of 16 bytes).
    ldr x9, [x19, #TD_FRAME_STACK_ARGUMENT_BYTES]
    sub sp, sp, x9
    ldr x10, [x19, #TD_FRAME_STACK_ARGUMENTS]
    mov x11, #0
1:  cmp x11, x9
    b.hs 2f
    ldr x12, [x10, x11]
    str x12, [sp, x11]
    add x11, x11, #8
    b 1b
2:
    TD_LOAD_ARGUMENTS x19
    ldr x8, [x19, #TD_FRAME_INDIRECT_RESULT]
    ldr x20, [x19, #TD_FRAME_SELF]
    ldr x21, [x19, #TD_FRAME_ERROR]

    blr x23

    TD_STORE_RESULTS x19, x21

    TD_LEAVE_RESTORING_CALLEE_SAVED
    ret
    .cfi_endproc
    .size td_invoke_function, . - td_invoke_function

// ---------------------------------------------------------------------------
// void td_dynamic_function_entry(void)   (swiftcc)
//
// Arguments in x0-x7 / q0-q7, context in x20, error in x21, indirect result
// in x8, stack arguments at [sp].
// ---------------------------------------------------------------------------
    .globl td_dynamic_function_entry
    .type td_dynamic_function_entry, %function
    .p2align 2
td_dynamic_function_entry:
    .cfi_startproc
    TD_SYNC_ENTRY td_dynamic_function_handler, xzr, xzr   // no slot, no context
    .cfi_endproc
    .size td_dynamic_function_entry, . - td_dynamic_function_entry

    .globl td_dynamic_function_entry_address
    .type td_dynamic_function_entry_address, %function
    .p2align 2
td_dynamic_function_entry_address:
    adrp x0, td_dynamic_function_entry
    add x0, x0, :lo12:td_dynamic_function_entry
    ret
    .size td_dynamic_function_entry_address, . - td_dynamic_function_entry_address

#else
#error "TestDoubles trampolines support x86_64 and arm64 only"
#endif

#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack, "", %progbits
#endif
