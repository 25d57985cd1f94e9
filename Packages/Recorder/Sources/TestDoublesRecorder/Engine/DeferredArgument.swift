/// An argument lent to the recorder's one-hold lane as the raw words it
/// travelled in (an escaping closure's entry point and context), its
/// value made only when something reads it.
///
/// A front makes an escaping closure argument's value by wrapping the
/// caller's function in a closure of its own, which allocates the
/// wrapper's context per call; the ledger kept that wrapper as long as it
/// kept the call, so no allocator cache could serve the next one (about
/// 500 instructions a call). A front that calls
/// ``InvocationRecorder/answerImmediately(_:consumingDeferred:)`` writes
/// one of these into the argument's `Any` instead
/// (``lend(_:word:reference:maker:)``): it fits an `Any`'s buffer (no box)
/// and holds a strong reference to the context, which the ledger keeps
/// with the call and releases when it drops it; every reader that needs
/// an `Any` (a handler, `arguments()`, a matcher, an observer) gets a real
/// one, made by the marker's ``Maker``; a handler's is made for its run
/// alone, so the ledger keeps the marker whatever the step. Nothing but the
/// one-hold lane, the ledger's store and the typed handler readers the lane
/// runs ever reads a marker: it never reaches a handler, a matcher or a user.
public struct DeferredArgument {
    /// The first word: an escaping closure's entry point.
    let word: UnsafeRawPointer
    /// What the value keeps alive (an escaping closure's context), held strongly.
    let reference: AnyObject?
    /// Makes the value; lives as long as the process (see ``Maker``).
    unowned(unsafe) let maker: Maker

    /// Makes the value a marker stands for, from its word and reference: a
    /// front makes one for each kind of value it lends.
    ///
    /// A marker does not keep its maker alive (a strong reference would
    /// cost every call a retain and a release): a front makes one maker per
    /// kind of value (an escaping closure's function type) and keeps it for
    /// the life of the process, as it keeps the type's metadata.
    public final class Maker: Sendable {
        /// Makes the value of a marker: its word, its reference as a raw
        /// pointer (nil for none), and whether the value takes the reference
        /// over (+1; otherwise the caller keeps it and the value retains its own).
        let make: @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer?, Bool) -> Any
        /// What makes and takes back the values of handler runs, or nil:
        /// ``make``'s value, destroyed once the run returns.
        let runs: Runs?

        /// A maker whose values `make` makes, for a handler's run too
        /// (destroyed once the run returns).
        ///
        /// - Parameter make: Makes the value of a marker from its word, its
        ///   reference as a raw pointer (nil for none), and whether the value
        ///   takes the reference over (+1) or retains its own.
        public init(_ make: @escaping @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer?, Bool) -> Any) {
            self.make = make
            runs = nil
        }

        /// A maker whose values `make` makes, and whose values for a
        /// handler's run `runs` makes and takes back (which may keep one
        /// that nothing else references for a later run).
        ///
        /// - Parameters:
        ///   - make: Makes the value of a marker from its word, its reference
        ///     as a raw pointer (nil for none), and whether the value takes
        ///     the reference over (+1) or retains its own.
        ///   - runs: Makes and takes back the values of handler runs.
        public init(
            _ make: @escaping @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer?, Bool) -> Any, runs: Runs
        ) {
            self.make = make
            self.runs = runs
        }
    }

    /// Initializes the uninitialized `Any` at `destination` with a marker
    /// of the value `maker` makes from `word` and `reference`.
    ///
    /// - Parameters:
    ///   - destination: Uninitialized memory of one `Any`.
    ///   - word: The value's first word (an escaping closure's entry point).
    ///   - reference: What the value keeps alive, retained by the marker.
    ///   - maker: Makes the value; must live as long as the process.
    @inline(__always)
    public static func lend(
        _ destination: UnsafeMutablePointer<Any>, word: UnsafeRawPointer, reference: AnyObject?, maker: Maker
    ) {
        destination.initialize(to: DeferredArgument(word: word, reference: reference, maker: maker))
    }

    /// Whether the `Any` at `box` holds a marker: its metadata word is this type's.
    @inlinable
    @inline(__always)
    static func isMarker(_ box: UnsafePointer<Any>) -> Bool {
        ObjectIdentifier(AnyContainerLayout.metadata(at: box)) == ObjectIdentifier(DeferredArgument.self)
    }

    /// The value the marker in the `Any` at `box` stands for (the marker
    /// keeps its reference); only for one that ``isMarker(_:)``.
    @usableFromInline
    static func value(at box: UnsafePointer<Any>) -> Any {
        let marker = UnsafeRawPointer(box).assumingMemoryBound(to: DeferredArgument.self)
        return marker.pointee.maker.make(marker.pointee.word, rawReference(marker), false)
    }

    /// Writes into the uninitialized `Any` at `destination` the value the
    /// marker in the `Any` at `box` stands for, for one handler run (the
    /// marker keeps its reference); hand it back with
    /// ``endRun(of:madeAt:)``. Only for a marker (``isMarker(_:)``).
    @usableFromInline
    static func makeForRun(at box: UnsafePointer<Any>, into destination: UnsafeMutablePointer<Any>) {
        let marker = UnsafeRawPointer(box).assumingMemoryBound(to: DeferredArgument.self)
        guard let runs = marker.pointee.maker.runs else {
            destination.initialize(to: marker.pointee.maker.make(marker.pointee.word, rawReference(marker), false))
            return
        }
        runs.make(runs.runner, marker.pointee.word, rawReference(marker), UnsafeMutableRawPointer(destination))
    }

    /// Takes back the value ``makeForRun(at:into:)`` made at `value` from
    /// the marker at `box`, the run over: its maker may keep it for a later
    /// run if nothing else references it. Leaves `value` uninitialized.
    @usableFromInline
    static func endRun(of value: UnsafeMutablePointer<Any>, madeAt box: UnsafePointer<Any>) {
        guard let runs = UnsafeRawPointer(box).assumingMemoryBound(to: DeferredArgument.self).pointee.maker.runs else {
            value.deinitialize(count: 1)
            return
        }
        runs.end(runs.runner, UnsafeMutableRawPointer(value))
    }

    /// The `Any` at `box`, a marker's value made (``value(at:)``), any other copied.
    static func valueOrCopy(at box: UnsafePointer<Any>) -> Any {
        isMarker(box) ? value(at: box) : WideArgument.value(at: box)
    }

    /// Replaces every marker in `buffer` by a real `Any` of its value, which
    /// takes the marker's reference over, for the general path of a call the
    /// one-hold lane declined.
    ///
    /// - Parameter buffer: Initialized `Any`s, some of them markers.
    public static func materializeMarkers(in buffer: UnsafeMutableBufferPointer<Any>) {
        guard let base = buffer.baseAddress else { return }
        for index in 0..<buffer.count where isMarker(base + index) {
            let marker = UnsafeRawPointer(base + index).assumingMemoryBound(to: DeferredArgument.self)
            let value = marker.pointee.maker.make(marker.pointee.word, rawReference(marker), true)
            // The marker's reference now belongs to the value: its memory is overwritten, not destroyed.
            (base + index).initialize(to: value)
        }
    }

    /// The marker's reference as a raw pointer, not retained: the marker keeps its own.
    @inline(__always)
    private static func rawReference(_ marker: UnsafePointer<DeferredArgument>) -> UnsafeMutableRawPointer? {
        marker.pointee.reference.map { Unmanaged.passUnretained($0).toOpaque() }
    }
}
