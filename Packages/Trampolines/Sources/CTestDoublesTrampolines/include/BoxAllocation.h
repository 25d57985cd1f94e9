#ifndef TD_BOX_ALLOCATION_H
#define TD_BOX_ALLOCATION_H

#ifndef __ASSEMBLER__

/// Allocates the heap box an `Any` keeps a value of `type` in when the value
/// does not fit the existential's three-word buffer (the runtime's
/// `swift_allocBox`, which the compiler calls for the same purpose).
///
/// Returns the box object (+1: the `Any` owns it) and sets `value` to the
/// box's uninitialized storage for one value of `type`.
void *_Nonnull td_allocate_box(const void *_Nonnull type, void *_Nullable *_Nonnull value);

#endif  // __ASSEMBLER__

#endif
