import SwiftMockingMacros

// An app module whose own types are named like SwiftMocking's. Declared in
// the module, they shadow the imported ones for every unqualified use, so a
// mock that wrote `Interaction<…>` or `Spy<…>` would name these instead.

/// An analytics event a user performed.
struct Interaction: Equatable, Sendable {
    var name: String
}

/// A feature that watches a screen for analytics.
struct Spy: Sendable {
    var screen: String
}

/// A validation rule of the app's forms.
struct ArgMatcher: Sendable {
    var pattern: String
}

/// The app's effect type, as a reducer library names one.
enum Async: Sendable {
    case none
}

/// A dependency whose mock uses every generated shape: methods of each
/// effect, a read-only and a settable property, a settable subscript.
@Mockable
protocol InteractionLog {
    func record(_ interaction: Interaction) -> Bool
    func recent(limit: Int) async throws -> [Interaction]
    var lastScreen: String { get }
    var isEnabled: Bool { get set }
    subscript(index: Int) -> Interaction? { get set }
    static func shared() -> Int
}

/// A requirement named like `Mock.clear()` gives the composed shape.
@Mockable
protocol InteractionCache {
    func clear()
    func count() -> Int
    static var limit: Int { get }
}
