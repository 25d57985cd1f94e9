import Foundation
import Testing

/// Whether the tests run under user-mode emulation (`TESTDOUBLES_EMULATOR`,
/// set by ci/arm64-test). `abi-lab` is a host tool: it generates, builds and
/// orchestrates cases natively and only the generated cases run emulated, so
/// the suites that exercise its generator and its process orchestration add
/// nothing under qemu (where they took over six minutes of the arm64 run);
/// they run in every native build.
let runsUnderEmulation = ProcessInfo.processInfo.environment["TESTDOUBLES_EMULATOR"] != nil

/// The reason the host-only suites give when emulation disables them.
let hostToolOnly: Comment = "abi-lab generates and orchestrates natively, never under emulation"
