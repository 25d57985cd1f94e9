// How a handler reads the arguments of a call served in one hold that lends
// escaping closures as their words: the ledger keeps the markers, and a
// handler gets a real value of each marker it reads, made for its run alone
// and destroyed once it returns, so the ledger never keeps a made value and
// the allocator serves the next call's from its cache.

extension DeferredArgument {
    /// Runs `body` on `arguments` with each marker among them made a real
    /// `Any` of its value (``value(at:)``), in an image of the buffer of
    /// `body`'s own: the other arguments are their bits, lent as the
    /// buffer lends them, and the made values are destroyed once `body`
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
                    (imageBase + index).initialize(to: value(at: base + index))
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

    /// The arguments at `arguments` as real values, a marker's made (this
    /// type's, ``valueOrCopy(at:)``, or a ``WideArgument``'s): for a
    /// description of the call (a handler's error).
    static func values(in arguments: UnsafeBufferPointer<Any>) -> [Any] {
        guard let base = arguments.baseAddress else { return [] }
        return (0..<arguments.count).map { valueOrCopy(at: base + $0) }
    }
}
