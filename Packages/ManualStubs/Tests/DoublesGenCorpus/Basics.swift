/// The spec's own example.
protocol PriceService {
    var currency: String { get set }
    func price(_ item: String) throws -> Int
    func load(id: Int) async throws(LoadError) -> Item
    subscript(index: Int) -> String { get }
    static func make() -> Int
}

protocol FeatureFlags {
    func isEnabled(_ flag: String, for userID: Int) -> Bool
}

protocol FeedLoader {
    func loadFeed() async throws -> [String]
}

protocol Translator {
    func translate(_ key: String) -> String
}

protocol Clock {
    func start()
    func stop() -> Void
    func reset() -> ()
    func now() -> Double
}

protocol Logger {
    func log(_ messages: String..., level: Int)
    func append(to buffer: inout [String], _ line: String)
}

protocol Counter {
    mutating func increment(by amount: Int)
    var count: Int { get }
}

protocol Formatter {
    func format<T: CustomStringConvertible>(_ value: T) -> String
    func join<S: Sequence>(_ values: S, separator: String) -> String where S.Element == String
}

protocol Analytics {
    func track(event: String, value: Int)
    func track(_ event: String)
    func flush(_: Bool)
}

protocol Overloads {
    func fetch(id: Int) -> User
    func fetch(id: String) -> User
    func fetch(name: String) -> User?
}

/// Parameters named with Swift keywords, which the body reads in backticks.
protocol KeywordNames {
    func image(for: String) -> Int
    func convert(_ in: Int, as: String) -> String
    subscript(default: Int) -> String { get set }
}
