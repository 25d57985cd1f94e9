// The machine boundary: hand-written entries for x86_64 and arm64.
//
// Layout of this file, per architecture:
//   1. td_sync_trampoline_entry   the shared synchronous entry veneers jump to
//   2. td_async_trampoline_entry  the async entry (completes at once), same frame
//   3. td_call_probing_error_register and td_assembly_echo_word, small probes
//      the tests use to observe register contracts.
// The register moves shared with Forwarding.S and ClosureBridge.S are the
// assembler macros of FrameMacros.h.
//
// Every entry spills the registers into one td_call_frame (see
// include/CTestDoublesTrampolines.h; offsets are the TD_FRAME_* macros, asserted
// against the C struct in Trampoline.c), calls the Swift handler
// td_trampoline_handler(frame) with the C calling convention, then reloads
// the result and error registers from the frame and returns to the caller.

#include "FrameMacros.h"

#if defined(__x86_64__)

    .text

// ---------------------------------------------------------------------------
// void td_sync_trampoline_entry(void)
//
// Reached by `jmp` from a veneer with r11 = slot and r10 = context; every
// other register is exactly as the Swift caller set it up (swiftcc):
// arguments in rdi rsi rdx rcx r8 r9 / xmm0-xmm7, self in r13, error in r12,
// indirect result in rax, async context in r14, stack arguments at 8(%rsp).
// ---------------------------------------------------------------------------
    .globl td_sync_trampoline_entry
    .type td_sync_trampoline_entry, @function
    .p2align 4
td_sync_trampoline_entry:
    .cfi_startproc
    TD_SYNC_ENTRY td_trampoline_handler, %r11, %r10   // slot, context from the veneer
    .cfi_endproc
    .size td_sync_trampoline_entry, . - td_sync_trampoline_entry

// ---------------------------------------------------------------------------
// void td_sync_trampoline_entry_gp(void)
//
// td_sync_trampoline_entry for a requirement that passes and returns nothing
// in xmm registers: xmm0-xmm7 are not spilled, xmm0-xmm3 not set on return.
// ---------------------------------------------------------------------------
    .globl td_sync_trampoline_entry_gp
    .type td_sync_trampoline_entry_gp, @function
    .p2align 4
td_sync_trampoline_entry_gp:
    .cfi_startproc
    TD_SYNC_ENTRY_GP td_trampoline_handler, %r11, %r10
    .cfi_endproc
    .size td_sync_trampoline_entry_gp, . - td_sync_trampoline_entry_gp

// ---------------------------------------------------------------------------
// void td_async_trampoline_entry(void)   (swifttailcc, async)
//
// Reached through an async function pointer record: the caller allocated
// TD_ASYNC_CONTEXT_SIZE bytes of context, stored Parent at 0(ctx) and
// ResumeParent at 8(ctx), and jumped (or called) here with r14 = ctx,
// r11 = slot and r10 = context from the veneer. Arguments are as for the
// sync entry except that an indirect result address is the first integer
// argument (rdi). The return address is at (%rsp) and the stack arguments
// follow it; this callee must pop them (swifttailcc is callee-pops).
//
// The handler runs at once, while the caller's stack arguments are still
// live, and completes the call: the results go into the continuation's
// argument registers (rdi rsi rdx rcx, xmm0-xmm3), the error into r13, and
// ResumeParent is tail-called with r14 = this call's context (it reads
// Parent and frees the context itself).
// ---------------------------------------------------------------------------
    .globl td_async_trampoline_entry
    .type td_async_trampoline_entry, @function
    .p2align 4
td_async_trampoline_entry:
    .cfi_startproc
    TD_ENTER
    subq $TD_FRAME_SIZE, %rsp

    TD_SPILL_CALL %r11, %r10, %rdi          // slot, context, indirect result (the first argument)
    TD_CLEAR_RESULTS $0, $TD_FRAME_FLAG_ASYNC   // async errors start clear

    movq %rsp, %rdi
    callq td_trampoline_handler@PLT

    cmpq $0, TD_FRAME_SUSPENSION(%rsp)
    jne .Lasync_suspend

    movq TD_FRAME_STACK_ARGUMENT_BYTES(%rsp), %rax
    // async functions return errors in the self register
    TD_LOAD_RESULTS %rsp, %rdi, %rsi, %rdx, %rcx, %r13
    movq TD_FRAME_ASYNC_CONTEXT(%rsp), %r14

    TD_LEAVE
    // Callee-pops: move the return address up over the popped stack
    // arguments, then drop them. (%rax is a multiple of 16; see
    // TrampolineConvention.asyncCalleePoppedByteCount.)
    movq (%rsp), %r10
    movq %r10, (%rsp,%rax)
    addq %rax, %rsp
    jmpq *8(%r14)                           // ResumeParent(context = r14)

