/// Why a mangled name could not be decoded.
public struct DemanglingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name that was being decoded.
    public var mangledName: String
    /// The byte offset in `mangledName` where decoding stopped.
    public var offset: Int
    /// What was wrong at that offset.
    public var reason: String

    /// Creates an error for `mangledName` at `offset`.
    ///
    /// - Parameters:
    ///   - mangledName: The name that was being decoded.
    ///   - offset: The byte offset where decoding stopped.
    ///   - reason: What was wrong there.
    public init(mangledName: String, offset: Int, reason: String) {
        self.mangledName = mangledName
        self.offset = offset
        self.reason = reason
    }

    /// A one-line explanation naming the name, the offset and the reason.
    public var description: String {
        "cannot demangle '\(mangledName)' at offset \(offset): \(reason)"
    }
}
