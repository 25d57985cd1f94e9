// td_job_abandonment_resume(const uintptr_t *state): loads the callee-saved
// registers and the stack pointer of the job runner's frame recorded by
// td_job_abandonment_prepare (JobAbandonment.c: return address, stack
// pointer, then rbx rbp r12-r15 / x19-x29 d8-d15) and continues at the
// return address, as the task's job returning to the runner would.

#if defined(__x86_64__)
    .text
    .globl td_job_abandonment_resume
    .type td_job_abandonment_resume, @function
td_job_abandonment_resume:
    movq 16(%rdi), %rbx
    movq 24(%rdi), %rbp
    movq 32(%rdi), %r12
    movq 40(%rdi), %r13
    movq 48(%rdi), %r14
    movq 56(%rdi), %r15
    movq 0(%rdi), %rax
    movq 8(%rdi), %rsp
    jmpq *%rax
    .size td_job_abandonment_resume, .-td_job_abandonment_resume
#elif defined(__aarch64__)
    .text
    .globl td_job_abandonment_resume
    .type td_job_abandonment_resume, %function
td_job_abandonment_resume:
    ldp x19, x20, [x0, #16]
    ldp x21, x22, [x0, #32]
    ldp x23, x24, [x0, #48]
    ldp x25, x26, [x0, #64]
    ldp x27, x28, [x0, #80]
    ldr x29, [x0, #96]
    ldp d8, d9, [x0, #104]
    ldp d10, d11, [x0, #120]
    ldp d12, d13, [x0, #136]
    ldp d14, d15, [x0, #152]
    ldr x30, [x0, #0]
    ldr x1, [x0, #8]
    mov sp, x1
    ret
    .size td_job_abandonment_resume, .-td_job_abandonment_resume
#endif

#if defined(__linux__) && defined(__ELF__)
    .section .note.GNU-stack, "", %progbits
#endif
