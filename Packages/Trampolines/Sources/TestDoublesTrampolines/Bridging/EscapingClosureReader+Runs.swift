// The closures a reader makes for handler runs: a handler gets a real
// closure for its run alone, and the closure a run hands back unkept is
// reused by the next run (``ReusableClosures``) instead of being freed.

extension EscapingClosureReader {
    /// Writes into an uninitialized `Any` the closure of a function for one
    /// handler run: from the runner (``runClosures``), the function's entry
    /// point, its context (lent: the closure retains its own reference) and
    /// the `Any`'s address. What ``closure(entry:context:owned:)`` gives
    /// with the context lent.
    public typealias RunClosureMaking =
        @convention(c) (UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer?, UnsafeMutableRawPointer) -> Void

    /// Takes back the closure a ``RunClosureMaking`` function wrote, the
    /// run over, and leaves its `Any` uninitialized: from the runner and
    /// the `Any`'s address. A closure nothing else references is reused by
    /// a later run; one kept or escaped keeps calling its own function.
    public typealias RunClosureEnding = @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void

    /// How this reader makes the closures of handler runs and takes them
    /// back, reusing one that a run kept none of: the runner (not
    /// retained: it lives as long as this reader) and two functions without
    /// a context, so a run costs no reference counting; nil for a reader
    /// that has none (an optional, an `inout` first parameter, effects),
    /// whose closures ``closure(entry:context:owned:)`` makes.
    public var runClosures: (runner: UnsafeRawPointer, make: RunClosureMaking, end: RunClosureEnding)? {
        guard let reusableClosures else { return nil }
        return (
            UnsafeRawPointer(Unmanaged.passUnretained(reusableClosures).toOpaque()),
            { runner, entry, context, destination in
                Unmanaged<ReusableClosures>.fromOpaque(runner)._withUnsafeGuaranteedRef {
                    $0.make(entry: entry, context: context, into: destination)
                }
            },
            { runner, closure in
                Unmanaged<ReusableClosures>.fromOpaque(runner)._withUnsafeGuaranteedRef {
                    $0.reclaim(closure.assumingMemoryBound(to: Any.self))
                }
            }
        )
    }
}
