#if compiler(>=6.2)
/// Runs a test's async recording closure behind the runtime layer's native
/// stack barrier, so a closure the compiler got wrong cannot break the
/// calling task.
///
/// Swift 6.1+ on x86_64 miscompiles an async call whose stack arguments hold
/// a 128-bit integer and end 8 bytes past a multiple of 16 (the caller
/// reserves 16 bytes more than the callee pops); a recording closure that
/// captures an `Int128` among a few other values (`Match.any(using:)`) is
/// such a call, and its task crashed or hung at its next suspension. The
/// runtime layer (which knows the machine) installs the barrier with the
/// process's first runtime double; without it the closure runs as it is.
@_spi(TestDoublesInternals)
public enum RecordingClosureBarrier {
    /// Awaits `body` on `isolation` behind the barrier.
    public typealias Runner = @Sendable (_ isolation: isolated (any Actor)?, _ body: () async -> Void) async -> Void

    /// The installed barrier.
    private static let runner = InstalledHook<Runner>()

    /// Installs the runtime layer's barrier (the first installation stays).
    ///
    /// - Parameter run: Awaits its body behind the barrier, with no hop in between.
    public static func install(_ run: @escaping Runner) {
        runner.install(run)
    }

    /// Whether a barrier is installed.
    public static var isInstalled: Bool { runner.isInstalled }

    /// Awaits `body` behind the installed barrier, else directly.
    static func run(isolation: isolated (any Actor)?, _ body: () async -> Void) async {
        guard let run = runner.hook else { return await body() }
        await run(isolation, body)
    }
}
#endif
