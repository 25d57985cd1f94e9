import Foundation
import TestDoublesMacros

// More requirement shapes app protocols use, each under `@Stubbable`.

/// A `@MainActor` view model's dependency with a settable property and an
/// identifier that opts out of the isolation.
@MainActor
@Stubbable
protocol ProfileDependencies {
    nonisolated func identifier() -> String
    var title: String { get set }
    func load() async throws -> [String]
}

/// Async getters, an async subscript, a requirement isolated on its own and
/// requirements mentioning `Self`.
@Stubbable
protocol Document: Sendable {
    @MainActor func present(_ message: String)
    subscript(page: Int) -> String { get async throws }
    var pageCount: Int { get async }
    func isSameDocument(as other: Self) -> Bool
    func duplicate() -> Self
}

/// A store with a defaulted associated type and a typed error it names.
@Stubbable
protocol ItemStore<Item>: AnyObject {
    associatedtype Item: Sendable = String
    associatedtype Failure: Error
    func load() throws(Failure) -> [Item]
    func updates() -> AsyncStream<Item>
}

/// Hashable: the conformer compares by its controller.
@Stubbable
protocol Session: Hashable {
    func token() -> String
}

/// Generic methods with `where` clauses, closures over generic parameters,
/// a `Result` callback, collections and tuples.
@Stubbable
protocol Transformer {
    func decode<T>(_ data: Data) throws -> T where T: Decodable
    func map<T, U>(_ value: T, _ transform: @escaping (T) -> U) -> U
    func fetch(_ done: @escaping @Sendable (Result<Data, any Error>) -> Void)
    func options(_ set: Set<String>, _ map: [String: [Int]], _ pair: (Int, String)) -> (Int, String)?
}
