/// Why no signature could be discovered for a witness: every source tried, and why each failed.
public struct SignatureDiscoveryError: Error, Sendable, CustomStringConvertible {
    /// One source that was tried.
    public struct Attempt: Sendable, CustomStringConvertible {
        /// The source tried.
        public var source: SignatureSource
        /// Why it gave no (or no trustworthy) answer.
        public var reason: String

        /// "source: reason".
        public var description: String { "\(source): \(reason)" }
    }

    /// The witness address the discovery started from.
    public var address: UInt
    /// The sources tried, in order.
    public var attempts: [Attempt]

    /// A one-line explanation naming the address and every attempt.
    public var description: String {
        "no signature for the witness at 0x\(String(address, radix: 16)): "
            + attempts.map(\.description).joined(separator: "; ")
    }
}
