// Forwarding: re-issuing a captured call to a real witness (Spy).
//
//   td_forward_sync    a C-callable routine: load a frame into the Swift
//                      argument registers, copy the stack words, call a sync
//                      function, store its results and error register back.
//   td_forward_async   a Swift async function (declared in Swift with
//                      @_silgen_name, context record td_forward_asyncTu):
//                      allocate the target's context from its async function
//                      pointer record, link it back here, tail-call the
//                      target with the frame's registers and stack words;
//                      td_forward_async_complete stores the results and
//                      resumes the Swift caller.
//
// Layouts: td_call_frame (CTestDoublesTrampolines.h), td_forward_request
// (Forwarding.h). Shared register moves: the macros of FrameMacros.h.

#include "FrameMacros.h"
#include "Forwarding.h"

#if defined(__x86_64__)

    .text

// ---------------------------------------------------------------------------
// int64_t td_forward_sync(const td_forward_request *request)     rdi
//
// swiftcc at the call: arguments rdi rsi rdx rcx r8 r9 / xmm0-xmm7, stack
// words from 8(%rsp) after the call pushes the return address, self r13,
// error r12, indirect result rax. Results rax rdx rcx r8 / xmm0-xmm3, error r12.
// ---------------------------------------------------------------------------
    .globl td_forward_sync
    .type td_forward_sync, @function
    .p2align 4
td_forward_sync:
    .cfi_startproc
    movq TD_FORWARD_STACK_WORD_COUNT(%rdi), %rcx
    cmpq $TD_FORWARD_MAX_STACK_WORDS, %rcx
    jbe 1f
    movq $-1, %rax                          // fail closed: too many stack words
    retq
1:
    TD_ENTER_SAVING_CALLEE_SAVED
    subq $8, %rsp                           // 16-byte aligned
    movq TD_FORWARD_FRAME(%rdi), %rbx       // the frame, kept across the call
    movq TD_FORWARD_FUNCTION(%rdi), %r15    // the function

    // The outgoing stack area: the words, rounded up to 16 bytes.
    leaq 15(,%rcx,8), %rax
    andq $-16, %rax
    subq %rax, %rsp
    movq TD_FORWARD_STACK_WORDS(%rdi), %rsi
    xorl %edx, %edx
2:  cmpq %rcx, %rdx
    jae 3f
    movq (%rsi,%rdx,8), %rax
    movq %rax, (%rsp,%rdx,8)
    incq %rdx
    jmp 2b
3:
    TD_LOAD_ARGUMENTS %rbx
    movq TD_FRAME_SELF(%rbx), %r13
    movq TD_FRAME_ERROR(%rbx), %r12
    movq TD_FRAME_ASYNC_CONTEXT(%rbx), %r14
    movq TD_FRAME_INDIRECT_RESULT(%rbx), %rax
    callq *%r15

    TD_STORE_RESULTS %rbx, %rax, %rdx, %rcx, %r8, %r12

    xorl %eax, %eax
    leaq -40(%rbp), %rsp
    TD_LEAVE_RESTORING_CALLEE_SAVED
    retq
    .cfi_endproc
    .size td_forward_sync, . - td_forward_sync

// ---------------------------------------------------------------------------
// void td_forward_async(const td_forward_request *request) async  (swifttailcc)
//
// r14 = the context our Swift caller allocated (TD_FORWARD_ASYNC_CONTEXT_SIZE
// bytes: Parent, ResumeParent, then ours), rdi = the request, return address
// at (%rsp). rbx rbp r12 r15 are callee-saved and untouched here.
//
// The target gets a context of its own (size from its record) with Parent =
// ours and ResumeParent = td_forward_async_complete, r14 = that context, the
// frame's argument registers (an async indirect result is already GP0), self
// = r13, and its stack words at 8(%rsp), laid out as a Swift caller does: the
// stack pointer moves down by exactly the bytes the callee pops (the
// return-address word moves down with it), so it is back where it was when
// the callee resumes us. Words beyond the popped bytes reuse the slots at and
// above the return address, as compiled callers do.
// ---------------------------------------------------------------------------
    .globl td_forward_async
    .hidden td_forward_async                // linked here only: keeps the record's offset a link-time constant
    .type td_forward_async, @function
    .p2align 4
