#ifndef CTESTDOUBLESTRAMPOLINES_H
#define CTESTDOUBLESTRAMPOLINES_H

// The machine boundary of TestDoubles: the call frame that the assembly
// entries (Trampoline.S) fill, the veneer encoder, and instruction-cache
// maintenance. Everything here is shared by C, assembly and Swift, so the
// frame offsets are plain macros: the assembly uses them directly, Swift
// reads them as constants, and Trampoline.c asserts them against the struct.

#define TD_FRAME_SLOT 0
#define TD_FRAME_CONTEXT 8
#define TD_FRAME_GP 16
#define TD_FRAME_GP_COUNT 8
#define TD_FRAME_VECTOR 80
#define TD_FRAME_VECTOR_COUNT 8
#define TD_FRAME_STACK_ARGUMENTS 208
#define TD_FRAME_INDIRECT_RESULT 216
#define TD_FRAME_SELF 224
#define TD_FRAME_ERROR 232
#define TD_FRAME_ASYNC_CONTEXT 240
#define TD_FRAME_STACK_ARGUMENT_BYTES 248
#define TD_FRAME_RETURN_GP 256
#define TD_FRAME_RETURN_GP_COUNT 4
#define TD_FRAME_RETURN_VECTOR 288
#define TD_FRAME_RETURN_VECTOR_COUNT 4
#define TD_FRAME_RETURN_ERROR 352
#define TD_FRAME_FLAGS 360
#define TD_FRAME_SUSPENSION 368
#define TD_FRAME_PADDING 376
#define TD_FRAME_SIZE 384

/// `flags` bit: the frame was saved by an async entry.
#define TD_FRAME_FLAG_ASYNC 1

/// Bytes one veneer's code occupies in the executable pages of its arena
/// (a multiple of 16). Every veneer has the same three entries: an async
/// function pointer record at 0, a callee-allocated coroutine's function
/// pointer record at TD_VENEER_COROUTINE_RECORD_OFFSET (both lead to the
/// code) and the code at TD_VENEER_CODE_OFFSET, which a synchronous witness
/// calls directly.
#define TD_VENEER_STRIDE 64

/// Where a veneer's coroutine record starts.
#define TD_VENEER_COROUTINE_RECORD_OFFSET 8

/// Where a veneer's code starts, after its two records.
#define TD_VENEER_CODE_OFFSET 16

/// Bytes one veneer's data (slot, context, target, one unused word)
/// occupies in the writable pages of its arena, which follow the
/// executable ones.
#define TD_VENEER_DATA_STRIDE 32

/// The context size an async veneer's record asks the caller to allocate.
/// Words 0 and 1 are the caller's (Parent, ResumeParent); 2 and 3 are ours.
#define TD_ASYNC_CONTEXT_SIZE 32

#ifndef __ASSEMBLER__

#include <stddef.h>
#include <stdint.h>

/// One 128-bit vector register (xmm on x86_64, q on arm64), low half first.
typedef struct __attribute__((aligned(16))) td_vector_register {
    uint64_t low;
    uint64_t high;
} td_vector_register;

/// The registers of one intercepted call, saved by an assembly entry.
///
/// x86_64: `gp` holds rdi rsi rdx rcx r8 r9 (words 6 and 7 are zero);
/// `vector` holds xmm0-xmm7; self is r13, error r12, indirect result rax,
/// async context r14; results are rax rdx rcx r8 and xmm0-xmm3.
/// arm64: `gp` holds x0-x7, `vector` q0-q7; self is x20, error x21,
/// indirect result x8, async context x22; results are x0-x3 and q0-q3.
typedef struct __attribute__((aligned(16))) td_call_frame {
    /// The dispatch index the veneer loaded.
    uint64_t slot;
    /// The context word the veneer loaded (the owner of the veneer).
    uint64_t context;
    /// Integer argument registers, in argument order.
    uint64_t gp[TD_FRAME_GP_COUNT];
    /// Vector argument registers, full width.
    td_vector_register vector[TD_FRAME_VECTOR_COUNT];
    /// The caller's stack pointer at the call: the first stack argument.
    uint64_t stack_arguments;
    /// The indirect result register (sync: rax / x8). Async entries store the
    /// first integer argument register here, which holds the indirect result
    /// address when the requirement has one.
    uint64_t indirect_result;
    /// The self (context) register.
    uint64_t self_value;
    /// The error register as it was on entry.
    uint64_t error_value;
    /// The async context register (async entries: the context the caller
    /// allocated for this call; sync entries: whatever the register held).
    uint64_t async_context;
    /// Async entries: the bytes of stack arguments this callee must pop before
    /// resuming the caller (swifttailcc is callee-pops). Starts at zero; the
    /// handler sets it from the requirement's plan. Ignored by sync entries.
    uint64_t stack_argument_bytes;
    /// Integer result registers, loaded on return.
    uint64_t return_gp[TD_FRAME_RETURN_GP_COUNT];
    /// Vector result registers, loaded on return.
    td_vector_register return_vector[TD_FRAME_RETURN_VECTOR_COUNT];
    /// The error register on return. Sync entries seed it with `error_value`
    /// (a nonthrowing requirement must preserve r12 / x21); async entries
    /// seed it with zero and return it in the self register (r13 / x20).
    uint64_t return_error;
    /// TD_FRAME_FLAG_* bits set by the entry.
    uint64_t flags;
    /// Async entries: zero to complete the call at once, or a retained
    /// suspension state (set by the handler) to continue in the Swift async
    /// dispatcher `td_async_dispatch` on the caller's task.
    uint64_t suspension;
    /// Keeps the frame a multiple of 16 bytes.
    uint64_t padding;
} td_call_frame;

