#include "BoxAllocation.h"

/// The runtime's box pair: the heap object and the address of its value.
typedef struct {
    void *object;
    void *value;
} td_box_pair;

/// The Swift runtime's box allocator (Swift calling convention).
extern td_box_pair swift_allocBox(const void *type) __attribute__((swiftcall));

void *td_allocate_box(const void *type, void **value) {
    td_box_pair pair = swift_allocBox(type);
    *value = pair.value;
    return pair.object;
}
