/// Why an ELF file, or its debug information, could not be read.
public enum ELFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libelf refused to initialise (a version mismatch).
    case libraryUnavailable
    /// The file could not be opened.
    case cannotOpen(path: String, errno: Int32)
    /// The file is not a well-formed 64-bit ELF object.
    case malformed(path: String, reason: String)
    /// The file has neither `.symtab` nor `.dynsym`.
    case noSymbolTable(path: String)
    /// The file has no `.symtab` (it was stripped), so local symbols such as witness thunks are gone.
    case stripped(path: String)
    /// The file has no DWARF debug information that libdw can read.
    case noDebugInfo(path: String, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .libraryUnavailable: return "libelf is unavailable (version mismatch)"
        case .cannotOpen(let path, let errno): return "cannot open \(path) (errno \(errno))"
        case .malformed(let path, let reason): return "\(path) is not a well-formed 64-bit ELF file: \(reason)"
        case .noSymbolTable(let path): return "\(path) has no symbol table"
        case .stripped(let path): return "\(path) is stripped (no .symtab): local symbols are unavailable"
        case .noDebugInfo(let path, let reason): return "\(path) has no usable DWARF: \(reason)"
        }
    }
}
