#include "CTestDoublesTrampolines.h"

// The frame layout that the assembly entries share with Swift is asserted
// here at compile time, for both architectures, as it grows.
_Static_assert(sizeof(uintptr_t) == 8, "TestDoubles supports 64-bit targets only");