.Lasync_suspend:
    // The handler asked to continue asynchronously. Call the Swift async
    // dispatcher as a child of this call: allocate its context on the task,
    // link it to ours (Parent) and to td_async_dispatch_complete
    // (ResumeParent), pop our stack arguments, and tail-call it with the
    // state in rdi. The arguments were decoded above, while they were live.
    .cfi_def_cfa %rbp, 16
    movq td_async_dispatchTu@GOTPCREL(%rip), %r11
    movl 4(%r11), %edi                      // the dispatcher's context size
    callq swift_task_alloc@PLT
    movq TD_FRAME_ASYNC_CONTEXT(%rsp), %rcx
    movq %rcx, 0(%rax)                      // child Parent = this call's context
    leaq td_async_dispatch_complete(%rip), %rcx
    movq %rcx, 8(%rax)                      // child ResumeParent
    movq %rax, %r14
    movq TD_FRAME_SUSPENSION(%rsp), %rdi
    movq td_async_dispatchTu@GOTPCREL(%rip), %r11
    movslq 0(%r11), %rdx
    addq %r11, %rdx                         // the dispatcher's code
    movq TD_FRAME_STACK_ARGUMENT_BYTES(%rsp), %rax
    TD_LEAVE
    movq (%rsp), %r10
    movq %r10, (%rsp,%rax)
    addq %rax, %rsp
    jmpq *%rdx                              // td_async_dispatch(state), context = r14
    .cfi_endproc
    .size td_async_trampoline_entry, . - td_async_trampoline_entry

// ---------------------------------------------------------------------------
// void td_async_dispatch_complete(void)   (swifttailcc, async)
//
// The ResumeParent of the dispatcher's context: r14 = that context (its
// Parent is the suspended call's own context), rdi = the state the
// dispatcher returned. No stack arguments.
// ---------------------------------------------------------------------------
    .globl td_async_dispatch_complete
    .type td_async_dispatch_complete, @function
    .p2align 4
td_async_dispatch_complete:
    .cfi_startproc
    TD_ENTER
    subq $TD_FRAME_SIZE, %rsp

    movq %rdi, TD_FRAME_SUSPENSION(%rsp)
    movq 0(%r14), %rax
    movq %rax, TD_FRAME_ASYNC_CONTEXT(%rsp) // the suspended call's context
    movq %r14, %rdi
    callq swift_task_dealloc@PLT            // free the dispatcher's context
    movq TD_FRAME_SUSPENSION(%rsp), %rdi
    movq %rsp, %rsi
    callq td_async_dispatch_finish@PLT      // results into this frame; releases the state

    TD_LOAD_RESULTS %rsp, %rdi, %rsi, %rdx, %rcx, %r13
    movq TD_FRAME_ASYNC_CONTEXT(%rsp), %r14

    TD_LEAVE
    jmpq *8(%r14)                           // the original caller's ResumeParent
    .cfi_endproc
    .size td_async_dispatch_complete, . - td_async_dispatch_complete

// ---------------------------------------------------------------------------
// uint64_t td_call_probing_error_register(function, self, error, first, second)
//                                          rdi      rsi   rdx    rcx    r8
// Calls `function` (swiftcc) with r13 = self, r12 = error, rdi/rsi = first,
// second and rax = 0, and returns the r12 the callee left behind.
// ---------------------------------------------------------------------------
    .globl td_call_probing_error_register
    .type td_call_probing_error_register, @function
    .p2align 4