td_forward_async:
    .cfi_startproc
    movq %rdi, 16(%r14)                     // the request, for the completion
    TD_ENTER
    movq TD_FORWARD_FUNCTION(%rdi), %r11
    movl 4(%r11), %edi                      // the target's context size
    callq swift_task_alloc@PLT              // keeps r14 (swiftcc callee-saved)
    movq %r14, 0(%rax)                      // target Parent = our context
    leaq td_forward_async_complete(%rip), %rcx
    movq %rcx, 8(%rax)                      // target ResumeParent
    TD_LEAVE

    movq 16(%r14), %r11                     // the request
    movq %rax, %r14                         // the target's context
    movq TD_FORWARD_POPPED_BYTES(%r11), %rax
    movq (%rsp), %r10                       // the return address word
    subq %rax, %rsp
    movq %r10, (%rsp)
    movq TD_FORWARD_STACK_WORD_COUNT(%r11), %rcx
    movq TD_FORWARD_STACK_WORDS(%r11), %rsi
    xorl %edx, %edx
1:  cmpq %rcx, %rdx
    jae 2f
    movq (%rsi,%rdx,8), %rax
    movq %rax, 8(%rsp,%rdx,8)
    incq %rdx
    jmp 1b
2:
    movq TD_FORWARD_FRAME(%r11), %r10
    movq TD_FORWARD_FUNCTION(%r11), %rax
    movslq 0(%rax), %r11
    addq %r11, %rax                         // the target's code
    TD_LOAD_ARGUMENTS %r10
    movq TD_FRAME_SELF(%r10), %r13
    jmpq *%rax                              // target(args), context = r14
    .cfi_endproc
    .size td_forward_async, . - td_forward_async

    .section .rodata
    .globl td_forward_asyncTu
    .type td_forward_asyncTu, @object
    .p2align 3
td_forward_asyncTu:
    .long td_forward_async - td_forward_asyncTu
    .long TD_FORWARD_ASYNC_CONTEXT_SIZE
    .size td_forward_asyncTu, 8
    .text

// ---------------------------------------------------------------------------
// void td_forward_async_complete(void)   (swifttailcc, the target's ResumeParent)
//
// r14 = the target's context (Parent = ours); results in rdi rsi rdx rcx /
// xmm0-xmm3, error in r13. Stores them into the request's frame, frees the
// target's context and resumes our Swift caller with r14 = our context.
// ---------------------------------------------------------------------------
    .globl td_forward_async_complete
    .hidden td_forward_async_complete
    .type td_forward_async_complete, @function
    .p2align 4
td_forward_async_complete:
    .cfi_startproc
    movq 0(%r14), %rax                      // our context
    movq 16(%rax), %r11                     // the request
    movq TD_FORWARD_FRAME(%r11), %r11
    TD_STORE_RESULTS %r11, %rdi, %rsi, %rdx, %rcx, %r13
    TD_ENTER
    movq %r14, %rdi
    movq %rax, %r14                         // our context, kept across the call
    callq swift_task_dealloc@PLT            // free the target's context
    TD_LEAVE
    jmpq *8(%r14)                           // our caller's ResumeParent(context = r14)
    .cfi_endproc
    .size td_forward_async_complete, . - td_forward_async_complete

#elif defined(__aarch64__)

    .text

// ---------------------------------------------------------------------------
// int64_t td_forward_sync(const td_forward_request *request)     x0
//
// swiftcc at the call: arguments x0-x7 / q0-q7, stack words at [sp], self
// x20, error x21, indirect result x8. Results x0-x3 / q0-q3, error x21.
// ---------------------------------------------------------------------------
    .globl td_forward_sync
    .type td_forward_sync, %function
    .p2align 2