/// The shared synchronous assembly entry; veneers jump here.
void td_sync_trampoline_entry(void);

/// Returns the address of `td_sync_trampoline_entry`.
const void *td_sync_entry_address(void);

/// The synchronous entry for a requirement whose arguments and results use
/// no vector register: it spills and reloads only the integer registers.
void td_sync_trampoline_entry_gp(void);

/// Returns the address of `td_sync_trampoline_entry_gp`.
const void *td_sync_gp_entry_address(void);

/// The shared async assembly entry (x86_64 and arm64); async veneers jump here.
///
/// It saves the frame like the sync entry (stack arguments are read while
/// the caller's frame is still live), calls the handler, then completes the
/// call at once: pops `stack_argument_bytes`, loads the results into the
/// continuation's argument registers and the error into the self register,
/// and tail-calls the caller's ResumeParent with the callee context.
void td_async_trampoline_entry(void);

/// Returns the address of `td_async_trampoline_entry`.
const void *td_async_entry_address(void);

/// Where a suspended async call continues: the caller's task resumes here
/// when the Swift dispatcher `td_async_dispatch` returns (swifttailcc, with
/// the dispatcher's context in the async context register and the state in
/// the first argument register). It frees the dispatcher's context, copies
/// the results through `td_async_dispatch_finish`, and resumes the caller.
void td_async_dispatch_complete(void);

/// The resume function of fabricated `_modify` accesses (a Swift `@_cdecl`
/// function, `td_modify_resume(buffer, isAborting)`), for the first result
/// register of a yield.
const void *td_modify_resume_address(void);

/// The continuation of fabricated callee-allocated (`yield_once_2`) `read`
/// and `modify` accesses (a Swift `@_cdecl` function,
/// `td_coroutine_resume(frame, allocator)`), for the first result register
/// of a yield.
const void *td_coroutine_resume_address(void);

/// Writes the code of `count` veneers at `code` (count * TD_VENEER_STRIDE
/// writable bytes), veneer `i` reading its data at `data + i *
/// TD_VENEER_DATA_STRIDE`: it loads the slot and the context words into the
/// veneer scratch registers (x86_64: r11, r10; arm64: x9, x10) and jumps to
/// the target word. The records ask for `async_context_size` and
/// `coroutine_frame_size` bytes. The code depends only on `count` and on
/// where the data lies relative to it, so it is written once per mapping and
/// serves every conformance that later reuses the mapping.
///
/// Returns 0, or -1 when the data lies beyond the reach of the code's
/// PC-relative loads (arm64: 1 MiB); nothing is written then.
int td_write_veneer_code(
    void *code, size_t count, const void *data, uint32_t async_context_size, uint32_t coroutine_frame_size);

/// Makes freshly written code in [start, start + length) visible to instruction fetch.
void td_flush_instruction_cache(void *start, size_t length);

/// Calls `function` with `self_value` in the self register, `error_value` in
/// the error register and `first`, `second` in the first two integer argument
/// registers, and returns the error register as the callee left it. A probe
/// for tests of the error-register contract.
uint64_t td_call_probing_error_register(
    const void *function, uint64_t self_value, uint64_t error_value, uint64_t first, uint64_t second);

/// Returns its argument through the architecture's first integer argument
/// and result registers: proves that the assembly file builds and links.
uintptr_t td_assembly_echo_word(uintptr_t word);

/// The Swift runtime's type context descriptor of `metadata`.
const void *swift_getTypeContextDescriptor(const void *metadata);

/// The Swift runtime's registration of conformance records in [begin, end)
/// (32-bit relative pointers to conformance descriptors), as an image's
/// conformance section is registered when it loads.
void swift_registerProtocolConformances(const void *begin, const void *end);

#endif  // __ASSEMBLER__
#include "ClosureBridge.h"

#include "Forwarding.h"  // Spy forwarding: td_forward_request, td_forward_sync

#include "BoxAllocation.h"  // the heap box of an `Any` whose value is out of line

#include "JobAbandonment.h"  // ending a recording pass's task job without a value

#endif  // CTESTDOUBLESTRAMPOLINES_H
