// libelf and libdw, as Debian's libelf-dev and libdw-dev install them, and
// the loader's image iteration.
#include <dwarf.h>
#include <gelf.h>
#include <libelf.h>
#include <elfutils/libdw.h>
#include <stddef.h>
#include <stdint.h>

/// The leading, stable fields of glibc's `struct dl_phdr_info` (whose
/// definition the module system may hide behind `_GNU_SOURCE`).
typedef struct td_loaded_image_info {
    uintptr_t load_bias;
    const char *name;
    const Elf64_Phdr *headers;
    uint16_t header_count;
} td_loaded_image_info;

/// `dl_iterate_phdr`, declared under its own name with the mirror struct.
extern int td_iterate_loaded_images(
    int (*callback)(td_loaded_image_info *info, size_t size, void *data), void *data)
    __asm__("dl_iterate_phdr");
