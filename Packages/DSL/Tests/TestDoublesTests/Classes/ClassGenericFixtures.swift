import Foundation

/// A record the generic members of the fixtures below are called with.
struct CDItem: Codable, Equatable, Sendable {
    var id: Int
    var title: String
}

/// A class with methods of every effect, a property, a subscript and
/// generic methods (their own generic parameters, constrained and not).
class CDCatalog {
    private(set) var conversions = 0
    var title: String

    init(title: String) {
        self.title = title
    }

    func count() -> Int { 3 }

    func item(at index: Int) throws -> CDItem {
        guard index >= 0 else { throw CDError.refused(index) }
        return CDItem(id: index, title: title)
    }

    func refresh() async -> Bool { true }

    func download(_ id: Int) async throws -> CDItem {
        guard id > 0 else { throw CDError.offline }
        return CDItem(id: id, title: "downloaded")
    }

    subscript(index: Int) -> String {
        get { "\(title) \(index)" }
        set { title = newValue }
    }

    func convert<T: Codable>(_ value: T) -> T {
        conversions += 1
        return value
    }

    func describe<T>(_ value: T) -> String { "value \(value)" }

    func pair<K: Hashable, V>(_ key: K, _ value: V) -> [K: V] { [key: value] }

    func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    func load<T: Codable & Sendable>(_ type: T.Type, id: Int) async -> T? { nil }

    func fetch<T: Decodable & Sendable>(_ type: T.Type, id: Int) async throws -> T {
        throw CDError.refused(id)
    }
}

/// A generic method whose signature constrains an associated type of its
/// generic parameter (one more hidden witness table).
class CDIndexer {
    init() {}

    func firstKey<C: Collection>(_ values: C) -> Int where C.Element: Hashable { values.count }
}