td_call_probing_error_register:
    .cfi_startproc
    TD_ENTER
    pushq %r12
    pushq %r13                              // rsp is 16-byte aligned at the call
    .cfi_offset %r12, -24
    .cfi_offset %r13, -32
    movq %rdi, %r11
    movq %rsi, %r13
    movq %rdx, %r12
    movq %rcx, %rdi
    movq %r8, %rsi
    xorl %eax, %eax
    callq *%r11
    movq %r12, %rax
    popq %r13
    popq %r12
    popq %rbp
    .cfi_def_cfa %rsp, 8
    retq
    .cfi_endproc
    .size td_call_probing_error_register, . - td_call_probing_error_register

    .globl td_assembly_echo_word
    .type td_assembly_echo_word, @function
    .p2align 4
td_assembly_echo_word:
    movq %rdi, %rax
    retq
    .size td_assembly_echo_word, . - td_assembly_echo_word

#elif defined(__aarch64__)

    .text

// ---------------------------------------------------------------------------
// void td_sync_trampoline_entry(void)
//
// Reached by `br x16` from a veneer with x9 = slot and x10 = context; every
// other register is exactly as the Swift caller set it up (swiftcc):
// arguments in x0-x7 / q0-q7, self in x20, error in x21, indirect result in
// x8, async context in x22, stack arguments at [sp].
// ---------------------------------------------------------------------------
    .globl td_sync_trampoline_entry
    .type td_sync_trampoline_entry, %function
    .p2align 2
td_sync_trampoline_entry:
    .cfi_startproc
    TD_SYNC_ENTRY td_trampoline_handler, x9, x10   // slot, context from the veneer
    .cfi_endproc
    .size td_sync_trampoline_entry, . - td_sync_trampoline_entry

// ---------------------------------------------------------------------------
// void td_sync_trampoline_entry_gp(void)
//
// td_sync_trampoline_entry for a requirement that passes and returns nothing
// in q registers: q0-q7 are not spilled, q0-q3 not set on return.
// ---------------------------------------------------------------------------
    .globl td_sync_trampoline_entry_gp
    .type td_sync_trampoline_entry_gp, %function
    .p2align 2
td_sync_trampoline_entry_gp:
    .cfi_startproc
    TD_SYNC_ENTRY_GP td_trampoline_handler, x9, x10
    .cfi_endproc
    .size td_sync_trampoline_entry_gp, . - td_sync_trampoline_entry_gp

// ---------------------------------------------------------------------------
// void td_async_trampoline_entry(void)   (swifttailcc, async)
//
// Reached through an async function pointer record: the caller allocated
// TD_ASYNC_CONTEXT_SIZE bytes of context, stored Parent at [ctx] and
// ResumeParent at [ctx, #8], and branched here with x22 = ctx, x9 = slot and
// x10 = context from the veneer. An indirect result address is the first
// integer argument (x0). Stack arguments start at [sp]; this callee must pop
// them (swifttailcc is callee-pops).
//
// The handler runs at once, while the caller's stack arguments are still
// live, and completes the call: results in x0-x3 / q0-q3, the error in x20,
// x22 = this call's context, x29/x30 as on entry, branch to ResumeParent.
// ---------------------------------------------------------------------------
    .globl td_async_trampoline_entry
    .type td_async_trampoline_entry, %function
    .p2align 2
