// The machine boundary: hand-written entries for x86_64 and arm64.

#if defined(__x86_64__)

    .text
    .globl td_assembly_echo_word
    .type td_assembly_echo_word, @function
    .p2align 4
td_assembly_echo_word:
    movq %rdi, %rax
    retq
    .size td_assembly_echo_word, . - td_assembly_echo_word

#elif defined(__aarch64__)

    .text
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
