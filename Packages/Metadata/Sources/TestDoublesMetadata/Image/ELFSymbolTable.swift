import CTestDoublesElf
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The symbols of one ELF file, read from its `.symtab` and `.dynsym`.
///
/// Witness thunks are local symbols, present only in `.symtab`, which the
/// dynamic loader never maps: the table is read from the file on disk
/// through libelf. Lookups by address use a sorted index (binary search),
/// built once in the initializer; lookups by name a dictionary, built on
/// the first lookup by name (discovery looks symbols up by address only,
/// and hashing every name of a large executable was most of the first
/// `Stub`'s construction time).
public struct ELFSymbolTable: Sendable {
    /// One named, defined symbol and the address the link editor gave it.
    public struct Symbol: Hashable, Sendable {
        /// The symbol's name as stored in the string table (mangled).
        public var name: String
        /// The symbol's value: its link-time address within the image.
        public var value: UInt64
        /// The symbol's size in bytes, zero where the producer gave none.
        public var size: UInt64
        /// Whether the symbol is local to its image (`STB_LOCAL`).
        public var isLocal: Bool
        /// Whether the symbol is absolute (`SHN_ABS`): its value is not relocated by the load bias.
        public var isAbsolute: Bool
        /// Whether the symbol names code (`STT_FUNC`), as opposed to data.
        public var isFunction: Bool
        /// Whether the symbol's section is writable (`SHF_WRITE`: `.data`, `.bss`), as a variable
        /// the runtime fills in is; false for read-only data and code.
        public var isWritable: Bool = false
    }

    /// Every defined, named symbol of the file, in table order (`.symtab` first when both exist).
    public private(set) var symbols: [Symbol]
    /// Whether the file has a `.symtab` (a stripped file has only `.dynsym`).
    public private(set) var hasStaticSymbolTable: Bool
    /// Indices into `symbols` sorted by value, then table order.
    private var byAddress: [Int]
    /// The first index into `symbols` of each name, built on first use.
    private let byName: NameIndex

    /// Reads the symbol tables of the ELF file at `path`.
    ///
    /// - Parameter path: The file to read.
    /// - Throws: `ELFError` when the file cannot be opened, is not a 64-bit
    ///   ELF file, is truncated or has no symbol table at all.
    public init(contentsOf path: String) throws(ELFError) {
        guard elf_version(UInt32(EV_CURRENT)) != UInt32(EV_NONE) else {
            throw .libraryUnavailable
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        defer { close(descriptor) }
        // Mapped, not read: only the pages of the symbol and string tables are touched.
        guard let elf = elf_begin(descriptor, ELF_C_READ_MMAP, nil) else {
            throw .malformed(path: path, reason: String(cString: elf_errmsg(-1)))
        }
        defer { elf_end(elf) }
        guard elf_kind(elf) == ELF_K_ELF else {
            throw .malformed(path: path, reason: "not an ELF object")
        }
        guard gelf_getclass(elf) == ELFCLASS64 else {
            throw .malformed(path: path, reason: "not a 64-bit ELF object")
        }
        var header = GElf_Ehdr()
        guard gelf_getehdr(elf, &header) != nil else {
            throw .malformed(path: path, reason: String(cString: elf_errmsg(-1)))
        }
        var sectionCount = 0
        guard elf_getshdrnum(elf, &sectionCount) == 0 else {
            throw .malformed(path: path, reason: String(cString: elf_errmsg(-1)))
        }
        // The writable sections by index, for each symbol's `isWritable`.
        var writableSections = Set<Int>()
        var scan = elf_nextscn(elf, nil)
        while let current = scan {
            scan = elf_nextscn(elf, current)
            var sectionHeader = GElf_Shdr()
            if gelf_getshdr(current, &sectionHeader) != nil, sectionHeader.sh_flags & UInt64(SHF_WRITE) != 0 {
                writableSections.insert(elf_ndxscn(current))
            }
        }
        var staticSymbols: [Symbol] = []
        var dynamicSymbols: [Symbol] = []
        var foundTable = false
        var hasStatic = false
        var section = elf_nextscn(elf, nil)
        while let current = section {
            section = elf_nextscn(elf, current)
            var sectionHeader = GElf_Shdr()
            guard gelf_getshdr(current, &sectionHeader) != nil else {
                throw .malformed(path: path, reason: "unreadable section header")
            }
            let isStatic = sectionHeader.sh_type == UInt32(SHT_SYMTAB)
            guard isStatic || sectionHeader.sh_type == UInt32(SHT_DYNSYM) else { continue }
            guard sectionHeader.sh_entsize > 0, let data = elf_getdata(current, nil) else {
                throw .malformed(path: path, reason: "unreadable symbol table")
            }
            foundTable = true
            hasStatic = hasStatic || isStatic
            let count = Int(min(sectionHeader.sh_size, UInt64(data.pointee.d_size)) / sectionHeader.sh_entsize)
            if isStatic { staticSymbols.reserveCapacity(staticSymbols.count + count) }
            for index in 0..<count {
                var symbol = GElf_Sym()
                guard gelf_getsym(data, Int32(index), &symbol) != nil,
                    symbol.st_name != 0,
                    symbol.st_shndx != UInt16(SHN_UNDEF),
                    let name = elf_strptr(elf, Int(sectionHeader.sh_link), Int(symbol.st_name))
                else { continue }
                let type = Int32(symbol.st_info & 0xF)
                guard type == STT_FUNC || type == STT_OBJECT || type == STT_NOTYPE || type == STT_GNU_IFUNC else {
                    continue
                }
                let text = String(cString: name)
                guard !(type == STT_NOTYPE && Self.isMappingSymbol(text)) else { continue }
                let entry = Symbol(
                    name: text,
                    value: symbol.st_value,
                    size: symbol.st_size,
                    isLocal: Int32(symbol.st_info >> 4) == STB_LOCAL,
                    isAbsolute: symbol.st_shndx == UInt16(SHN_ABS),
                    isFunction: type == STT_FUNC || type == STT_GNU_IFUNC,
                    isWritable: writableSections.contains(Int(symbol.st_shndx))
                )
                if isStatic { staticSymbols.append(entry) } else { dynamicSymbols.append(entry) }
            }
        }
        guard foundTable else { throw .noSymbolTable(path: path) }
        staticSymbols.append(contentsOf: dynamicSymbols)  // in place: `+` would copy every symbol
        self.init(symbols: staticSymbols, hasStaticSymbolTable: hasStatic)
    }

    /// Whether `name` is an ARM/AArch64 mapping symbol (`$x`, `$d`, `$a`, `$t`, optionally `.suffix`),
    /// which marks code or data at an address without naming anything.
    static func isMappingSymbol(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "$"), "xdat".utf8.contains(bytes[1]) else { return false }
        return bytes.count == 2 || bytes[2] == UInt8(ascii: ".")
    }

