// Ending the current task's job from a synchronous frame (see
// include/JobAbandonment.h for what and why).
//
// The frames are found with the unwinder (libgcc's _Unwind_Backtrace, which
// every Swift program on Linux links): at the callback of frame k,
// _Unwind_GetIP is the return address into frame k, _Unwind_GetCFA the
// stack pointer frame k had at that call, and _Unwind_GetGR the value each
// callee-saved register has in frame k (measured with gdb on 6.3.1). The
// runtime's job runner (runJobInEstablishedExecutorContext) is not
// exported and Debian's 6.0.3 library has no symbol table, so it is found
// as the callee of an exported entry (swift_job_run,
// swift_job_run_on_task_executor, swift_job_run_on_serial_and_task_executor)
// by its function start (_Unwind_GetRegionStart, from .eh_frame); the
// innermost frame with that start is the runner of the current task.
//
// The call site is checked before anything is resumed: on x86_64 a task's
// partial function returns with `ret $8` and the runner's next instruction
// is `sub $8, %rsp` (6.0.3 and 6.3.1), so the stack pointer to resume with
// is the call's plus 8; on arm64 the site must follow a `blr`, and the
// stack pointer is the call's.

#define _GNU_SOURCE
#include "JobAbandonment.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unwind.h>

#if defined(__x86_64__)
// rbx, rbp, r12-r15 (DWARF numbers).
static const int td_saved_registers[] = {3, 6, 12, 13, 14, 15};
#define TD_SAVED_COUNT 6
#define TD_CALLEE_POPS 8
#elif defined(__aarch64__)
// x19-x28, x29, d8-d15 (DWARF numbers).
static const int td_saved_registers[] = {19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 72, 73, 74, 75, 76, 77, 78, 79};
#define TD_SAVED_COUNT 19
#define TD_CALLEE_POPS 0
#endif

#if defined(TD_SAVED_COUNT)

#define TD_MAX_FRAMES 1024

typedef struct {
    uintptr_t ip;
    uintptr_t start;
    uintptr_t sp;
    uintptr_t registers[TD_SAVED_COUNT];
} td_walked_frame;

typedef struct {
    int count;
    td_walked_frame frames[TD_MAX_FRAMES];
} td_walk;

// Return address, stack pointer, then the registers in td_saved_registers'
// order: the layout td_job_abandonment_resume (JobAbandonment.S) loads.
static __thread uintptr_t td_resume_state[2 + TD_SAVED_COUNT];
static __thread int td_resume_ready;

void td_job_abandonment_resume(const uintptr_t *state) __attribute__((noreturn));
extern void *swift_continuation_init(void *context, size_t flags) __attribute__((swiftcall));

static _Unwind_Reason_Code td_record_frame(struct _Unwind_Context *context, void *argument) {
    td_walk *walk = argument;
    if (walk->count >= TD_MAX_FRAMES) return _URC_END_OF_STACK;
    td_walked_frame *frame = &walk->frames[walk->count++];
    frame->ip = _Unwind_GetIP(context);
    frame->start = _Unwind_GetRegionStart(context);
    frame->sp = _Unwind_GetCFA(context);
    for (int index = 0; index < TD_SAVED_COUNT; index++) {
        frame->registers[index] = _Unwind_GetGR(context, td_saved_registers[index]);
    }
    return _URC_NO_REASON;
}

static int td_is_job_entry(uintptr_t return_address) {
    static const char *const names[] = {
        "swift_job_run", "swift_job_run_on_task_executor", "swift_job_run_on_serial_and_task_executor"};
    Dl_info info;
    if (!dladdr((void *)(return_address - 1), &info) || info.dli_saddr == NULL) return 0;
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]); index++) {
        void *entry = dlsym(RTLD_DEFAULT, names[index]);
        if (entry != NULL && entry == info.dli_saddr) return 1;
    }
    return 0;
}

static int td_is_task_resume_site(uintptr_t return_address) {
#if defined(__x86_64__)
    static const unsigned char expected[4] = {0x48, 0x83, 0xec, 0x08};  // sub $0x8, %rsp
    return memcmp((const void *)return_address, expected, sizeof(expected)) == 0;
#else
    uint32_t instruction;
    memcpy(&instruction, (const void *)(return_address - 4), sizeof(instruction));
    return (instruction & 0xfffffc1fu) == 0xd63f0000u;  // blr xN
#endif
}

int td_job_abandonment_prepare(void) {
    td_resume_ready = 0;
    td_walk *walk = calloc(1, sizeof(td_walk));
    if (walk == NULL) return TD_ABANDON_NO_MEMORY;
    _Unwind_Backtrace(td_record_frame, walk);
    uintptr_t runner = 0;
    for (int index = 1; index < walk->count && runner == 0; index++) {
        if (td_is_job_entry(walk->frames[index].ip)) runner = walk->frames[index - 1].start;
    }
    if (runner == 0) {
        free(walk);
        return TD_ABANDON_NO_JOB_ENTRY;
    }
    int found = 1;
    while (found < walk->count && walk->frames[found].start != runner) found++;
    if (found >= walk->count) {
        free(walk);
        return TD_ABANDON_NO_RUNNER;
    }
    const td_walked_frame *target = &walk->frames[found];
    if (!td_is_task_resume_site(target->ip)) {
        free(walk);
        return TD_ABANDON_UNKNOWN_SITE;
    }
    td_resume_state[0] = target->ip;
    td_resume_state[1] = target->sp + TD_CALLEE_POPS;
    memcpy(&td_resume_state[2], target->registers, sizeof(target->registers));
    free(walk);
    td_resume_ready = 1;
    return TD_ABANDON_READY;
}

void td_job_abandonment_commit(void) {
    if (!td_resume_ready) abort();
    td_resume_ready = 0;
    // A continuation context nobody will resume: the task stays suspended
    // on it for good. Larger than any runtime's ContinuationAsyncContext.
    void *context = calloc(1, 256);
    if (context == NULL) abort();
    // AsyncContinuationFlags::IsPreawaited (bit 2): the task is marked
    // suspended now and the thread's task-local state is put back.
    swift_continuation_init(context, (size_t)1 << 2);
    td_job_abandonment_resume(td_resume_state);
}

#else

int td_job_abandonment_prepare(void) { return TD_ABANDON_UNSUPPORTED; }
void td_job_abandonment_commit(void) { abort(); }

#endif
