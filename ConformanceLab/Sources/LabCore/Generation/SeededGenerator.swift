/// A SplitMix64 random number generator: the same seed gives the same
/// sequence on every machine and Swift version (unlike `Hasher` or the
/// system generator), so shapes and sample values are reproducible.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator that starts from `seed`.
    /// - Parameter seed: Any value; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// Creates a generator for one named stream under a run seed.
    /// - Parameters:
    ///   - seed: The run seed.
    ///   - stream: A stable name (for example a shape key) that selects an independent stream.
    public init(seed: UInt64, stream: String) {
        state = seed ^ Self.fnv1a(stream)
    }

    /// Returns the next value of the sequence.
    /// - Returns: 64 pseudo-random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A stable 64-bit FNV-1a hash of a string's UTF-8 bytes.
    /// - Parameter text: The text to hash.
    /// - Returns: The hash.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        return hash
    }

    /// An index in `0..<count` (uniform enough for picking samples).
    /// - Parameter count: The number of choices; must be positive.
    /// - Returns: An index.
    mutating func index(_ count: Int) -> Int {
        Int(next() % UInt64(count))
    }

    /// One element of a non-empty array.
    /// - Parameter choices: The candidates.
    /// - Returns: The chosen element.
    mutating func pick<T>(_ choices: [T]) -> T {
        choices[index(choices.count)]
    }
}
