#include "BoxAllocation.h"

/// The Swift runtime's box allocator (Swift calling convention): the heap
/// object and the address of its value, in two registers.
extern td_box swift_allocBox(const void *type) __attribute__((swiftcall));

td_box td_allocate_box(const void *type) { return swift_allocBox(type); }
