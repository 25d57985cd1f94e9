// How a handler reads the arguments of a call served in one hold that lends
// escaping closures as their words: the ledger keeps the markers, and a
// handler gets a real value of each marker it reads, made for its run alone
// and destroyed once it returns, so the ledger never keeps a made value and
// the allocator serves the next call's from its cache.

extension DeferredArgument {
    /// Runs `body` on `arguments` with each marker among them made a real
    /// `Any` of its value (``value(at:)``) for its run alone
    /// (``LentArgumentImage``).
    @usableFromInline
    static func withValues<R>(
        lentIn arguments: UnsafeMutableBufferPointer<Any>, _ body: (UnsafeMutableBufferPointer<Any>) throws -> R
    ) rethrows -> R {
        try LentArgumentImage.withValues(lentIn: arguments, isMarker: isMarker, make: value(at:), body)
    }

    /// The arguments at `arguments` as real values, a marker's made (this
    /// type's, ``valueOrCopy(at:)``, or a ``WideArgument``'s): for a
    /// description of the call (a handler's error).
    static func values(in arguments: UnsafeBufferPointer<Any>) -> [Any] {
        guard let base = arguments.baseAddress else { return [] }
        return (0..<arguments.count).map { valueOrCopy(at: base + $0) }
    }
}
