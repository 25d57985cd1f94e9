#ifndef CTESTDOUBLESTRAMPOLINES_H
#define CTESTDOUBLESTRAMPOLINES_H

#include <stdint.h>

/// Returns its argument through the architecture's first integer
/// argument and result registers. Written in assembly: proves that the
/// assembly entry file of this target builds and links on this machine.
uintptr_t td_assembly_echo_word(uintptr_t word);

#endif
