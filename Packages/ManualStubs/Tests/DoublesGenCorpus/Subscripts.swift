protocol Grid {
    subscript(row: Int, column: Int) -> Double { get set }
    subscript(point: Point) -> Double { get }
}

protocol Lookup {
    subscript<K: Hashable>(key: K) -> String? { get }
    subscript(labelled name: String) -> Int { get set }
}

protocol StaticTable {
    static subscript(index: Int) -> String { get }
}

protocol AsyncCells {
    subscript(index: Int) -> String { get async throws }
}
