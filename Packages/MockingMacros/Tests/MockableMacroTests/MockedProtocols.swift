import SwiftMockingMacros

// Protocols mocked by `@Mockable` in this target. `MockableExpansionTests`
// reads this file and expands each one again, in process, to compare the
// macro's output with `mockable`'s.

struct Item: Equatable, Sendable { var id: Int }
struct LoadError: Error, Equatable { var code: Int }

/// Every effect a method can have.
@Mockable
protocol Catalog {
    func count() -> Int
    func price(_ item: String) throws -> Int
    func refresh() async
    func items(page: Int) async throws -> [Item]
    func load(id: Int) throws(LoadError) -> Item
    func upload(_ item: Item) async throws(LoadError) -> Bool
}

/// Read-only and settable properties, one of them async.
@Mockable
protocol Settings {
    var username: String { get set }
    var isPremium: Bool { get }
    var quota: Int { get async throws }
}

/// Subscripts, read-only and settable.
@Mockable
protocol Grid {
    subscript(row: Int, column: Int) -> Double { get set }
    subscript(name: String) -> Int? { get }
}

/// Static members.
@Mockable
protocol Environment {
    static var stage: String { get set }
    static func configure(with values: [String])
}

/// Initializers, plain and throwing.
@Mockable
protocol Connection {
    init(host: String)
    init(url: String) throws
    var host: String { get }
}

/// Method-level generics.
@Mockable
protocol Formatter {
    func format<T: CustomStringConvertible>(_ value: T) -> String
    func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T
}

/// Associated types: the mock is generic.
@Mockable
protocol Store<Element> {
    associatedtype Element
    func load() -> [Element]
    func save(_ element: Element)
}

/// A base class a protocol is constrained to.
class BaseController {
    var title = "base"
    init() {}
}

/// A class constraint: the composed mock leaves its superclass slot to the class.
@Mockable([.composition])
protocol Screen: BaseController {
    func render(page: Int) -> String
    var isVisible: Bool { get set }
}

/// Named with a suffix.
@Mockable([.suffixMock])
protocol Thermostat {
    func setTarget(_ celsius: Double)
    func current() -> Double
}

/// Closures, variadics and `inout`.
@Mockable
protocol EventLog {
    func log(_ messages: String..., level: Int)
    func append(to buffer: inout [String], _ line: String)
    func observe(_ handler: @escaping @Sendable (Int) -> Void) -> Int
}

/// Isolated to the main actor.
@Mockable
@MainActor
protocol Presenter {
    func present(_ title: String)
    var isPresenting: Bool { get }
}

/// Class-bound with a settable property.
@Mockable
protocol Delegate: AnyObject {
    func didFinish(_ result: Int)
    var isActive: Bool { get set }
}
