/// Runs async code behind a native stack barrier (x86_64, Swift 6.2+
/// compilers; elsewhere the body is simply awaited).
///
/// Swift 6.1+ on x86_64 miscompiles an async call whose stack arguments hold
/// a 128-bit integer and end 8 bytes past a multiple of 16: the caller
/// reserves 16 bytes more than the callee pops, so the task runs 16 bytes
/// low and its next suspension returns to the concurrency runtime's job loop
/// with the wrong stack pointer (a crash in `swift_job_run`, or a hang). A
/// test's recording closure is such a function once it captures an `Int128`
/// among a few other values (`Match.any(using:)`). The barrier calls the
/// body with a real native call: whatever the body does to the stack
/// pointer, the job loop gets its own back (see `StackBarrier.S`).
public enum NativeStackBarrier {
    #if compiler(>=6.2)
    /// Awaits `body` behind the barrier, on `isolation`'s executor (the
    /// caller's: nothing hops between the barrier and `body`).
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor; leave the default.
    ///   - body: The code to run; it may suspend and resume anywhere.
    public static func run(
        isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void
    ) async {
        #if arch(x86_64)
        await withoutActuallyEscaping(body) { (escapable: @escaping () async -> Void) in
            _ = isolation  // runs on the caller's actor, as `body` does
            let state = NativeStackBarrierState(escapable)
            await _nativeStackBarrier(Unmanaged.passUnretained(state).toOpaque())
            withExtendedLifetime(state) {}
        }
        #else
        await body()
        #endif
    }
    #endif
}

#if compiler(>=6.2)
/// The body a barrier runs, handed to `td_barrier_body` by address.
final class NativeStackBarrierState {
    let body: () async -> Void
    init(_ body: @escaping () async -> Void) { self.body = body }
}

#if arch(x86_64)
/// The assembly barrier (`StackBarrier.S`): calls `td_barrier_body(state)`
/// natively, on the caller's executor.
@_silgen_name("td_async_barrier")
nonisolated(nonsending) func _nativeStackBarrier(_ state: UnsafeMutableRawPointer) async
#endif

/// The Swift async function the barrier calls (through its async function
/// pointer `td_barrier_bodyTu`). Not for direct use.
///
/// - Parameter state: An unretained `NativeStackBarrierState`.
@_silgen_name("td_barrier_body")
nonisolated(nonsending) public func _nativeStackBarrierBody(_ state: UnsafeMutableRawPointer) async {
    let state = Unmanaged<NativeStackBarrierState>.fromOpaque(state).takeUnretainedValue()
    await state.body()
}
#else
/// Stands for the barrier's body on compilers without `nonisolated(nonsending)`
/// (the assembly references it; nothing calls it there). Not for direct use.
///
/// - Parameter state: Unused.
@_silgen_name("td_barrier_body")
public func _nativeStackBarrierBody(_ state: UnsafeMutableRawPointer) async {}
#endif
