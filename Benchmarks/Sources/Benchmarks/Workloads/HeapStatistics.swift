#if canImport(Glibc)
import Glibc
#endif

/// Reads glibc's allocator statistics without a C shim.
///
/// `struct mallinfo2` (ten `size_t` fields, 80 bytes) is not exported to
/// Swift by the Glibc module, so `mallinfo2` is looked up with `dlsym` and
/// called as a C function returning `struct rusage`, a larger imported C
/// struct: both are returned indirectly (into caller memory, on x86_64 and
/// arm64 alike), and the callee fills the first 80 bytes.
enum HeapStatistics {
    #if canImport(Glibc)
    private typealias MallInfo2 = @convention(c) () -> rusage
    nonisolated(unsafe) private static let function: MallInfo2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "mallinfo2") else { return nil }
        return unsafeBitCast(symbol, to: MallInfo2.self)
    }()
    #endif

    /// Bytes in use: `uordblks` (allocated small chunks) plus `hblkhd` (mapped blocks).
    ///
    /// - Returns: The bytes, or `nil` when this C library has no `mallinfo2`.
    static func inUse() -> Int? {
        #if canImport(Glibc)
        guard let function else { return nil }
        var info = function()
        return withUnsafeBytes(of: &info) { bytes in
            let field = { (index: Int) in bytes.load(fromByteOffset: index * MemoryLayout<Int>.size, as: Int.self) }
            return field(7) + field(4)
        }
        #else
        return nil
        #endif
    }

    /// This C library reports no allocator statistics.
    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the C library has no mallinfo2" }
    }
}
