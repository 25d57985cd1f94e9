// Protocols inheriting standard-library protocols the generator knows.
protocol Described: CustomStringConvertible, Hashable {
    func detail() -> String
}

protocol Entity: Identifiable, Comparable, CustomDebugStringConvertible {
    var name: String { get }
}

protocol DomainError: Error {
    var code: Int { get }
}
