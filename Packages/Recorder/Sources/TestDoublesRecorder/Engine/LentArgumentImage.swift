/// A handler's view of a call's lent arguments when some are markers (a
/// ``WideArgument`` or a ``DeferredArgument``): an image of the buffer in
/// which each marker is a real `Any`, made for the handler's run and
/// destroyed once it returns, and every other argument is its bits, lent
/// as the buffer lends them. The ledger never keeps a made value.
enum LentArgumentImage {
    /// Runs `body` on `arguments`, or, when `isMarker` finds a marker
    /// among them, on an image of the buffer of `body`'s own in which each
    /// marker is the value `make` makes of it.
    ///
    /// `body` may move an argument out of the memory it is lent and back
    /// (``ScalarHandler/compute``): each is as it came once it returns.
    ///
    /// - Parameters:
    ///   - arguments: The call's arguments, lent.
    ///   - isMarker: Whether the `Any` at an address is a marker.
    ///   - make: A real value of the marker at an address.
    ///   - body: The handler's run.
    @inline(__always)
    static func withValues<R>(
        lentIn arguments: UnsafeMutableBufferPointer<Any>, isMarker: (UnsafePointer<Any>) -> Bool,
        make: (UnsafePointer<Any>) -> Any, _ body: (UnsafeMutableBufferPointer<Any>) throws -> R
    ) rethrows -> R {
        guard let base = arguments.baseAddress,
            (0..<arguments.count).contains(where: { isMarker(base + $0) })
        else { return try body(arguments) }
        return try withUnsafeTemporaryAllocation(of: Any.self, capacity: arguments.count) { image in
            let imageBase = image.baseAddress.unsafelyUnwrapped
            for index in 0..<arguments.count {
                if isMarker(base + index) {
                    (imageBase + index).initialize(to: make(base + index))
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
}
