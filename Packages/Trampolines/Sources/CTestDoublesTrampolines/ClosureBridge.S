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
// Offsets are the TD_FRAME_* macros of CTestDoublesTrampolines.h.

#include "CTestDoublesTrampolines.h"

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
    pushq %rbp
    .cfi_def_cfa_offset 16
    .cfi_offset %rbp, -16
    movq %rsp, %rbp
    .cfi_def_cfa_register %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    pushq %rdi                              // six pushes: rsp is 16-byte aligned
    .cfi_offset %rbx, -24
    .cfi_offset %r12, -32
    .cfi_offset %r13, -40
    .cfi_offset %r14, -48
    .cfi_offset %r15, -56

    movq %rdi, %rbx                         // the frame, kept across the call
    movq %rsi, %r15                         // the entry

    // The outgoing stack arguments (a multiple of 16 bytes).
    movq TD_FRAME_STACK_ARGUMENT_BYTES(%rbx), %rcx
    subq %rcx, %rsp
    movq TD_FRAME_STACK_ARGUMENTS(%rbx), %rsi
    movq %rsp, %rdi
    cld
    rep movsb

    movq TD_FRAME_GP+0(%rbx), %rdi
    movq TD_FRAME_GP+8(%rbx), %rsi
    movq TD_FRAME_GP+16(%rbx), %rdx
    movq TD_FRAME_GP+24(%rbx), %rcx
    movq TD_FRAME_GP+32(%rbx), %r8
    movq TD_FRAME_GP+40(%rbx), %r9
    movaps TD_FRAME_VECTOR+0(%rbx), %xmm0
    movaps TD_FRAME_VECTOR+16(%rbx), %xmm1
    movaps TD_FRAME_VECTOR+32(%rbx), %xmm2
    movaps TD_FRAME_VECTOR+48(%rbx), %xmm3
    movaps TD_FRAME_VECTOR+64(%rbx), %xmm4
    movaps TD_FRAME_VECTOR+80(%rbx), %xmm5
    movaps TD_FRAME_VECTOR+96(%rbx), %xmm6
    movaps TD_FRAME_VECTOR+112(%rbx), %xmm7
    movq TD_FRAME_INDIRECT_RESULT(%rbx), %rax
    movq TD_FRAME_SELF(%rbx), %r13
    movq TD_FRAME_ERROR(%rbx), %r12

    callq *%r15

    movq %rax, TD_FRAME_RETURN_GP+0(%rbx)
    movq %rdx, TD_FRAME_RETURN_GP+8(%rbx)
    movq %rcx, TD_FRAME_RETURN_GP+16(%rbx)
    movq %r8, TD_FRAME_RETURN_GP+24(%rbx)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+0(%rbx)
    movaps %xmm1, TD_FRAME_RETURN_VECTOR+16(%rbx)
    movaps %xmm2, TD_FRAME_RETURN_VECTOR+32(%rbx)
    movaps %xmm3, TD_FRAME_RETURN_VECTOR+48(%rbx)
    movq %r12, TD_FRAME_RETURN_ERROR(%rbx)

    leaq -48(%rbp), %rsp
    popq %rdi
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    .cfi_def_cfa %rsp, 8
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
    pushq %rbp
    .cfi_def_cfa_offset 16
    .cfi_offset %rbp, -16
    movq %rsp, %rbp
    .cfi_def_cfa_register %rbp
    subq $TD_FRAME_SIZE, %rsp

    movq $0, TD_FRAME_SLOT(%rsp)
    movq $0, TD_FRAME_CONTEXT(%rsp)
    movq %rdi, TD_FRAME_GP+0(%rsp)
    movq %rsi, TD_FRAME_GP+8(%rsp)
    movq %rdx, TD_FRAME_GP+16(%rsp)
    movq %rcx, TD_FRAME_GP+24(%rsp)
    movq %r8, TD_FRAME_GP+32(%rsp)
    movq %r9, TD_FRAME_GP+40(%rsp)
    movq $0, TD_FRAME_GP+48(%rsp)
    movq $0, TD_FRAME_GP+56(%rsp)
    movaps %xmm0, TD_FRAME_VECTOR+0(%rsp)
    movaps %xmm1, TD_FRAME_VECTOR+16(%rsp)
    movaps %xmm2, TD_FRAME_VECTOR+32(%rsp)
    movaps %xmm3, TD_FRAME_VECTOR+48(%rsp)
    movaps %xmm4, TD_FRAME_VECTOR+64(%rsp)
    movaps %xmm5, TD_FRAME_VECTOR+80(%rsp)
    movaps %xmm6, TD_FRAME_VECTOR+96(%rsp)
    movaps %xmm7, TD_FRAME_VECTOR+112(%rsp)

    leaq 16(%rbp), %r11
    movq %r11, TD_FRAME_STACK_ARGUMENTS(%rsp)
    movq %rax, TD_FRAME_INDIRECT_RESULT(%rsp)
    movq %r13, TD_FRAME_SELF(%rsp)
    movq %r12, TD_FRAME_ERROR(%rsp)
    movq %r14, TD_FRAME_ASYNC_CONTEXT(%rsp)
    movq $0, TD_FRAME_STACK_ARGUMENT_BYTES(%rsp)

    xorps %xmm0, %xmm0
    movaps %xmm0, TD_FRAME_RETURN_GP+0(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_GP+16(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+0(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+16(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+32(%rsp)
    movaps %xmm0, TD_FRAME_RETURN_VECTOR+48(%rsp)
    movq %r12, TD_FRAME_RETURN_ERROR(%rsp)  // nonthrowing: r12 comes back unchanged
    movq $0, TD_FRAME_FLAGS(%rsp)
    movq $0, TD_FRAME_SUSPENSION(%rsp)

    movq %rsp, %rdi
    callq td_dynamic_function_handler@PLT   // C ABI: keeps rbx rbp r12-r15

    movq TD_FRAME_RETURN_GP+0(%rsp), %rax
    movq TD_FRAME_RETURN_GP+8(%rsp), %rdx
    movq TD_FRAME_RETURN_GP+16(%rsp), %rcx
    movq TD_FRAME_RETURN_GP+24(%rsp), %r8
    movaps TD_FRAME_RETURN_VECTOR+0(%rsp), %xmm0
    movaps TD_FRAME_RETURN_VECTOR+16(%rsp), %xmm1
    movaps TD_FRAME_RETURN_VECTOR+32(%rsp), %xmm2
    movaps TD_FRAME_RETURN_VECTOR+48(%rsp), %xmm3
    movq TD_FRAME_RETURN_ERROR(%rsp), %r12

    movq %rbp, %rsp
    popq %rbp
    .cfi_def_cfa %rsp, 8
    retq
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
    ldp x0, x1, [x19, #TD_FRAME_GP+0]
    ldp x2, x3, [x19, #TD_FRAME_GP+16]
    ldp x4, x5, [x19, #TD_FRAME_GP+32]
    ldp x6, x7, [x19, #TD_FRAME_GP+48]
    ldp q0, q1, [x19, #TD_FRAME_VECTOR+0]
    ldp q2, q3, [x19, #TD_FRAME_VECTOR+32]
    ldp q4, q5, [x19, #TD_FRAME_VECTOR+64]
    ldp q6, q7, [x19, #TD_FRAME_VECTOR+96]
    ldr x8, [x19, #TD_FRAME_INDIRECT_RESULT]
    ldr x20, [x19, #TD_FRAME_SELF]
    ldr x21, [x19, #TD_FRAME_ERROR]

    blr x23

    stp x0, x1, [x19, #TD_FRAME_RETURN_GP+0]
    stp x2, x3, [x19, #TD_FRAME_RETURN_GP+16]
    stp q0, q1, [x19, #TD_FRAME_RETURN_VECTOR+0]
    stp q2, q3, [x19, #TD_FRAME_RETURN_VECTOR+32]
    str x21, [x19, #TD_FRAME_RETURN_ERROR]

    mov sp, x29
    ldp x19, x20, [sp, #16]
    ldp x21, x22, [sp, #32]
    ldp x23, x24, [sp, #48]
    ldp x29, x30, [sp], #64
    .cfi_def_cfa sp, 0
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
    stp x29, x30, [sp, #-16]!
    .cfi_def_cfa_offset 16
    .cfi_offset w30, -8
    .cfi_offset w29, -16
    mov x29, sp
    .cfi_def_cfa w29, 16
    sub sp, sp, #TD_FRAME_SIZE

    stp xzr, xzr, [sp, #TD_FRAME_SLOT]      // slot, context
    stp x0, x1, [sp, #TD_FRAME_GP+0]
    stp x2, x3, [sp, #TD_FRAME_GP+16]
    stp x4, x5, [sp, #TD_FRAME_GP+32]
    stp x6, x7, [sp, #TD_FRAME_GP+48]
    stp q0, q1, [sp, #TD_FRAME_VECTOR+0]
    stp q2, q3, [sp, #TD_FRAME_VECTOR+32]
    stp q4, q5, [sp, #TD_FRAME_VECTOR+64]
    stp q6, q7, [sp, #TD_FRAME_VECTOR+96]

    add x9, x29, #16                        // the caller's sp: the first stack argument
    str x9, [sp, #TD_FRAME_STACK_ARGUMENTS]
    stp x8, x20, [sp, #TD_FRAME_INDIRECT_RESULT]   // indirect result, self (context)
    stp x21, x22, [sp, #TD_FRAME_ERROR]            // error, async context
    str xzr, [sp, #TD_FRAME_STACK_ARGUMENT_BYTES]

    stp xzr, xzr, [sp, #TD_FRAME_RETURN_GP+0]
    stp xzr, xzr, [sp, #TD_FRAME_RETURN_GP+16]
    movi v16.2d, #0
    stp q16, q16, [sp, #TD_FRAME_RETURN_VECTOR+0]
    stp q16, q16, [sp, #TD_FRAME_RETURN_VECTOR+32]
    stp x21, xzr, [sp, #TD_FRAME_RETURN_ERROR]     // nonthrowing: x21 comes back unchanged
    stp xzr, xzr, [sp, #TD_FRAME_SUSPENSION]

    mov x0, sp
    bl td_dynamic_function_handler          // C ABI: keeps x19-x28, d8-d15

    ldp x0, x1, [sp, #TD_FRAME_RETURN_GP+0]
    ldp x2, x3, [sp, #TD_FRAME_RETURN_GP+16]
    ldp q0, q1, [sp, #TD_FRAME_RETURN_VECTOR+0]
    ldp q2, q3, [sp, #TD_FRAME_RETURN_VECTOR+32]
    ldr x21, [sp, #TD_FRAME_RETURN_ERROR]

    mov sp, x29
    ldp x29, x30, [sp], #16
    .cfi_def_cfa sp, 0
    ret
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
