@MainActor
protocol Presenter {
    func present(_ title: String)
    var isPresenting: Bool { get }
}

/// A public protocol: its conformer is still internal.
public protocol PublicService: Sendable {
    func ping() async -> Bool
}

protocol Availability {
    @available(*, deprecated, message: "use newCall()")
    func oldCall()
    func newCall()
    @discardableResult
    func update() -> Bool
}

protocol Isolation: Sendable {
    nonisolated func identifier() -> String
    func work() async
}
