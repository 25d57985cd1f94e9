// The native stack barrier (x86_64 only): runs an async body so that the
// native stack pointer the concurrency runtime's job loop gets back does not
// depend on what the body's code does to it.
//
// Why: Swift 6.1+ (x86_64) compiles an async call whose stack arguments hold
// a 128-bit integer (16-byte aligned) and end 8 bytes past a multiple of 16
// so that the caller reserves 16 bytes more than the callee pops (measured
// with 6.3.1 `-S`: a closure taking its captures (Int, Int, Int128, Int)
// after two register-filling arguments; the partial-apply forwarder moves the
// return address down 32 bytes, the closure pops 16). The task then runs 16
// bytes low; its next suspension returns to the job loop with rsp 16 bytes
// off, which restores its saved registers from the wrong slots (a jump to
// null in swift_job_run, or a hang). A test's recording closure is such a
// function as soon as it captures an Int128 among a few other values. Swift
// 6.0.3 passes the integer word by word and is not affected; arm64 rounds
// both sides alike.
//
// td_async_barrier(args...)  (swifttailcc, async; context TD_BARRIER_CONTEXT_SIZE)
//     Calls td_barrier_body(args...) (Swift, NativeStackBarrier.swift) with a
//     real `call`, as a child of this call: every return of the native stack
//     from inside (a suspension, the end of the job) comes back here, and
//     this frame returns to its own caller from its own frame pointer, 8
//     bytes popped as swifttailcc does. The argument registers rdi, rsi and
//     rdx pass through unchanged.
// td_async_barrier_resume  (swifttailcc, async)
//     The ResumeParent of the body's context: frees it and resumes the
//     barrier's caller. When the body finished in the same job (this thread,
//     the barrier's frame still live, checked by a cookie in that frame), it
//     resumes from the barrier's own frame, so no stack is left behind.

#include "FrameMacros.h"

#if defined(__x86_64__)

// The barrier's context: Parent, ResumeParent, the barrier's frame pointer,
// the thread (the TCB pointer, %fs:0) that runs it.
#define TD_BARRIER_CONTEXT_SIZE 32
#define TD_BARRIER_FRAME 16
#define TD_BARRIER_THREAD 24
// The cookie at -8(frame) is the barrier's context XOR this ('tdbarrie').
#define TD_BARRIER_MAGIC 0x7464626172726965

    .text

    .globl td_async_barrier
    .type td_async_barrier, @function
    .p2align 4
td_async_barrier:
    .cfi_startproc
    TD_ENTER
    movabsq $TD_BARRIER_MAGIC, %rax
    xorq %r14, %rax
    pushq %rax                              // -8(%rbp): the cookie
    pushq %rdi                              // -16(%rbp)
    pushq %rsi                              // -24(%rbp)
    pushq %rdx                              // -32(%rbp); rsp is 16-byte aligned
    movq %rbp, TD_BARRIER_FRAME(%r14)
    movq %fs:0, %rax
    movq %rax, TD_BARRIER_THREAD(%r14)
    movq td_barrier_bodyTu@GOTPCREL(%rip), %r11
    movl 4(%r11), %edi                      // the body's context size
    callq swift_task_alloc@PLT
    movq %r14, 0(%rax)                      // child Parent = this call's context
    leaq td_async_barrier_resume(%rip), %rcx
    movq %rcx, 8(%rax)                      // child ResumeParent
    movq %rax, %r14
    movq -16(%rbp), %rdi
    movq -24(%rbp), %rsi
    movq -32(%rbp), %rdx
    movq td_barrier_bodyTu@GOTPCREL(%rip), %r11
    movslq 0(%r11), %rax
    addq %r11, %rax                         // the body's code
    subq $16, %rsp                          // the callee's 8-byte argument area, aligned
    callq *%rax
    // The native stack unwound through this frame: the frame is gone for
    // td_async_barrier_resume, and the caller gets its stack pointer back.
    movq $0, -8(%rbp)
    TD_LEAVE
    retq $8
    .cfi_endproc
    .size td_async_barrier, . - td_async_barrier

    .globl td_async_barrier_resume
    .type td_async_barrier_resume, @function
    .p2align 4
td_async_barrier_resume:
    .cfi_startproc
    TD_ENTER
    pushq 0(%r14)                           // -8(%rbp): the barrier's context
    subq $8, %rsp
    movq %r14, %rdi
    callq swift_task_dealloc@PLT            // free the body's context
    movq -8(%rbp), %r14
    TD_LEAVE
    movq %fs:0, %rax
    cmpq %rax, TD_BARRIER_THREAD(%r14)
    jne 1f                                  // another thread: the barrier's frame is not ours
    movq TD_BARRIER_FRAME(%r14), %rcx
    cmpq %rsp, %rcx
    jbe 1f                                  // not above us: not live
    movabsq $TD_BARRIER_MAGIC, %rax
    xorq %r14, %rax
    cmpq %rax, -8(%rcx)
    jne 1f                                  // the frame already returned
    // The same job: leave from the barrier's frame, as if it had tail-called
    // its ResumeParent itself.
    movq $0, -8(%rcx)
    movq %rcx, %rsp
    popq %rbp
1:
    jmpq *8(%r14)                           // the barrier caller's ResumeParent
    .cfi_endproc
    .size td_async_barrier_resume, . - td_async_barrier_resume

    // The async function pointer Swift calls td_async_barrier through.
    .section .rodata
    .globl td_async_barrierTu
    .type td_async_barrierTu, @object
    .p2align 3
td_async_barrierTu:
    .long td_async_barrier - td_async_barrierTu
    .long TD_BARRIER_CONTEXT_SIZE
    .size td_async_barrierTu, 8

#endif

#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack, "", %progbits
#endif
