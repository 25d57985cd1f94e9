import Testing

@testable import TestDoublesMetadata

/// The name lookup is built on the first lookup by name, not when the table is read.
@Suite struct ELFSymbolTableNameIndexTests {
    static func symbol(_ name: String, at value: UInt64) -> ELFSymbolTable.Symbol {
        ELFSymbolTable.Symbol(name: name, value: value, size: 4, isLocal: true, isAbsolute: false, isFunction: true)
    }

    @Test func theFirstSymbolOfANameWinsInEveryCopy() {
        let table = ELFSymbolTable(
            symbols: [Self.symbol("a", at: 16), Self.symbol("b", at: 32), Self.symbol("a", at: 48)],
            hasStaticSymbolTable: true)
        let copy = table
        #expect(copy.symbol(named: "a")?.value == 16)
        #expect(table.symbol(named: "a")?.value == 16)
        #expect(table.symbol(named: "b")?.value == 32)
        #expect(table.symbol(named: "c") == nil)
        #expect(table.symbols(at: 48).map(\.name) == ["a"])
    }

    @Test func concurrentFirstLookupsAgree() async {
        let symbols = (0..<2_000).map { Self.symbol("s\($0)", at: UInt64($0) * 8) }
        let table = ELFSymbolTable(symbols: symbols, hasStaticSymbolTable: true)
        let found = await withTaskGroup(of: [UInt64?].self) { group in
            for task in 0..<8 {
                group.addTask { (0..<250).map { table.symbol(named: "s\(task * 250 + $0)")?.value } }
            }
            var all: [UInt64?] = []
            for await part in group { all += part }
            return all
        }
        #expect(found.count == 2_000)
        #expect(Set(found.compactMap { $0 }) == Set((0..<2_000).map { UInt64($0) * 8 }))
    }
}
