import CTestDoublesElf
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The symbols of one ELF file, read from its `.symtab` and `.dynsym`.
///
/// Witness thunks are local symbols, present only in `.symtab`, which the
/// dynamic loader never maps: the table is read from the file on disk
/// through libelf. The file stays mapped while the table lives: its symbol
/// records are read in place (``SymbolRecords``) and a symbol's name is made
/// into a `String` only when the symbol is asked for (making every name of a
/// large executable into a `String` was most of the first `Stub`'s
/// construction time). Exact lookups by address go through chains of records
/// by value, made once in the initializer; containment through an order by
/// value and lookups by name through a dictionary, each made on first use
/// (discovery looks symbols up by exact address only); name prefixes are
/// compared in the mapped bytes.
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
    ///
    /// Makes every name into a `String` (once per table, shared by its
    /// copies): prefer ``symbols(at:)``, ``symbol(named:)`` or
    /// ``symbols(withNamePrefix:)``.
    public var symbols: [Symbol] { storage.allSymbols() }
    /// Whether the file has a `.symtab` (a stripped file has only `.dynsym`).
    public private(set) var hasStaticSymbolTable: Bool
    /// Whether the symbols are read from the file's records in place (else from entries made of them).
    var readsRecordsInPlace: Bool {
        if case .records = storage.entries { return true }
        return false
    }
    /// The entries and the names behind them.
    private let storage: Storage
    /// The entries by value: hashed for exact lookups, sorted on first use for containment.
    private let byAddress: AddressIndex
    /// The first index into the entries of each name, built on first use.
    private let byName: NameIndex

    /// Reads the symbol tables of the ELF file at `path`.
    ///
    /// - Parameter path: The file to read.
    /// - Throws: `ELFError` when the file cannot be opened, is not a 64-bit
    ///   ELF file, is truncated or has no symbol table at all.
    public init(contentsOf path: String) throws(ELFError) {
        try self.init(contentsOf: path, readingThroughLibelf: false)
    }

    /// Reads the symbol tables of the ELF file at `path`, each symbol through
    /// `gelf_getsym` when `readingThroughLibelf` (the tests compare both ways),
    /// else in place where libelf gives the section in memory form.
    init(contentsOf path: String, readingThroughLibelf: Bool) throws(ELFError) {
        guard elf_version(UInt32(EV_CURRENT)) != UInt32(EV_NONE) else {
            throw .libraryUnavailable
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        // Mapped, not read: only the pages of the symbol table, and of the names asked for, are touched. The
        // handle stays open while the table lives: the names are read from its string tables when asked for.
        guard let elf = elf_begin(descriptor, ELF_C_READ_MMAP, nil) else {
            let reason = String(cString: elf_errmsg(-1))
            close(descriptor)
            throw .malformed(path: path, reason: reason)
        }
        var keep = false
        defer {
            if !keep {
                elf_end(elf)
                close(descriptor)
            }
        }
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
        // Whether each section is writable, by index, for each symbol's `isWritable`.
        var writableSections = [Bool](repeating: false, count: max(sectionCount, 0))
        var scan = elf_nextscn(elf, nil)
        while let current = scan {
            scan = elf_nextscn(elf, current)
            var sectionHeader = GElf_Shdr()
            let index = elf_ndxscn(current)
            if gelf_getshdr(current, &sectionHeader) != nil, sectionHeader.sh_flags & UInt64(SHF_WRITE) != 0,
                index < writableSections.count
            {
                writableSections[index] = true
            }
        }
        var staticTables: [SymbolSection] = []
        var dynamicTables: [SymbolSection] = []
        var stringTables: [StringTable] = []
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
            // The names' string table, read in place while the handle is open.
            guard count > 0, let names = Self.stringTable(elf, Int(sectionHeader.sh_link)) else { continue }
            let table = SymbolSection(
                data: data, count: count, table: UInt8(stringTables.count),
                inPlace: Self.symbolsInPlace(data, header: sectionHeader, count: count))
            stringTables.append(names)
            if isStatic { staticTables.append(table) } else { dynamicTables.append(table) }
        }
        guard foundTable else { throw .noSymbolTable(path: path) }
        let tables = staticTables + dynamicTables
        let entries: Storage.Entries
        if !readingThroughLibelf, tables.allSatisfy({ $0.inPlace != nil }) {
            // The sections' bytes as libelf holds them, in memory form: no call and no copy per symbol.
            entries = .records(
                SymbolRecords(
                    sections: tables.compactMap { table in
                        table.inPlace.map { SymbolRecords.Section(base: $0, count: table.count, table: table.table) }
                    },
                    writableSections: writableSections))
        } else {
            var read: [Entry] = []
            for table in tables {
                let names = stringTables[Int(table.table)]
                read.append(
                    contentsOf: EntryReader(names: names, table: table.table, writableSections: writableSections)
                        .entries(count: table.count) { index in
                            var symbol = GElf_Sym()
                            return gelf_getsym(table.data, Int32(index), &symbol) != nil ? symbol : nil
                        })
            }
            entries = .made(read)
        }
        keep = true
        self.init(
            storage: Storage(
                entries: entries, stringTables: stringTables, names: [],
                handle: Storage.Handle(elf: elf, descriptor: descriptor)),
            hasStaticSymbolTable: hasStatic)
    }

    /// A symbol table section found in the file.
    private struct SymbolSection {
        let data: UnsafeMutablePointer<Elf_Data>
        let count: Int
        /// Which string table holds its names.
        let table: UInt8
        /// Its records in memory form, where libelf holds them so.
        let inPlace: UnsafeRawPointer?
    }

    /// The symbols of a symbol table section as libelf holds them, when they
    /// are 64-bit entries in memory form (`ELF_T_SYM`, libelf's translation of
    /// the file's byte order) covering `count` entries; nil otherwise.
    private static func symbolsInPlace(
        _ data: UnsafeMutablePointer<Elf_Data>, header: GElf_Shdr, count: Int
    ) -> UnsafeRawPointer? {
        let size = MemoryLayout<Elf64_Sym>.size
        guard data.pointee.d_type == ELF_T_SYM, header.sh_entsize == UInt64(size), let bytes = data.pointee.d_buf,
            count >= 0, data.pointee.d_size / size >= count
        else { return nil }
        return UnsafeRawPointer(bytes)
    }

    /// Turns a symbol table's symbols into entries: the defined, named
    /// functions, objects and untyped symbols that are not ARM mapping symbols.
    private struct EntryReader {
        let names: StringTable
        let table: UInt8
        let writableSections: [Bool]

        /// The entries of the `count` symbols `symbol` reads (nil: unreadable, skipped), written in place.
        func entries(count: Int, _ symbol: (Int) -> Elf64_Sym?) -> [Entry] {
            [Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
                var written = 0
                for index in 0..<count {
                    guard let symbol = symbol(index), let entry = entry(symbol) else { continue }
                    buffer.initializeElement(at: written, to: entry)
                    written += 1
                }
                initialized = written
            }
        }

        func entry(_ symbol: Elf64_Sym) -> Entry? {
            ELFSymbolTable.entry(of: symbol, table: table, names: names, writableSections: writableSections)
        }
    }

    /// The entry of `symbol`, a record of the table whose names are `names`:
    /// nil unless it is a defined, named function, object or untyped symbol
    /// that is not an ARM mapping symbol.
    static func entry(of symbol: Elf64_Sym, table: UInt8, names: StringTable, writableSections: [Bool]) -> Entry? {
        guard symbol.st_name != 0, symbol.st_shndx != UInt16(SHN_UNDEF), Int(symbol.st_name) < names.count
        else { return nil }
        let type = Int32(symbol.st_info & 0xF)
        guard type == STT_FUNC || type == STT_OBJECT || type == STT_NOTYPE || type == STT_GNU_IFUNC else {
            return nil
        }
        guard !(type == STT_NOTYPE && names.isMappingSymbol(at: Int(symbol.st_name))) else { return nil }
        var flags: UInt8 = 0
        if Int32(symbol.st_info >> 4) == STB_LOCAL { flags |= Entry.local }
        if symbol.st_shndx == UInt16(SHN_ABS) { flags |= Entry.absolute }
        if type == STT_FUNC || type == STT_GNU_IFUNC { flags |= Entry.function }
        let sectionIndex = Int(symbol.st_shndx)
        if sectionIndex < writableSections.count, writableSections[sectionIndex] { flags |= Entry.writable }
        return Entry(
            value: symbol.st_value, size: symbol.st_size, nameOffset: symbol.st_name, table: table, flags: flags)
    }

    /// The string table in section `index`, read in place; nil when it cannot be read.
    private static func stringTable(_ elf: OpaquePointer, _ index: Int) -> StringTable? {
        guard let section = elf_getscn(elf, index), let data = elf_getdata(section, nil),
            let bytes = data.pointee.d_buf, data.pointee.d_size > 0
        else { return nil }
        return StringTable(
            base: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: data.pointee.d_size)
    }

    /// Whether `name` is an ARM/AArch64 mapping symbol (`$x`, `$d`, `$a`, `$t`, optionally `.suffix`),
    /// which marks code or data at an address without naming anything.
    static func isMappingSymbol(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return StringTable(base: base, count: buffer.count).isMappingSymbol(at: 0)
        }
    }

    /// Builds a table from symbols already read.
    init(symbols: [Symbol], hasStaticSymbolTable: Bool) {
        var entries: [Entry] = []
        entries.reserveCapacity(symbols.count)
        for (index, symbol) in symbols.enumerated() {
            var flags: UInt8 = 0
            if symbol.isLocal { flags |= Entry.local }
            if symbol.isAbsolute { flags |= Entry.absolute }
            if symbol.isFunction { flags |= Entry.function }
            if symbol.isWritable { flags |= Entry.writable }
            entries.append(
                Entry(
                    value: symbol.value, size: symbol.size, nameOffset: UInt32(index), table: Entry.namedInArray,
                    flags: flags))
        }
        self.init(
            storage: Storage(entries: .made(entries), stringTables: [], names: symbols.map(\.name), handle: nil),
            hasStaticSymbolTable: hasStaticSymbolTable)
    }

    private init(storage: Storage, hasStaticSymbolTable: Bool) {
        self.storage = storage
        self.hasStaticSymbolTable = hasStaticSymbolTable
        self.byAddress = AddressIndex(storage)
        self.byName = NameIndex()
    }

    /// The positions of `storage`'s entries sorted by value, then position (table order).
    static func sortedByAddress(_ storage: Storage) -> [UInt32] {
        var positions: [UInt32] = []
        var values: [UInt64] = []
        storage.forEachEntry { position, entry in
            positions.append(UInt32(truncatingIfNeeded: position))
            values.append(entry.value)
        }
        // Each value and index packed into one word when they fit (link-time addresses of ordinary images
        // do) and sorted by a radix sort of those words: a comparison sort through the entries was most of
        // the table's reading time.
        let indexBits = max(1, Int.bitWidth - values.count.leadingZeroBitCount)
        let largest = values.max() ?? 0
        let valueBits = UInt64.bitWidth - largest.leadingZeroBitCount
        if valueBits + indexBits <= UInt64.bitWidth {
            var keys: [UInt64] = []
            keys.reserveCapacity(values.count)
            for index in values.indices { keys.append(values[index] << UInt64(indexBits) | UInt64(index)) }
            radixSort(&keys, significantBits: valueBits + indexBits)
            let mask = UInt64(1) << UInt64(indexBits) - 1
            return keys.map { positions[Int(truncatingIfNeeded: $0 & mask)] }
        }
        var order = Array(values.indices)
        order.sort { values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1) }
        return order.map { positions[$0] }
    }

    /// Sorts `keys`, whose set bits are all below `significantBits`, in
    /// ascending order (least significant digit first, 11 bits a pass).
    static func radixSort(_ keys: inout [UInt64], significantBits: Int) {
        let digitBits = 11
        let bucketCount = 1 << digitBits
        let mask = UInt64(bucketCount - 1)
        var scratch = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: bucketCount)
        var sortedInScratch = false
        keys.withUnsafeMutableBufferPointer { keys in
            scratch.withUnsafeMutableBufferPointer { scratch in
                counts.withUnsafeMutableBufferPointer { counts in
                    var shift = 0
                    while shift < significantBits {
                        let source = sortedInScratch ? scratch : keys
                        let target = sortedInScratch ? keys : scratch
                        counts.update(repeating: 0)
                        for key in source { counts[Int(truncatingIfNeeded: key >> UInt64(shift) & mask)] += 1 }
                        var total = 0
                        for bucket in 0..<bucketCount {
                            let count = counts[bucket]
                            counts[bucket] = total
                            total += count
                        }
                        for key in source {
                            let bucket = Int(truncatingIfNeeded: key >> UInt64(shift) & mask)
                            target[counts[bucket]] = key
                            counts[bucket] += 1
                        }
                        sortedInScratch.toggle()
                        shift += digitBits
                    }
                }
            }
        }
        if sortedInScratch { keys = scratch }
    }

    /// The symbol named `name`, if the file defines it.
    ///
    /// - Parameter name: The exact (mangled) symbol name.
    /// - Returns: The symbol, `.symtab` entries first.
    public func symbol(named name: String) -> Symbol? {
        byName.index(of: name, in: storage).flatMap { storage.entry(at: $0) }.map { storage.symbol(of: $0) }
    }

    /// The symbols whose names start with `prefix`, in table order (`.symtab` first).
    ///
    /// Only the matching symbols' names are made into `String`s.
    ///
    /// - Parameter prefix: The start of the (mangled) names wanted.
    /// - Returns: Every defined, named symbol whose name starts with `prefix`.
    public func symbols(withNamePrefix prefix: String) -> [Symbol] {
        storage.symbols(withNamePrefix: prefix, suffixes: nil)
    }

    /// The symbols whose names start with `prefix` and end with one of
    /// `suffixes`, in table order (`.symtab` first).
    ///
    /// The suffixes are compared in the string tables' bytes, so only the
    /// matches' names are made into `String`s: a module's resilience evidence
    /// reads a few kinds of symbol among thousands of its module's.
    ///
    /// - Parameters:
    ///   - prefix: The start of the (mangled) names wanted.
    ///   - suffixes: The possible ends of the names wanted.
    /// - Returns: Every defined, named symbol whose name starts with `prefix` and ends with one of `suffixes`.
    public func symbols(withNamePrefix prefix: String, endingWithAnyOf suffixes: [String]) -> [Symbol] {
        storage.symbols(withNamePrefix: prefix, suffixes: suffixes.map { Array($0.utf8) })
    }

    /// One symbol as read, its name still in the string table (or, for a
    /// table built from symbols, in ``Storage/names``).
    struct Entry {
        static let local: UInt8 = 1
        static let absolute: UInt8 = 2
        static let function: UInt8 = 4
        static let writable: UInt8 = 8
        /// The `table` of an entry whose name is `names[nameOffset]`.
        static let namedInArray: UInt8 = .max

        var value: UInt64
        var size: UInt64
        /// The name's offset in its string table, or its index in `names`.
        var nameOffset: UInt32
        /// Which string table holds the name (`namedInArray`: none).
        var table: UInt8
        var flags: UInt8
    }

    /// A string table's bytes, in the file's mapping.
    struct StringTable: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
        let count: Int

        /// The bytes of the NUL-terminated string at `offset`, cut at the table's end.
        func bytes(at offset: Int) -> UnsafeBufferPointer<UInt8> {
            guard offset >= 0, offset < count else { return UnsafeBufferPointer(start: base, count: 0) }
            let start = base + offset
            let limit = count - offset
            var length = 0
            while length < limit, start[length] != 0 { length += 1 }
            return UnsafeBufferPointer(start: start, count: length)
        }

        /// Whether the string at `offset` starts with `prefix`.
        func hasPrefix(_ prefix: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
            guard offset >= 0, prefix.count <= count - offset else { return false }
            let start = base + offset
            for index in 0..<prefix.count where start[index] != prefix[index] { return false }
            return true
        }

        /// Whether the string at `offset` is a mapping symbol's name (`$x`, `$d`, `$a`, `$t`, optionally `.suffix`).
        func isMappingSymbol(at offset: Int) -> Bool {
            guard offset >= 0, count - offset >= 2 else { return false }
            let start = base + offset
            guard start[0] == UInt8(ascii: "$"), "xdat".utf8.contains(start[1]) else { return false }
            return count - offset == 2 || start[2] == 0 || start[2] == UInt8(ascii: ".")
        }
    }

    /// The entries, where their names are, and the open file they are read from.
    final class Storage: @unchecked Sendable {
        /// The libelf handle and file descriptor whose mapping holds the string tables.
        final class Handle: @unchecked Sendable {
            let elf: OpaquePointer
            let descriptor: Int32
            init(elf: OpaquePointer, descriptor: Int32) {
                self.elf = elf
                self.descriptor = descriptor
            }
            deinit {
                elf_end(elf)
                close(descriptor)
            }
        }

        /// Where a table's entries are.
        enum Entries {
            /// Entries made from each symbol read (or from symbols given): every position is an entry.
            case made([Entry])
            /// The file's symbol records in place: a position is an entry when its record names a wanted symbol.
            case records(SymbolRecords)
        }

        let entries: Entries
        let stringTables: [StringTable]
        let names: [String]
        /// Kept for the string tables' memory; never used after reading.
        let handle: Handle?
        /// How many positions there are (entries, and records that are none).
        let count: Int
        private let all = Mutex<[Symbol]?>(nil)
        /// The entries grouped by their names' first bytes, for long prefixes.
        private let prefixIndex = NamePrefixIndex()

        init(entries: Entries, stringTables: [StringTable], names: [String], handle: Handle?) {
            self.entries = entries
            self.stringTables = stringTables
            self.names = names
            self.handle = handle
            switch entries {
            case .made(let made): count = made.count
            case .records(let records): count = records.count
            }
        }

        /// The entry at `position` (below ``count``), nil when the record there names no wanted symbol.
        func entry(at position: Int) -> Entry? {
            switch entries {
            case .made(let made): return position < made.count ? made[position] : nil
            case .records(let records): return records.entry(at: position, names: stringTables)
            }
        }

        /// Calls `body` with every entry and its position, in position (table) order.
        func forEachEntry(_ body: (Int, Entry) -> Void) {
            switch entries {
            case .made(let made):
                for (position, entry) in made.enumerated() { body(position, entry) }
            case .records(let records):
                for position in 0..<records.count {
                    if let entry = records.entry(at: position, names: stringTables) { body(position, entry) }
                }
            }
        }

        /// The name of `entry`.
        func name(of entry: Entry) -> String {
            guard entry.table != Entry.namedInArray else { return names[Int(entry.nameOffset)] }
            return String(decoding: stringTables[Int(entry.table)].bytes(at: Int(entry.nameOffset)), as: UTF8.self)
        }

        /// The symbol of `entry`, its name made into a `String`.
        func symbol(of entry: Entry) -> Symbol {
            Symbol(
                name: name(of: entry), value: entry.value, size: entry.size,
                isLocal: entry.flags & Entry.local != 0, isAbsolute: entry.flags & Entry.absolute != 0,
                isFunction: entry.flags & Entry.function != 0, isWritable: entry.flags & Entry.writable != 0)
        }

        /// Every symbol, made once.
        func allSymbols() -> [Symbol] {
            all.withLock { all in
                if let all { return all }
                var made: [Symbol] = []
                forEachEntry { _, entry in made.append(symbol(of: entry)) }
                all = made
                return made
            }
        }

        /// The symbols whose names start with `prefix`, in table order.
        ///
        /// Class doubles look their members up this way in every image at
        /// each construction. A prefix of ``NamePrefixIndex/hashedBytes`` or
        /// more reads only the entries its index names; a shorter one reads
        /// every entry. Either loop reads entries and names through
        /// `UnsafePointer`s, whose subscripts are inlined even in the debug
        /// builds tests usually are. Only the matches become `String`s.
        func symbols(withNamePrefix prefix: String, suffixes: [[UInt8]]?) -> [Symbol] {
            var found: [Entry] = []
            let wanted = Array(prefix.utf8)
            let namedInArray = Entry.namedInArray
            let ends = NameEnds(suffixes)
            wanted.withUnsafeBufferPointer { wanted in
                let candidates = prefixIndex.candidates(for: wanted, in: self)
                stringTables.withUnsafeBufferPointer { tables in
                    let wantedCount = wanted.count
                    let wantedBase = wanted.baseAddress ?? UnsafePointer(bitPattern: 1)!
                    // A prefix of 8 bytes or more is first compared as one word: most names differ in it.
                    let head = wantedCount >= 8 ? UnsafeRawPointer(wantedBase).loadUnaligned(as: UInt64.self) : nil
                    /// Whether the name at `name`, with `limit` bytes of its table from there (at least
                    /// `wantedCount`), starts with the prefix and has a wanted end.
                    @inline(__always)
                    func isWanted(_ name: UnsafePointer<UInt8>, limit: Int) -> Bool {
                        var byte = 0
                        if let head {
                            // `wantedCount` (8 or more) bytes are in the table from `name`.
                            guard UnsafeRawPointer(name).loadUnaligned(as: UInt64.self) == head else { return false }
                            byte = 8
                        }
                        while byte < wantedCount, name[byte] == wantedBase[byte] { byte += 1 }
                        guard byte == wantedCount else { return false }
                        if ends.acceptsEveryName { return true }
                        // The name's length: to its NUL, or the table's end.
                        let rest = UnsafeRawPointer(name + wantedCount)
                        let length =
                            memchr(rest, 0, limit - wantedCount).map { UnsafeRawPointer($0) - rest + wantedCount }
                            ?? limit
                        return ends.match(name, length: length)
                    }
                    /// Whether the name at `offset` of string table `table` is wanted.
                    func isWanted(table: UInt8, offset: Int) -> Bool {
                        if table == namedInArray {
                            let name = Array(names[offset].utf8)
                            guard name.starts(with: wanted) else { return false }
                            return name.withUnsafeBufferPointer { name in
                                ends.match(name.baseAddress ?? wantedBase, length: name.count)
                            }
                        }
                        guard let tableBase = tables.baseAddress, Int(table) < tables.count else { return false }
                        let strings = tableBase[Int(table)]
                        guard offset >= 0, wantedCount <= strings.count - offset else { return false }
                        return isWanted(strings.base + offset, limit: strings.count - offset)
                    }
                    switch entries {
                    case .made(let made):
                        made.withUnsafeBufferPointer { made in
                            guard let entry = made.baseAddress else { return }
                            let count = candidates?.count ?? made.count
                            var position = 0
                            while position < count {
                                defer { position += 1 }
                                let index = candidates?[position] ?? position
                                guard index < made.count,
                                    isWanted(table: entry[index].table, offset: Int(entry[index].nameOffset))
                                else { continue }
                                found.append(entry[index])
                            }
                        }
                    case .records(let records):
                        if let candidates {
                            for index in candidates {
                                guard let location = records.nameLocation(at: index),
                                    isWanted(table: location.table, offset: location.offset),
                                    let entry = records.entry(at: index, names: stringTables)
                                else { continue }
                                found.append(entry)
                            }
                            return
                        }
                        // Every record, section by section: a name's offset is the record's first word.
                        var start = 0
                        for section in records.sections {
                            defer { start += section.count }
                            guard let tableBase = tables.baseAddress, Int(section.table) < tables.count else {
                                continue
                            }
                            let strings = tableBase[Int(section.table)]
                            /// Adds the entry of the record at `index` when its name, at `name`, is wanted.
                            func consider(_ index: Int, _ name: UnsafePointer<UInt8>) {
                                guard isWanted(name, limit: strings.count - (name - strings.base)),
                                    let entry = records.entry(at: start + index, names: stringTables)
                                else { return }
                                found.append(entry)
                            }
                            if let head {
                                Self.forEachName(of: section, in: strings, holding: wantedCount, consider) {
                                    UnsafeRawPointer($0).loadUnaligned(as: UInt64.self) == head
                                }
                            } else if wantedCount > 0 {
                                let first = wantedBase[0]
                                Self.forEachName(of: section, in: strings, holding: wantedCount, consider) {
                                    $0[0] == first
                                }
                            } else {
                                Self.forEachName(of: section, in: strings, holding: 0, consider) { _ in true }
                            }
                        }
                    }
                }
            }
            return found.map { symbol(of: $0) }
        }

        /// Calls `body` with the index and name of every record of `section`
        /// whose name, in `strings`, has at least `count` bytes of the table
        /// from its start and passes `isCandidate`, in record order.
        ///
        /// The loop of a prefix lookup that reads every record: a record's
        /// name offset and the first bytes of its name are all most records
        /// cost (about ten instructions each over an executable's ~27,000).
        @inline(__always)
        private static func forEachName(
            of section: SymbolRecords.Section, in strings: StringTable, holding count: Int,
            _ body: (Int, UnsafePointer<UInt8>) -> Void, where isCandidate: (UnsafePointer<UInt8>) -> Bool
        ) {
            // A name that starts past `last` has fewer than `count` bytes of the table.
            let last = strings.count - count
            guard last >= 0 else { return }
            let stride = MemoryLayout<Elf64_Sym>.size
            var record = section.base
            var index = 0
            while index < section.count {
                let offset = Int(record.loadUnaligned(as: UInt32.self))
                if offset <= last, isCandidate(strings.base + offset) { body(index, strings.base + offset) }
                record += stride
                index &+= 1
            }
        }
    }

    /// The name lookup of a table, made on the first lookup by name and shared by copies of the table.
    private final class NameIndex: Sendable {
        private let indices = Mutex<[String: Int]?>(nil)

        func index(of name: String, in storage: Storage) -> Int? {
            indices.withLock { indices in
                if indices == nil {
                    var built: [String: Int] = [:]
                    built.reserveCapacity(storage.count)
                    storage.forEachEntry { position, entry in
                        let name = storage.name(of: entry)
                        if built[name] == nil { built[name] = position }
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
        var found: [Symbol] = []
        byAddress.forEachEntry(at: value, in: storage) { entry in
            let symbol = storage.symbol(of: entry)
            if !found.contains(where: { $0.name == symbol.name }) { found.append(symbol) }
        }
        return found
    }

    /// The sized symbol whose extent contains `value`, if any.
    ///
    /// - Parameter value: A link-time address.
    /// - Returns: The symbol starting closest below or at `value` whose size covers it.
    public func symbol(containing value: UInt64) -> Symbol? {
        let byAddress = self.byAddress.sorted(storage)
        // Every position in the order is an entry's.
        func entry(_ index: Int) -> Entry? { storage.entry(at: Int(byAddress[index])) }
        var low = 0
        var high = byAddress.count
        while low < high {
            let middle = (low + high) / 2
            if let entry = entry(middle), entry.value <= value { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0 {
            defer { index -= 1 }
            guard let entry = entry(index) else { continue }
            if entry.value == value || value < entry.value &+ entry.size { return storage.symbol(of: entry) }
            if value - entry.value > 1 << 24 { return nil }
        }
        return nil
    }
}
