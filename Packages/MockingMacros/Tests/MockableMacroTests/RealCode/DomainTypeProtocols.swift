import Foundation
import SwiftMockingMacros

// App domain types whose names SwiftMocking also uses, and non-Sendable
// arguments in async requirements.

/// An app's own `Effect`, as architectures with reducers declare one.
struct Effect: Equatable, Sendable {
    var name: String
}

/// An app's own `Action`.
enum Action: Equatable, Sendable {
    case refresh, logout
}

/// A mutable, non-Sendable request.
final class MutableRequest {
    var path: String
    init(path: String) { self.path = path }
}

/// A store whose requirements use the app's `Effect` and `Action`, a
/// non-Sendable argument of an async method, a main-actor closure with an
/// `inout` parameter, and `callAsFunction`.
@Mockable
protocol ReducerStore {
    func send(_ action: Action) -> Effect
    func run(_ effect: Effect) async
    func perform(_ request: MutableRequest) async throws -> Int
    func configure(with block: @escaping @MainActor (inout [String]) -> Void)
    func callAsFunction(_ action: Action) -> Bool
}
