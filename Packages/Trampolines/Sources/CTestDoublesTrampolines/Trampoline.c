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

const void *td_sync_gp_entry_address(void) { return (const void *)&td_sync_trampoline_entry_gp; }

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

static void put_u32(uint8_t *at, uint32_t value) { memcpy(at, &value, sizeof value); }

int td_write_veneer_code(
    void *code, size_t count, const void *data, uint32_t async_context_size, uint32_t coroutine_frame_size) {
    _Static_assert(TD_VENEER_CODE_OFFSET >= TD_VENEER_COROUTINE_RECORD_OFFSET + 8, "the records fit before the code");
    uint8_t *veneers = code;
    const int64_t distance = (int64_t)((const uint8_t *)data - veneers);
#if defined(__aarch64__)
    // ldr (literal) reaches +-1 MiB in words; the farthest load is the last veneer's target word.
    const int64_t farthest = distance + (int64_t)count * TD_VENEER_DATA_STRIDE + 16;
    if (distance < 0 || farthest >= (1 << 20) || distance % 4 != 0) return -1;
#else
    if (distance < 0 || distance + (int64_t)count * TD_VENEER_DATA_STRIDE > INT32_MAX) return -1;
#endif
    for (size_t index = 0; index < count; index++) {
        uint8_t *veneer = veneers + index * TD_VENEER_STRIDE;
        uint8_t *at = veneer + TD_VENEER_CODE_OFFSET;
        // The distance from the code to this veneer's data.
        const int64_t entry =
            distance + (int64_t)index * TD_VENEER_DATA_STRIDE - (int64_t)index * TD_VENEER_STRIDE - TD_VENEER_CODE_OFFSET;
        put_u32(veneer, (uint32_t)(int32_t)TD_VENEER_CODE_OFFSET);  // relative to the record
        put_u32(veneer + 4, async_context_size);
        put_u32(veneer + TD_VENEER_COROUTINE_RECORD_OFFSET,
            (uint32_t)(int32_t)(TD_VENEER_CODE_OFFSET - TD_VENEER_COROUTINE_RECORD_OFFSET));
        put_u32(veneer + TD_VENEER_COROUTINE_RECORD_OFFSET + 4, coroutine_frame_size);
#if defined(__x86_64__)
        // mov slot(%rip), %r11 ; mov context(%rip), %r10 ; jmp *target(%rip) ; int3 padding.
        // A RIP-relative displacement counts from the end of its instruction.
        memset(at, 0xCC, TD_VENEER_STRIDE - TD_VENEER_CODE_OFFSET);
        at[0] = 0x4C;
        at[1] = 0x8B;
        at[2] = 0x1D;
        put_u32(at + 3, (uint32_t)(int32_t)(entry - 7));
        at[7] = 0x4C;
        at[8] = 0x8B;
        at[9] = 0x15;
        put_u32(at + 10, (uint32_t)(int32_t)(entry + 8 - 14));
        at[14] = 0xFF;
        at[15] = 0x25;
        put_u32(at + 16, (uint32_t)(int32_t)(entry + 16 - 20));
        _Static_assert(TD_VENEER_CODE_OFFSET + 20 <= TD_VENEER_STRIDE, "x86_64 veneer fits");
#elif defined(__aarch64__)
        // ldr x9, slot ; ldr x10, context ; ldr x16, target ; br x16 ; udf #0 padding.
        // A literal's offset counts in words from its own instruction.
        memset(at, 0, TD_VENEER_STRIDE - TD_VENEER_CODE_OFFSET);
        put_u32(at + 0, 0x58000000u | ((uint32_t)((entry + 0) / 4) & 0x7FFFFu) << 5 | 9u);
        put_u32(at + 4, 0x58000000u | ((uint32_t)((entry + 8 - 4) / 4) & 0x7FFFFu) << 5 | 10u);
        put_u32(at + 8, 0x58000000u | ((uint32_t)((entry + 16 - 8) / 4) & 0x7FFFFu) << 5 | 16u);
        put_u32(at + 12, 0xD61F0000u | (16u << 5));
        _Static_assert(TD_VENEER_CODE_OFFSET + 16 <= TD_VENEER_STRIDE, "arm64 veneer fits");
#else
#error "TestDoubles trampolines support x86_64 and arm64 only"
#endif
    }
    return 0;
}

void td_flush_instruction_cache(void *start, size_t length) {
    __builtin___clear_cache((char *)start, (char *)start + length);
}
