import Foundation
import SwiftMockingMacros

// Requirement shapes real app protocols have that the first file does not.

/// A model with an identity.
struct Note: Codable, Identifiable, Equatable, Sendable {
    var id: UUID
    var body: String
}

/// An associated type with several constraints and a default.
@Mockable
protocol ModelStore {
    associatedtype Model: Identifiable, Codable, Sendable
    associatedtype Query = String
    func fetch(_ query: Query) async throws -> [Model]
    func model(id: Model.ID) -> Model?
    func upsert(_ models: [Model]) throws
}

/// A value-type-friendly protocol with a `mutating` requirement.
@Mockable
protocol Counter {
    mutating func increment(by amount: Int)
    var value: Int { get }
}

/// Attributes on requirements, closures returning closures, existentials.
@Mockable
protocol Coordinator {
    @discardableResult
    func start(animated: Bool) -> Bool
    @MainActor func updateUI(_ title: String)
    func makeHandler() -> @Sendable (Int) -> String
    func register(_ observer: any CustomStringConvertible & Sendable)
    func report(_ error: any Error)
    func perform(_ block: @escaping @MainActor @Sendable () -> Void)
    func fetchAll() async -> Result<[Note], NetworkError>
}

/// Generic subscripts, throwing and failable initializers, `Self` metatypes.
@Mockable
protocol Decoder {
    init?(data: Data)
    init(path: String) throws
    subscript<T: Decodable>(key: String) -> T? { get }
    func decode(_ type: Note.Type) throws -> Note
}

/// Overloads that differ only by result type, and keyword-named members.
@Mockable
protocol Converter {
    func value(for key: String) -> Int
    func value(for key: String) -> String
    func search(in range: Range<Int>, `default`: Int) -> [Int]
    var `class`: String { get }
}

/// A main-actor protocol with a nonisolated requirement.
@Mockable
@MainActor
protocol ScreenTracker {
    func didAppear(_ screen: String)
    nonisolated func identifier() -> String
    var visibleScreens: [String] { get set }
}

/// A shopping cart, shared by reference.
final class Cart: Sendable {
    let items: [String]
    init(items: [String]) { self.items = items }
}

/// A checkout service: three-argument methods for precedence, references for
/// identity matchers, a non-defaultable result.
@Mockable
protocol Checkout {
    func price(item: String, quantity: Int, region: String) throws -> Double
    func total(of cart: Cart, discount: Double) -> Double
    func receipt(for cart: Cart) -> Note
    func submit(_ cart: Cart) async throws -> String
    func events() -> [String: Int]
    func tier(for cart: Cart) -> Tier
    func quote(_ item: String) throws -> Note
}

/// A customer tier: an enum with cases and no registered default.
enum Tier: CaseIterable, Sendable {
    case basic, gold
}
