import Foundation
import SwiftMockingMacros

// More shapes from real app code.

/// Delegate-style requirements with unnamed parameters.
@Mockable
protocol ListDelegate: AnyObject {
    func list(_: String, didSelectRowAt: Int)
    func listDidReload(_: String)
    func name(name: String) -> String
}

/// Closure-typed and async properties.
@Mockable
protocol EventSource {
    var onEvent: (@Sendable (String) -> Void)? { get set }
    var latest: String { get async throws }
    var handlers: [@Sendable (Int) -> Void] { get }
}

/// A generic and a concrete overload, a tuple parameter, a sequence constraint.
@Mockable
protocol Encoder {
    func encode(_ value: Int) -> Data
    func encode<T: Encodable>(_ value: T) -> Data
    func move(to point: (x: Int, y: Int))
    func join<S: Sequence>(_ parts: S) -> String where S.Element == String
}

/// A protocol whose requirements return `Self`.
@Mockable
protocol Copyable {
    func copy() -> Self
    static func make() -> Self
}

/// A base class that app screens inherit.
class ViewController {
    var title: String?
    init() {}
}

/// A class-constrained protocol with static members, via composition.
@Mockable([.composition])
protocol Routable: ViewController {
    static var route: String { get }
    static func register(_ name: String) -> Bool
    func navigate(to path: String) async
    var isActive: Bool { get set }
}

/// Options after an argument-less attribute: the seed's generator read none
/// of them and named the mock `MockToastPresenter`; the options ask for
/// `ToastPresenterMock`.
@MainActor
@Mockable([.suffixMock])
protocol ToastPresenter {
    func show(_ message: String)
}
