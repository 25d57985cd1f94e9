import Foundation
import SwiftMockingMacros

// Pre-concurrency and generic-endpoint shapes from older app code.

/// A typed endpoint, as networking layers declare them.
struct Endpoint<Response: Decodable>: Equatable, Sendable {
    var path: String
}

/// Completion handlers without `@Sendable`, labelled closure parameters,
/// generic endpoints and closure-typed settable properties.
@Mockable
protocol LegacyAPI {
    func fetch(completion: @escaping (Result<[Note], any Error>) -> Void)
    func load(completion: ((_ data: Data?, _ error: (any Error)?) -> Void)?)
    func request<T: Decodable>(_ endpoint: Endpoint<T>) async throws -> T
    var onLogout: @Sendable () -> Void { get set }
    var delegate: AnyObject? { get set }
    func run() async throws -> ()
}

/// Overloads by effect, closure-transforming generics, throwing getters and
/// an associated type inside closure parameters.
@Mockable
protocol Observable<Value> {
    associatedtype Value
    func current() -> Value
    func current() async -> Value
    func observe(_ handler: @escaping (Value) -> Void) -> Int
    func map<T>(_ transform: @escaping (Value) -> T) -> [T]
    var version: Int { get throws }
}
