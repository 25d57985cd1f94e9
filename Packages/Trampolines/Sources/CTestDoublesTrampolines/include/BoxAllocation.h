#ifndef TD_BOX_ALLOCATION_H
#define TD_BOX_ALLOCATION_H

#ifndef __ASSEMBLER__

/// A heap box the runtime allocated: the object and its value's storage.
typedef struct {
    /// The box object (+1: the `Any` that stores it owns it).
    void *_Nonnull object;
    /// The box's uninitialized storage for one value of the box's type.
    void *_Nonnull value;
} td_box;

/// Allocates the heap box an `Any` keeps a value of `type` in when the value
/// does not fit the existential's three-word buffer (the runtime's
/// `swift_allocBox`, which the compiler calls for the same purpose; it never
/// returns without both addresses: a failed allocation ends the process in
/// the runtime).
td_box td_allocate_box(const void *_Nonnull type);

#endif  // __ASSEMBLER__

#endif
