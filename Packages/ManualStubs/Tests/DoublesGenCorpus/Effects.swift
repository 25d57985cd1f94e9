protocol TypedThrows {
    func load(id: Int) throws(LoadError) -> Item
    func save(_ item: Item) throws(LoadError)
}

protocol AsyncService {
    func refresh() async
    func fetch(id: Int) async -> Item
    func upload(_ data: [UInt8]) async throws(NetworkError) -> Bool
}

protocol Rethrowing {
    func map(_ transform: (Int) throws -> Int) rethrows -> [Int]
}

protocol Callbacks {
    func load(completion: @escaping @Sendable (Result<Item, LoadError>) -> Void)
    func observe(_ handler: @escaping (Int) -> Void) -> Int
    func optionalHandler(_ handler: ((String) -> Void)?)
}

protocol NonEscaping {
    func perform(_ work: () -> Void)
    func withValue(_ value: Int, body: (Int) throws -> Void) throws
}

protocol Autoclosures {
    func check(_ condition: @autoclosure () -> Bool, message: String)
}

protocol Compositions {
    func accept(_ value: any CustomStringConvertible & Sendable)
    func pair() -> (Int, String)
    func named() -> (first: Int, second: String)
    func some(_ values: some Collection<Int>) -> Int
    func matrix(_ rows: [[Double]]) -> [Double]
}

protocol Operators {
    static func == (lhs: Self, rhs: Self) -> Bool
    static func + (lhs: Self, rhs: Int) -> Self
}

typealias Completion = (Result<Item, LoadError>) -> Void

protocol AliasedClosures {
    func run(_ body: Completion) -> Int
    func store(_ body: @escaping Completion)
}
