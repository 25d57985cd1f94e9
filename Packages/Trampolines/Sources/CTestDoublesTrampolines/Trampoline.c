#include "CTestDoublesTrampolines.h"

#include <string.h>

// The frame layout that the assembly entries share with Swift, asserted at
// compile time for the architecture being built (x86_64 and arm64 both use
// this one layout; the assembly addresses fields through the same macros).
_Static_assert(sizeof(uintptr_t) == 8, "TestDoubles supports 64-bit targets only");
_Static_assert(offsetof(td_call_frame, slot) == TD_FRAME_SLOT, "slot");
_Static_assert(offsetof(td_call_frame, context) == TD_FRAME_CONTEXT, "context");
_Static_assert(offsetof(td_call_frame, gp) == TD_FRAME_GP, "gp");
_Static_assert(offsetof(td_call_frame, vector) == TD_FRAME_VECTOR, "vector");
_Static_assert(offsetof(td_call_frame, stack_arguments) == TD_FRAME_STACK_ARGUMENTS, "stack_arguments");
_Static_assert(offsetof(td_call_frame, indirect_result) == TD_FRAME_INDIRECT_RESULT, "indirect_result");
_Static_assert(offsetof(td_call_frame, self_value) == TD_FRAME_SELF, "self_value");
_Static_assert(offsetof(td_call_frame, error_value) == TD_FRAME_ERROR, "error_value");
_Static_assert(offsetof(td_call_frame, async_context) == TD_FRAME_ASYNC_CONTEXT, "async_context");
_Static_assert(
    offsetof(td_call_frame, stack_argument_bytes) == TD_FRAME_STACK_ARGUMENT_BYTES, "stack_argument_bytes");
_Static_assert(offsetof(td_call_frame, return_gp) == TD_FRAME_RETURN_GP, "return_gp");
_Static_assert(offsetof(td_call_frame, return_vector) == TD_FRAME_RETURN_VECTOR, "return_vector");
_Static_assert(offsetof(td_call_frame, return_error) == TD_FRAME_RETURN_ERROR, "return_error");
_Static_assert(offsetof(td_call_frame, flags) == TD_FRAME_FLAGS, "flags");
_Static_assert(offsetof(td_call_frame, suspension) == TD_FRAME_SUSPENSION, "suspension");
_Static_assert(offsetof(td_call_frame, padding) == TD_FRAME_PADDING, "padding");
_Static_assert(sizeof(td_call_frame) == TD_FRAME_SIZE, "frame size");
_Static_assert(TD_FRAME_SIZE % 16 == 0, "the entries keep the stack 16-byte aligned");
_Static_assert(TD_FRAME_VECTOR % 16 == 0 && TD_FRAME_RETURN_VECTOR % 16 == 0, "aligned vector slots");
_Static_assert(TD_VENEER_STRIDE % 16 == 0, "veneers start 16-byte aligned");

const void *td_sync_entry_address(void) { return (const void *)&td_sync_trampoline_entry; }

const void *td_async_entry_address(void) { return (const void *)&td_async_trampoline_entry; }

// Defined in Swift (Dispatch/ModifyAccess.swift); swiftcc and the C
// convention agree for (pointer, bool) and no result.
extern void td_modify_resume(void *buffer, unsigned char aborting);

const void *td_modify_resume_address(void) { return (const void *)&td_modify_resume; }

// Defined in Swift (Dispatch/CoroutineAccess.swift); the continuation of a
// callee-allocated (yield_once_2) coroutine takes (frame, allocator) and
// returns nothing, which swiftcc and the C convention pass alike.
extern void td_coroutine_resume(void *frame, void *allocator);

const void *td_coroutine_resume_address(void) { return (const void *)&td_coroutine_resume; }

static void put_u64(uint8_t *at, uint64_t value) { memcpy(at, &value, sizeof value); }
static void put_u32(uint8_t *at, uint32_t value) { memcpy(at, &value, sizeof value); }

/// Writes the veneer code at `code`, padding the rest of `room` bytes.
static void write_veneer_code(uint8_t *code, size_t room, uint64_t slot, uint64_t context, const void *target) {
#if defined(__x86_64__)
    // movabs $slot, %r11 ; movabs $context, %r10 ; jmp *0(%rip) ; .quad target
    memset(code, 0xCC, room);  // int3 padding
    code[0] = 0x49;
    code[1] = 0xBB;
    put_u64(code + 2, slot);
    code[10] = 0x49;
    code[11] = 0xBA;
    put_u64(code + 12, context);
    code[20] = 0xFF;
    code[21] = 0x25;
    put_u32(code + 22, 0);
    put_u64(code + 26, (uint64_t)(uintptr_t)target);
    _Static_assert(34 + TD_ASYNC_VENEER_CODE_OFFSET <= TD_VENEER_STRIDE, "x86_64 veneer fits");
#elif defined(__aarch64__)
    // ldr x9, slot ; ldr x10, context ; ldr x16, target ; br x16 ; literals
    memset(code, 0, room);  // udf #0 padding
    put_u32(code + 0, 0x58000000u | (4u << 5) | 9u);   // literal at +16
    put_u32(code + 4, 0x58000000u | (5u << 5) | 10u);  // literal at +24
    put_u32(code + 8, 0x58000000u | (6u << 5) | 16u);  // literal at +32
    put_u32(code + 12, 0xD61F0000u | (16u << 5));      // br x16
    put_u64(code + 16, slot);
    put_u64(code + 24, context);
    put_u64(code + 32, (uint64_t)(uintptr_t)target);
    _Static_assert(40 + TD_ASYNC_VENEER_CODE_OFFSET <= TD_VENEER_STRIDE, "arm64 veneer fits");
#else
#error "TestDoubles trampolines support x86_64 and arm64 only"
#endif
}

void td_write_veneer(void *at, uint64_t slot, uint64_t context, const void *target) {
    write_veneer_code(at, TD_VENEER_STRIDE, slot, context, target);
}

void td_write_async_veneer(
    void *at, uint64_t slot, uint64_t context, const void *target, uint32_t context_size) {
    uint8_t *record = at;
    memset(record, 0, TD_ASYNC_VENEER_CODE_OFFSET);
    put_u32(record, (uint32_t)(int32_t)TD_ASYNC_VENEER_CODE_OFFSET);  // relative to the record
    put_u32(record + 4, context_size);
    write_veneer_code(
        record + TD_ASYNC_VENEER_CODE_OFFSET, TD_VENEER_STRIDE - TD_ASYNC_VENEER_CODE_OFFSET, slot, context, target);
}

void td_flush_instruction_cache(void *start, size_t length) {
    __builtin___clear_cache((char *)start, (char *)start + length);
}
