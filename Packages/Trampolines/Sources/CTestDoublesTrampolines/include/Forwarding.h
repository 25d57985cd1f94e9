#ifndef CTESTDOUBLESTRAMPOLINES_FORWARDING_H
#define CTESTDOUBLESTRAMPOLINES_FORWARDING_H

// Forwarding: re-issuing a captured call to a real function (Spy).
//
// A forwarding request names a td_call_frame whose argument registers,
// indirect result, self and error registers are the ones to load, the real
// function, and a copy of the outgoing stack-argument words. The routines in
// Forwarding.S load everything, call, and store the result registers and the
// error register back into the frame's return_* fields.

#define TD_FORWARD_FRAME 0
#define TD_FORWARD_FUNCTION 8
#define TD_FORWARD_STACK_WORDS 16
#define TD_FORWARD_STACK_WORD_COUNT 24
#define TD_FORWARD_POPPED_BYTES 32
#define TD_FORWARD_PADDING 40
#define TD_FORWARD_SIZE 48

/// The most stack-argument words a forwarded call may carry.
#define TD_FORWARD_MAX_STACK_WORDS 16

/// The context size the async forwarding routine's function pointer record
/// asks its Swift caller to allocate: Parent, ResumeParent, the request, spare.
#define TD_FORWARD_ASYNC_CONTEXT_SIZE 32

#ifndef __ASSEMBLER__

#include <stdint.h>

/// One call to re-issue.
typedef struct td_forward_request {
    /// The frame to load arguments from and store results into (a
    /// `td_call_frame`). Loaded: gp, vector, indirect_result (sync), self_value,
    /// error_value (sync), async_context is not loaded. Stored: return_gp,
    /// return_vector, return_error.
    void *frame;
    /// Sync: the function's entry. Async: its async function pointer record
    /// {int32 offset to the code, uint32 context size}.
    const void *function;
    /// The outgoing stack-argument words, in order (may be null when the count is zero).
    const uint64_t *stack_words;
    /// How many words `stack_words` holds, at most TD_FORWARD_MAX_STACK_WORDS.
    uint64_t stack_word_count;
    /// Async: the bytes of stack arguments the callee pops (swifttailcc is
    /// callee-pops), a multiple of 16. Ignored by the sync routine.
    uint64_t popped_bytes;
    /// Keeps the request a multiple of 16 bytes.
    uint64_t padding;
} td_forward_request;

/// Calls the sync Swift function `request->function` with the argument
/// registers, self, error and indirect result registers of `request->frame`
/// and the stack words of the request, then stores the result registers and
/// the error register into the frame's return_* fields.
///
/// Fails closed (returns -1 without calling) when the request carries more
/// than TD_FORWARD_MAX_STACK_WORDS stack words; returns 0 after the call.
int64_t td_forward_sync(const td_forward_request *request);

#endif  // __ASSEMBLER__

#endif  // CTESTDOUBLESTRAMPOLINES_FORWARDING_H
