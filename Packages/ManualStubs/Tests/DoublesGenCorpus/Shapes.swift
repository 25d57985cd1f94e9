protocol Cloneable: AnyObject {
    func clone() -> Self
    static func make() -> Self
    init(seed: Int)
    var label: String { get async throws }
    static var count: Int { get set }
    subscript(index: Int) -> Int { get set }
}

protocol ClassStore<Element>: AnyObject {
    associatedtype Element: Sendable
    func put(_ element: Element) async throws(LoadError)
    static func empty() -> Self
}

@MainActor
protocol ScreenDelegate: AnyObject {
    func screenDidAppear(_ animated: Bool)
    static var shared: Int { get }
}

protocol Packs {
    func all<each T>(_ values: repeat each T) -> Int
}

protocol Shadowing {
    func configure(stub: Int, function: String) -> Bool
    subscript(stub: String) -> Int { get set }
}

protocol TypedSubscript {
    subscript(key: String) -> Int { get throws(LoadError) }
    subscript(async key: Int) -> Int { get async throws(LoadError) }
}

protocol Nodes {
    func link(_ node: Node, to other: Node?) -> [Node]
    func visit(_ nodes: Node..., depth: inout Int) throws
}

protocol Ownership {
    func take(_ item: consuming Item) -> Int
    func look(at item: borrowing Item) -> Int
    func send(_ item: sending Item) async
}

protocol Queue<Element> {
    associatedtype Element: Equatable
    func push(_ element: Self.Element)
    func pop() -> Element?
    func drain<E: Error>(throwing error: E.Type) throws(E) -> [Self.Element]
}

/// A `~Copyable` value borrowed and consumed: the generated conformer records a marker in its place.
struct Ticket: ~Copyable {
    let id: Int
}

protocol TicketDesk {
    func use(_ ticket: borrowing Ticket) -> Int
    func take(_ ticket: consuming Ticket, note: String)
}
