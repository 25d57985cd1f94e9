import DoublesGenCore

/// The SwiftMocking effect of a method: its type name and how the runtime member forwards.
struct MockEffect {
    var isAsync: Bool
    var isThrowing: Bool

    init(_ effects: Effects) {
        isAsync = effects.isAsync
        isThrowing = effects.throwing != .none && !MockEffect.throwsNever(effects)
    }

    /// Whether the effects are `throws(Never)`: a member that cannot throw,
    /// served like one without `throws` (a `try` there would be a warning).
    static func throwsNever(_ effects: Effects) -> Bool {
        guard case .typed(let error) = effects.throwing else { return false }
        return error == "Never" || error == "Swift.Never"
    }

    /// `None`, `Throws`, `Async` or `AsyncThrows`.
    var typeName: String {
        switch (isAsync, isThrowing) {
        case (false, false): "None"
        case (false, true): "Throws"
        case (true, false): "Async"
        case (true, true): "AsyncThrows"
        }
    }

    /// `return adapt(`, `return try adaptThrowing(`, `return await adapt(` or `return try await adaptThrowing(`.
    func forwarding(qualifier: String) -> String {
        switch (isAsync, isThrowing) {
        case (false, false): "return \(qualifier)adapt("
        case (false, true): "return try \(qualifier)adaptThrowing("
        case (true, false): "return await \(qualifier)adapt("
        case (true, true): "return try await \(qualifier)adaptThrowing("
        }
    }
}
