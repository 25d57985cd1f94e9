import CTestDoublesElf

extension ELFSymbolTable {
    /// The symbol records of a file's tables, read where libelf holds them
    /// (the file's mapping), without copying them into entries.
    ///
    /// An executable's `.symtab` holds ~27,000 records: copied into an array
    /// of entries they took ~650 KB of fresh memory, whose page faults (~3 µs
    /// a page on a virtual machine) were a tenth of a process's first `Stub`
    /// construction. Read in place, they cost only the file's pages, which
    /// the kernel maps in runs from its page cache. A record that names no
    /// wanted symbol (see ``ELFSymbolTable/entry(of:table:names:writableSections:)``)
    /// stays in place and is no entry: positions are record indices, `.symtab`'s
    /// first.
    struct SymbolRecords: @unchecked Sendable {
        /// One table's records: `count` 64-bit entries in memory form at `base`.
        struct Section {
            let base: UnsafeRawPointer
            let count: Int
            /// Which of the table's string tables holds the names.
            let table: UInt8
        }

        /// The tables, `.symtab` first, each in section order.
        let sections: [Section]
        /// Whether each section of the file, by index, is writable.
        let writableSections: [Bool]
        /// How many records there are in all.
        let count: Int

        init(sections: [Section], writableSections: [Bool]) {
            self.sections = sections
            self.writableSections = writableSections
            self.count = sections.reduce(0) { $0 + $1.count }
        }

        /// The record at `position` (below `count`) and its table.
        @inline(__always)
        private func record(at position: Int) -> (symbol: Elf64_Sym, table: UInt8)? {
            var index = position
            for section in sections {
                if index < section.count {
                    let symbol = section.base.loadUnaligned(
                        fromByteOffset: index &* MemoryLayout<Elf64_Sym>.size, as: Elf64_Sym.self)
                    return (symbol, section.table)
                }
                index -= section.count
            }
            return nil
        }

        /// Where a record's value (`st_value`) is, in bytes from the record's start: after its name
        /// offset (4 bytes), type and binding, visibility (1 each) and section index (2), as the ELF-64
        /// format lays `Elf64_Sym` out.
        static let valueOffset = 8

        /// Where the name of the record at `position` is: its string table and offset (nil past the end).
        ///
        /// Cheaper than ``entry(at:names:)``: prefix scans compare the name first.
        func nameLocation(at position: Int) -> (table: UInt8, offset: Int)? {
            guard let (symbol, table) = record(at: position) else { return nil }
            return (table, Int(symbol.st_name))
        }

        /// The entry of the record at `position`, nil when it names no wanted symbol.
        func entry(at position: Int, names: [StringTable]) -> Entry? {
            guard let (symbol, table) = record(at: position), Int(table) < names.count else { return nil }
            return ELFSymbolTable.entry(
                of: symbol, table: table, names: names[Int(table)], writableSections: writableSections)
        }
    }
}
