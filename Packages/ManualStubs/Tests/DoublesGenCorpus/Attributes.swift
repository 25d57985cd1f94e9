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

/// Parameters with declaration attributes of their own, written before their
/// names, as the standard library's `Task.init` writes `@_inheritActorContext`.
protocol TaskLauncher: Sendable {
    func launch(
        named name: String, @_inheritActorContext _ operation: @escaping @Sendable () async -> Void
    ) -> Int
    func schedule(@_implicitSelfCapture after delay: @escaping @Sendable () -> Void)
}
