// Shapes the original generator mocks wrongly or not at all.

/// Two methods that differ only by argument labels: separate spies.
protocol UserLookup {
    func fetch(id: String) -> String
    func fetch(name: String) -> String
}

/// The seed's CLI example.
protocol P {
    func price(_ item: String) throws -> Int
}

/// Every effect, a settable property and a static member.
protocol Inventory: Sendable {
    func count(of item: String) -> Int
    func reserve(_ item: String, quantity: Int) throws -> Bool
    func restock() async
    func audit(since day: Int) async throws -> [String]
    var location: String { get set }
    static func shared() -> String
}
