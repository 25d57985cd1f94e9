/// A processor architecture whose Swift calling convention the classifier knows.
public enum Architecture: String, Hashable, Sendable, CaseIterable {
    /// x86-64 (System V, `swiftcc`).
    case x86_64
    /// AArch64 (AAPCS64, `swiftcc`, Linux stack rules).
    case arm64

    /// The architecture this code runs on.
    public static var current: Architecture {
        #if arch(x86_64)
        .x86_64
        #else
        .arm64
        #endif
    }

    /// The size in bytes of a general-purpose register and of a pointer.
    public var wordSize: Int { 8 }
}
