// How a handler reads the arguments of a call served in one hold that lends
// wide values: the front's buffer keeps its markers, which name the ledger's
// copies of the values, so a typed reader of exactly a marker's type reads the
// value there, and every other reader gets real `Any`s, made for its run alone.

extension WideArgument {
    /// The address of the `T` the `Any` at `box` names when it is a marker
    /// of a value of exactly type `T`; nil for any other `Any` (a boxed
    /// value, or a marker of another type, which a reader casts as a real
    /// `Any`: ``withValues(lentIn:_:)``).
    @inlinable
    @inline(__always)
    static func address<T>(at box: UnsafePointer<Any>, of _: T.Type) -> UnsafePointer<T>? {
        guard isMarker(box) else { return nil }
        let marker = marker(at: box)
        guard marker.type == T.self else { return nil }
        return marker.address.assumingMemoryBound(to: T.self)
    }

    /// Runs `body` on `arguments` with each marker among them made a real
    /// `Any` of its value (``materialize(_:)``) for its run alone
    /// (``LentArgumentImage``).
    @usableFromInline
    static func withValues<R>(
        lentIn arguments: UnsafeMutableBufferPointer<Any>, _ body: (UnsafeMutableBufferPointer<Any>) throws -> R
    ) rethrows -> R {
        try LentArgumentImage.withValues(
            lentIn: arguments, isMarker: isMarker, make: { materialize(marker(at: $0)) }, body)
    }
}
