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
    /// `Any` of its value (``materialize(_:)``), in an image of the buffer
    /// of `body`'s own: the other arguments are their bits, lent as the
    /// buffer lends them, and the real values are destroyed once `body`
    /// returns. Without a marker, `body` reads `arguments` themselves.
    ///
    /// `body` may move an argument out of the memory it is lent and back
    /// (``ScalarHandler/compute``): each is as it came once it returns.
    @usableFromInline
    static func withValues<R>(
        lentIn arguments: UnsafeMutableBufferPointer<Any>, _ body: (UnsafeMutableBufferPointer<Any>) throws -> R
    ) rethrows -> R {
        guard let base = arguments.baseAddress,
            (0..<arguments.count).contains(where: { isMarker(base + $0) })
        else { return try body(arguments) }
        return try withUnsafeTemporaryAllocation(of: Any.self, capacity: arguments.count) { image in
            let imageBase = image.baseAddress.unsafelyUnwrapped
            for index in 0..<arguments.count {
                if isMarker(base + index) {
                    (imageBase + index).initialize(to: materialize(marker(at: base + index)))
                } else {
                    // Lent as the buffer lends it: its bits, neither retained nor destroyed here.
                    UnsafeMutableRawPointer(imageBase + index).copyMemory(
                        from: base + index, byteCount: MemoryLayout<Any>.size)
                }
            }
            defer {
                for index in 0..<arguments.count where isMarker(base + index) {
                    (imageBase + index).deinitialize(count: 1)
                }
            }
            return try body(UnsafeMutableBufferPointer(start: imageBase, count: arguments.count))
        }
    }

    /// The arguments at `arguments` as real values, a marker's materialized
    /// (``value(at:)``): for a description of the call (a handler's error).
    static func values(in arguments: UnsafeBufferPointer<Any>) -> [Any] {
        guard let base = arguments.baseAddress else { return [] }
        return (0..<arguments.count).map { value(at: base + $0) }
    }
}
