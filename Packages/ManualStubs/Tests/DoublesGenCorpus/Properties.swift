protocol Settings {
    var volume: Int { get set }
    var name: String { get }
    var tags: [String: Int] { get set }
    var nickname: String? { get }
}

protocol Session {
    var token: String { get async throws }
    var user: User { get async }
    var expired: Bool { get throws }
}

protocol TypedGetter {
    var item: Item { get throws(LoadError) }
    var current: Item { get async throws(LoadError) }
}

protocol StaticConfig {
    static var environment: String { get set }
    static var version: Int { get }
    static func configure(with values: [String])
    static func reset() throws
}
