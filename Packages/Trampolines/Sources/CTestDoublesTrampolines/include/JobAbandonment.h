#ifndef CTESTDOUBLES_JOBABANDONMENT_H
#define CTESTDOUBLES_JOBABANDONMENT_H

// Ending the current job of the current task without returning a value:
// the synchronous frames between the concurrency runtime's job runner and
// the caller are discarded, the task is marked suspended on a continuation
// nobody holds (it never runs again), and the runner goes on with its next
// job. A recording pass uses it for a call that needs a value no source can
// make, reached on a thread that serves an actor's other jobs (an actor's
// drain, the main queue), where the frame can neither return nor block.
//
// td_job_abandonment_prepare walks the calling thread's stack with the
// unwinder and finds the innermost frame of the runtime's job runner that
// resumed a task (its callee is the task's partial function, or a runtime
// frame the task's code tail-called). It records that frame's callee-saved
// registers, stack pointer and return address for this thread and returns
// TD_ABANDON_READY, or a reason it cannot (then nothing changed).
// td_job_abandonment_commit, on the same thread, marks the current task
// suspended (swift_continuation_init, pre-awaited) and resumes the runner's
// frame as if the task's job had returned; it never returns.

#define TD_ABANDON_READY 0
#define TD_ABANDON_NO_JOB_ENTRY 1   // no swift_job_run* frame on this stack
#define TD_ABANDON_NO_RUNNER 2      // the runner's frame was not found above this one
#define TD_ABANDON_UNKNOWN_SITE 3   // the runner's call site is not the task-resume call this file knows
#define TD_ABANDON_NO_MEMORY 4
#define TD_ABANDON_UNSUPPORTED 5    // an architecture this file has no register set for

#ifndef __ASSEMBLER__
int td_job_abandonment_prepare(void);
void td_job_abandonment_commit(void) __attribute__((noreturn));
#endif

#endif  // CTESTDOUBLES_JOBABANDONMENT_H
