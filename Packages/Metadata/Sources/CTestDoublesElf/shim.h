// libelf and libdw, as Debian's libelf-dev and libdw-dev install them.
#include <gelf.h>
#include <libelf.h>
#include <elfutils/libdw.h>