    /// Builds a table from symbols already read.
    init(symbols: [Symbol], hasStaticSymbolTable: Bool) {
        self.symbols = symbols
        self.hasStaticSymbolTable = hasStaticSymbolTable
        // Indices sorted by a plain array of the values, so a comparison reaches
        // into neither a symbol nor a tuple (most of a debug build's first
        // construction in a large test binary was this sort).
        var values: [UInt64] = []
        values.reserveCapacity(symbols.count)
        symbols.withUnsafeBufferPointer { buffer in
            for symbol in buffer { values.append(symbol.value) }
        }
        var order = Array(symbols.indices)
        values.withUnsafeBufferPointer { value in
            order.sort { value[$0] < value[$1] || (value[$0] == value[$1] && $0 < $1) }
        }
        self.byAddress = order
        self.byName = NameIndex()
    }

    /// The symbol named `name`, if the file defines it.
    ///
    /// - Parameter name: The exact (mangled) symbol name.
    /// - Returns: The symbol, `.symtab` entries first.
    public func symbol(named name: String) -> Symbol? {
        byName.index(of: name, in: symbols).map { symbols[$0] }
    }

    /// The name lookup of a table, made on the first lookup by name and shared by copies of the table.
    private final class NameIndex: Sendable {
        private let indices = Mutex<[String: Int]?>(nil)

        func index(of name: String, in symbols: [Symbol]) -> Int? {
            indices.withLock { indices in
                if indices == nil {
                    var built: [String: Int] = [:]
                    built.reserveCapacity(symbols.count)
                    for (index, symbol) in symbols.enumerated() where built[symbol.name] == nil {
                        built[symbol.name] = index
                    }
                    indices = built
                }
                return indices?[name]
            }
        }
    }

    /// The symbols whose value is exactly `value`, without duplicates.
    ///
    /// - Parameter value: A link-time address.
    /// - Returns: Every distinct name at that address, in table order (`.symtab` first).
    public func symbols(at value: UInt64) -> [Symbol] {
        var low = 0
        var high = byAddress.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[byAddress[middle]].value < value { low = middle + 1 } else { high = middle }
        }
        var found: [Symbol] = []
        var index = low
        while index < byAddress.count, symbols[byAddress[index]].value == value {
            let symbol = symbols[byAddress[index]]
            if !found.contains(where: { $0.name == symbol.name }) { found.append(symbol) }
            index += 1
        }
        return found
    }

    /// The sized symbol whose extent contains `value`, if any.
    ///
    /// - Parameter value: A link-time address.
    /// - Returns: The symbol starting closest below or at `value` whose size covers it.
    public func symbol(containing value: UInt64) -> Symbol? {
        var low = 0
        var high = byAddress.count
        while low < high {
            let middle = (low + high) / 2
            if symbols[byAddress[middle]].value <= value { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0 {
            let symbol = symbols[byAddress[index]]
            if symbol.value == value || value < symbol.value &+ symbol.size { return symbol }
            if value - symbol.value > 1 << 24 { return nil }
            index -= 1
        }
        return nil
    }
}
