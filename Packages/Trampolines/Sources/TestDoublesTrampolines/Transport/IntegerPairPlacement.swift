/// Where a 128-bit integer argument (`Int128`, `UInt128`) travels: the rule
/// of one architecture and compiler, measured on compiled witnesses
/// (`swiftc -S`) rather than assumed.
///
/// | rule | x86_64, Swift 6.0 | x86_64, Swift 6.1+ | arm64 |
/// | --- | --- | --- | --- |
/// | two registers left | the next two | the next two | the next even-numbered pair |
/// | one register left | low half in it, high half on the stack | both on the stack; a later word takes the register | both on the stack; no later argument takes a register |
/// | on the stack | the next two words | the next two words at a 16-byte boundary | the next two words at a 16-byte boundary |
///
/// Swift 6.0 builds with LLVM 17, which splits an `i128` like any two words;
/// LLVM 18 (Swift 6.1 and later) keeps it whole. Measured with Swift 6.0.3
/// and 6.3.1 for both architectures (2026-12-03).
public enum IntegerPairPlacement: Sendable, Hashable {
    /// Two independent words (x86_64 with Swift 6.0).
    case wordByWord
    /// Two consecutive registers, else two aligned stack words (x86_64 with Swift 6.1 and later).
    case consecutiveOrStack
    /// An even-numbered register pair, else two aligned stack words and no more registers (arm64).
    case evenPairOrStack

    /// The x86_64 rule of the compiler building this code, which builds the
    /// tests and conformers that call the stubs too.
    public static var x86_64: IntegerPairPlacement {
        #if compiler(>=6.1)
        return .consecutiveOrStack
        #else
        return .wordByWord
        #endif
    }
}
