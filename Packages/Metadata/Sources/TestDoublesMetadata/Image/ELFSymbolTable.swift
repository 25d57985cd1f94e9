import CTestDoublesElf

#if canImport(Glibc)
import Glibc
#endif

/// The symbols of one ELF file, read from its `.symtab` and `.dynsym`.
///
/// Witness thunks are local symbols, present only in `.symtab`, which the
/// dynamic loader never maps: the table is read from the file on disk
/// through libelf.
public struct ELFSymbolTable: Sendable {
    /// One named symbol and the address the link editor gave it.
    public struct Symbol: Hashable, Sendable {
        /// The symbol's name as stored in the string table (mangled).
        public var name: String
        /// The symbol's value: its link-time address within the image.
        public var value: UInt64
        /// The symbol's size in bytes, zero where the producer gave none.
        public var size: UInt64
        /// Whether the symbol is local to its image (`STB_LOCAL`).
        public var isLocal: Bool
    }

    /// Every function and object symbol of the file, in table order.
    public private(set) var symbols: [Symbol]

    /// Reads the symbol tables of the ELF file at `path`.
    ///
    /// - Parameter path: The file to read.
    /// - Throws: `ELFError` when the file cannot be opened or is not ELF.
    public init(contentsOf path: String) throws(ELFError) {
        guard elf_version(UInt32(EV_CURRENT)) != UInt32(EV_NONE) else {
            throw .libraryUnavailable
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        defer { close(descriptor) }
        guard let elf = elf_begin(descriptor, ELF_C_READ, nil) else {
            throw .malformed(path: path, reason: String(cString: elf_errmsg(-1)))
        }
        defer { elf_end(elf) }
        guard elf_kind(elf) == ELF_K_ELF else {
            throw .malformed(path: path, reason: "not an ELF object")
        }
        var symbols: [Symbol] = []
        var section = elf_nextscn(elf, nil)
        while let current = section {
            section = elf_nextscn(elf, current)
            var header = GElf_Shdr()
            guard gelf_getshdr(current, &header) != nil,
                header.sh_type == UInt32(SHT_SYMTAB) || header.sh_type == UInt32(SHT_DYNSYM),
                header.sh_entsize > 0,
                let data = elf_getdata(current, nil)
            else { continue }
            let count = Int(header.sh_size / header.sh_entsize)
            for index in 0..<count {
                var symbol = GElf_Sym()
                guard gelf_getsym(data, Int32(index), &symbol) != nil,
                    symbol.st_name != 0,
                    let name = elf_strptr(elf, Int(header.sh_link), Int(symbol.st_name))
                else { continue }
                let binding = Int32(symbol.st_info >> 4)
                symbols.append(
                    Symbol(
                        name: String(cString: name),
                        value: symbol.st_value,
                        size: symbol.st_size,
                        isLocal: binding == STB_LOCAL
                    ))
            }
        }
        self.symbols = symbols
    }
}

/// Why an ELF file could not be read.
public enum ELFError: Error, Equatable, Sendable {
    /// libelf refused to initialise (a version mismatch).
    case libraryUnavailable
    /// The file could not be opened.
    case cannotOpen(path: String, errno: Int32)
    /// The file is not a well-formed ELF object.
    case malformed(path: String, reason: String)
}