td_forward_sync:
    .cfi_startproc
    ldr x9, [x0, #TD_FORWARD_STACK_WORD_COUNT]
    cmp x9, #TD_FORWARD_MAX_STACK_WORDS
    b.ls 1f
    mov x0, #-1                             // fail closed: too many stack words
    ret
1:
    TD_ENTER_SAVING_CALLEE_SAVED
    ldr x19, [x0, #TD_FORWARD_FRAME]        // the frame, kept across the call
    ldr x23, [x0, #TD_FORWARD_FUNCTION]     // the function

    lsl x10, x9, #3
    add x10, x10, #15
    and x10, x10, #0xfffffffffffffff0
    sub sp, sp, x10                         // the outgoing stack area
    ldr x11, [x0, #TD_FORWARD_STACK_WORDS]
    mov x12, sp
    cbz x9, 3f
2:  ldr x13, [x11], #8
    str x13, [x12], #8
    subs x9, x9, #1
    b.ne 2b
3:
    TD_LOAD_ARGUMENTS x19
    ldr x8, [x19, #TD_FRAME_INDIRECT_RESULT]
    ldr x20, [x19, #TD_FRAME_SELF]
    ldr x21, [x19, #TD_FRAME_ERROR]
    ldr x22, [x19, #TD_FRAME_ASYNC_CONTEXT]
    blr x23

    TD_STORE_RESULTS x19, x21

    mov x0, #0
    TD_LEAVE_RESTORING_CALLEE_SAVED
    ret
    .cfi_endproc
    .size td_forward_sync, . - td_forward_sync

// ---------------------------------------------------------------------------
// void td_forward_async(const td_forward_request *request) async  (swifttailcc)
//
// x22 = the context our Swift caller allocated, x0 = the request; x29, x30,
// x19, x21, x23-x28 and d8-d15 are the caller's and stay untouched. The target
// gets its own context (Parent = ours, ResumeParent =
// td_forward_async_complete), x22 = that context, the frame's argument
// registers, x20 = self, and its stack words at [sp] in an area of exactly
// the bytes it pops (arm64 rounds the words up to 16), so sp is back where
// it was when the target resumes us.
// ---------------------------------------------------------------------------
    .globl td_forward_async
    .hidden td_forward_async                // linked here only: keeps the record's offset a link-time constant
    .type td_forward_async, %function
    .p2align 2
td_forward_async:
    .cfi_startproc
    str x0, [x22, #16]                      // the request, for the completion
    stp x29, x30, [sp, #-16]!
    .cfi_def_cfa_offset 16
    .cfi_offset w30, -8
    .cfi_offset w29, -16
    mov x29, sp
    ldr x16, [x0, #TD_FORWARD_FUNCTION]
    ldr w0, [x16, #4]                       // the target's context size
    bl swift_task_alloc                     // keeps x22 (callee-saved)
    adrp x10, td_forward_async_complete
    add x10, x10, :lo12:td_forward_async_complete
    stp x22, x10, [x0]                      // target Parent, ResumeParent
    ldp x29, x30, [sp], #16
    .cfi_def_cfa_offset 0

    ldr x11, [x22, #16]                     // the request
    mov x22, x0                             // the target's context
    ldr x10, [x11, #TD_FORWARD_POPPED_BYTES]
    sub sp, sp, x10
    ldr x9, [x11, #TD_FORWARD_STACK_WORD_COUNT]
    ldr x12, [x11, #TD_FORWARD_STACK_WORDS]
    mov x13, sp
    cbz x9, 2f
1:  ldr x14, [x12], #8
    str x14, [x13], #8
    subs x9, x9, #1
    b.ne 1b
2:
    ldr x16, [x11, #TD_FORWARD_FUNCTION]
    ldrsw x17, [x16]
    add x16, x16, x17                       // the target's code
    ldr x10, [x11, #TD_FORWARD_FRAME]
    TD_LOAD_ARGUMENTS x10
    ldr x20, [x10, #TD_FRAME_SELF]
    br x16                                  // target(args), context = x22
    .cfi_endproc
    .size td_forward_async, . - td_forward_async

    .section .rodata
    .globl td_forward_asyncTu
    .type td_forward_asyncTu, %object
    .p2align 3
td_forward_asyncTu:
    .word td_forward_async - td_forward_asyncTu
    .word TD_FORWARD_ASYNC_CONTEXT_SIZE
    .size td_forward_asyncTu, 8
    .text

// ---------------------------------------------------------------------------
// void td_forward_async_complete(void)   (swifttailcc, the target's ResumeParent)
//
// x22 = the target's context (Parent = ours); results in x0-x3 / q0-q3,
// error in x20. Stores them into the request's frame, frees the target's
// context and resumes our Swift caller with x22 = our context.
// ---------------------------------------------------------------------------
    .globl td_forward_async_complete
    .hidden td_forward_async_complete
    .type td_forward_async_complete, %function
    .p2align 2
td_forward_async_complete:
    .cfi_startproc
    ldr x9, [x22]                           // our context
    ldr x10, [x9, #16]                      // the request
    ldr x10, [x10, #TD_FORWARD_FRAME]
    TD_STORE_RESULTS x10, x20
    stp x29, x30, [sp, #-16]!
    .cfi_def_cfa_offset 16
    .cfi_offset w30, -8
    .cfi_offset w29, -16
    mov x29, sp
    mov x0, x22
    mov x22, x9                             // our context, kept across the call
    bl swift_task_dealloc                   // free the target's context
    ldp x29, x30, [sp], #16
    .cfi_def_cfa_offset 0
    ldr x16, [x22, #8]
    br x16                                  // our caller's ResumeParent(context = x22)
    .cfi_endproc
    .size td_forward_async_complete, . - td_forward_async_complete

#endif

#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack, "", %progbits
#endif
