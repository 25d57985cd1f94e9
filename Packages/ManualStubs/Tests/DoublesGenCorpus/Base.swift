// Inheritance across two files: the bases live here, Account in Derived.
protocol Identified {
    var id: String { get }
    func describe() -> String
}

protocol Resource {
    var url: String { get }
    func fetch() async throws -> [UInt8]
    func describe() -> String
}
