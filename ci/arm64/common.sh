# shellcheck shell=bash disable=SC2034 # the variables serve the scripts that source this
# Shared settings and helpers of ci/arm64-setup, ci/arm64-test and
# ci/swift60-test. Sourced, not run.
#
# The route: Debian trixie packages Swift 6.0.3 for amd64 and arm64. Its amd64
# compiler needs a newer glibc than Debian 12 has, so it runs in a chroot
# ("toolchain root") unpacked from trixie .debs. It cross-compiles to
# aarch64-unknown-linux-gnu through a Swift SDK bundle whose sysroot is
# unpacked from trixie arm64 .debs, and the arm64 test bundle runs under
# qemu-user through binfmt_misc. The same root also builds natively for
# x86_64 with Swift 6.0.3. Every download goes through a private apt state
# directory; the host's apt sources are never changed.
#
# Environment:
#   TESTDOUBLES_CACHE          work folder (default /var/cache/testdoubles)
#   TESTDOUBLES_DEBIAN_MIRROR  Debian mirror (default http://deb.debian.org/debian)

td_cache=${TESTDOUBLES_CACHE:-/var/cache/testdoubles}
td_mirror=${TESTDOUBLES_DEBIAN_MIRROR:-http://deb.debian.org/debian}
td_suite=trixie
# The Swift release the cross toolchain must be (Debian's version, upstream part).
td_swift_release=6.0.3

td_dir=$td_cache/swift60
td_root=$td_dir/toolchain-root    # trixie amd64 root with swiftlang; chroot
td_sysroot=$td_dir/sysroot-arm64  # trixie arm64 sysroot + Swift target SDK
td_apt=$td_dir/apt                # private apt state, one directory per architecture
td_sdk_name=testdoubles-trixie-arm64
td_triple=aarch64-unknown-linux-gnu

# Where the sysroot and the repository appear inside the toolchain root.
td_sysroot_in=/sysroot-arm64
td_src_in=/src

# Bump when a recipe changes in a way the package lists below don't show.
td_root_revision=1
td_sysroot_revision=2

# Bookworm packages on the host: the emulator and its binfmt_misc registration.
td_host_packages=(qemu-user-static binfmt-support)

# The toolchain root: apt resolves the whole closure of these (amd64) plus
# swiftlang and libswiftlang pinned to one version. pkgconf and the elfutils
# -dev packages serve the x86_64 Swift 6.0.3 build of the Metadata package
# (pkg-config `libdw`), and pkgconf the set-up's checks of the cross build.
td_root_packages=(libc6-dev bash coreutils dash grep sed findutils pkgconf
                  libelf-dev libdw-dev)

# The arm64 sysroot: apt resolves the whole closure of these (arm64) plus
# libswiftlang pinned to the root's version, and of swiftlang:arm64 only the
# target SDK is unpacked. libswiftlang brings the runtime closure of the Swift
# libraries (FoundationNetworking loads libcurl, FoundationXML libxml2);
# libelf-dev and libdw-dev bring every library and .pc file of libdw's
# pkg-config chain (libelf, zlib, liblzma, libzstd; libdw.so.1 also loads libbz2).
td_sysroot_packages=(libc6-dev libgcc-14-dev libstdc++6 libcurl4t64 libxml2 libelf-dev libdw-dev)

# pkg-config search path of the cross build, as seen inside the root.
td_arm64_pkg_config_path=$td_sysroot_in/usr/lib/aarch64-linux-gnu/pkgconfig:$td_sysroot_in/usr/lib/pkgconfig:$td_sysroot_in/usr/share/pkgconfig

td_started=${td_started:-$(date +%s)}
td_log() { echo "[$(basename "$0") +$(($(date +%s) - td_started))s] $*"; }
td_fail() { echo "$(basename "$0"): error: $*" >&2; exit 1; }

td_require_root() {
    [[ $(id -u) -eq 0 ]] || td_fail "needs root (chroot, mount, binfmt_misc); run it with sudo"
}

# td_apt_options ARCH: fills the array `td_apt_opts` with options that point apt
# at the private state directory of ARCH (trixie main from the mirror).
td_apt_options() {
    local arch=$1 dir=$td_apt/$1
    mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/etc/sources.list.d" \
        "$dir/etc/preferences.d"
    [[ -e $dir/status ]] || : >"$dir/status"
    echo "deb [arch=$arch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $td_mirror $td_suite main" \
        >"$dir/etc/sources.list"
    td_apt_opts=(-q -o Dir::Etc::sourcelist="$dir/etc/sources.list" -o Dir::Etc::sourceparts="$dir/etc/sources.list.d"
        -o Dir::Etc::preferences="$dir/etc/preferences" -o Dir::Etc::preferencesparts="$dir/etc/preferences.d"
        -o Dir::State::Lists="$dir/lists" -o Dir::State::status="$dir/status"
        -o Dir::Cache="$dir/cache" -o APT::Architecture="$arch" -o APT::Architectures::="$arch"
        -o APT::Install-Recommends=0 -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
}

# td_stamp_matches DIR TEXT: whether DIR was completed with exactly TEXT.
td_stamp_matches() { [[ -e $1/.td-stamp && "$(cat "$1/.td-stamp")" == "$2" ]]; }

# td_assert_unmounted DIR: refuses to go on when anything is mounted below
# DIR (removing it would then reach into the mounted file systems).
td_assert_unmounted() {
    local mounts
    mounts=$(findmnt -rn -o TARGET | awk -v d="$1" 'index($0, d "/") == 1 || $0 == d')
    [[ -z $mounts ]] || td_fail "file systems are mounted below $1: $mounts; unmount them first"
}

# td_chroot SRC_DIR PROGRAM [ARGS...]: runs PROGRAM inside the toolchain root
# with a clean environment plus the variables in the array `td_chroot_env`.
# /proc, /dev, /sys, the sysroot and SRC_DIR (read-only; "" for none) are
# mounted in a private mount namespace, so no mount outlives the command.
td_chroot() {
    local src=$1
    shift
    # shellcheck disable=SC2016 # expanded by the inner shell
    unshare --mount --propagation private -- /bin/bash -euo pipefail -c '
        root=$1 sysroot=$2 sysroot_in=$3 src=$4 src_in=$5
        shift 5
        mount -t proc proc "$root/proc"
        mount --rbind /dev "$root/dev"
        mount --rbind /sys "$root/sys"
        mkdir -p "$root$sysroot_in" "$root$src_in"
        mount --bind "$sysroot" "$root$sysroot_in"
        if [[ -n $src ]]; then
            mount --bind "$src" "$root$src_in"
            mount -o remount,bind,ro "$root$src_in"
        fi
        exec chroot "$root" "$@"
    ' td-chroot "$td_root" "$td_sysroot" "$td_sysroot_in" "$src" "$td_src_in" \
        /usr/bin/env -i PATH=/usr/bin:/bin HOME=/root TERM=dumb LANG=C.UTF-8 "${td_chroot_env[@]}" "$@"
}
td_chroot_env=()

# td_elf_machine FILE: the e_machine field of an ELF file (62 x86_64, 183 aarch64).
td_elf_machine() { od -An -t u2 -j 18 -N 2 "$1" | tr -d ' '; }