td_async_trampoline_entry:
    .cfi_startproc
    TD_ENTER
    sub sp, sp, #TD_FRAME_SIZE

    TD_SPILL_CALL x9, x10, x0               // slot, context, indirect result (the first argument)
    mov x9, #TD_FRAME_FLAG_ASYNC
    TD_CLEAR_RESULTS xzr, x9                // async errors start clear; flags

    mov x0, sp
    bl td_trampoline_handler                // C ABI: keeps x19-x28, d8-d15

    ldr x9, [sp, #TD_FRAME_SUSPENSION]
    cbnz x9, .Lasync_suspend

    ldr x9, [sp, #TD_FRAME_STACK_ARGUMENT_BYTES]
    // async functions return errors in the self register
    TD_LOAD_RESULTS sp, x20
    ldr x22, [sp, #TD_FRAME_ASYNC_CONTEXT]

    TD_LEAVE
    add sp, sp, x9                          // callee-pops: drop the stack arguments
    ldr x16, [x22, #8]
    br x16                                  // ResumeParent(context = x22)

.Lasync_suspend:
    // The handler asked to continue asynchronously: call the Swift async
    // dispatcher as a child of this call (see the x86_64 entry).
    .cfi_def_cfa w29, 16
    adrp x16, :got:td_async_dispatchTu
    ldr x16, [x16, :got_lo12:td_async_dispatchTu]
    ldr w0, [x16, #4]                       // the dispatcher's context size
    bl swift_task_alloc
    ldr x9, [sp, #TD_FRAME_ASYNC_CONTEXT]
    adrp x10, td_async_dispatch_complete
    add x10, x10, :lo12:td_async_dispatch_complete
    stp x9, x10, [x0]                       // child Parent, ResumeParent
    mov x22, x0
    ldr x0, [sp, #TD_FRAME_SUSPENSION]
    adrp x16, :got:td_async_dispatchTu
    ldr x16, [x16, :got_lo12:td_async_dispatchTu]
    ldrsw x17, [x16]
    add x16, x16, x17                       // the dispatcher's code
    ldr x9, [sp, #TD_FRAME_STACK_ARGUMENT_BYTES]
    TD_LEAVE
    add sp, sp, x9
    br x16                                  // td_async_dispatch(state), context = x22
    .cfi_endproc
    .size td_async_trampoline_entry, . - td_async_trampoline_entry

// ---------------------------------------------------------------------------
// void td_async_dispatch_complete(void)   (swifttailcc, async)
//
// The ResumeParent of the dispatcher's context: x22 = that context (its
// Parent is the suspended call's own context), x0 = the state the
// dispatcher returned. No stack arguments.
// ---------------------------------------------------------------------------
    .globl td_async_dispatch_complete
    .type td_async_dispatch_complete, %function
    .p2align 2
td_async_dispatch_complete:
    .cfi_startproc
    TD_ENTER
    sub sp, sp, #TD_FRAME_SIZE

    str x0, [sp, #TD_FRAME_SUSPENSION]
    ldr x9, [x22]
    str x9, [sp, #TD_FRAME_ASYNC_CONTEXT]   // the suspended call's context
    mov x0, x22
    bl swift_task_dealloc                   // free the dispatcher's context
    ldr x0, [sp, #TD_FRAME_SUSPENSION]
    mov x1, sp
    bl td_async_dispatch_finish             // results into this frame; releases the state

    TD_LOAD_RESULTS sp, x20
    ldr x22, [sp, #TD_FRAME_ASYNC_CONTEXT]

    TD_LEAVE
    ldr x16, [x22, #8]
    br x16                                  // the original caller's ResumeParent
    .cfi_endproc
    .size td_async_dispatch_complete, . - td_async_dispatch_complete

// ---------------------------------------------------------------------------
// uint64_t td_call_probing_error_register(function, self, error, first, second)
//                                          x0        x1    x2     x3     x4
// Calls `function` (swiftcc) with x20 = self, x21 = error, x0/x1 = first,
// second and x8 = 0, and returns the x21 the callee left behind.
// ---------------------------------------------------------------------------
    .globl td_call_probing_error_register
    .type td_call_probing_error_register, %function
    .p2align 2
td_call_probing_error_register:
    .cfi_startproc
    stp x29, x30, [sp, #-32]!
    .cfi_def_cfa_offset 32
    .cfi_offset w30, -24
    .cfi_offset w29, -32
    mov x29, sp
    stp x20, x21, [sp, #16]
    .cfi_offset w21, -8
    .cfi_offset w20, -16
    mov x16, x0
    mov x20, x1
    mov x21, x2
    mov x0, x3
    mov x1, x4
    mov x8, xzr
    blr x16
    mov x0, x21
    ldp x20, x21, [sp, #16]
    ldp x29, x30, [sp], #32
    .cfi_def_cfa_offset 0
    ret
    .cfi_endproc
    .size td_call_probing_error_register, . - td_call_probing_error_register

    .globl td_assembly_echo_word
    .type td_assembly_echo_word, %function
    .p2align 2
td_assembly_echo_word:
    ret
    .size td_assembly_echo_word, . - td_assembly_echo_word

#else
#error "TestDoubles trampolines support x86_64 and arm64 only"
#endif

#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack, "", %progbits
#endif
