// Fixture classes for the vtable reader. Their members are declared in the
// order the tests expect their slots, so keep that order when editing.

class CVSession {
    var count = 0
    let name: String

    init(name: String) { self.name = name }

    func fetch(_ key: Int) -> Int { key + count }

    func load(from path: String) async throws -> String { path + name }

    var title: String { "session \(name)" }

    subscript(index: Int) -> Int {
        get { index * 2 }
        set { count = newValue - index }
    }

    final func sealed() -> Int { 1 }

    class func make() -> Int { 7 }

    func echo<T>(_ value: T) -> T { value }
}

extension CVSession {
    func extended() -> Int { 2 }
}

final class CVFinal {
    func answer() -> Int { 42 }
}

class CVDerived: CVSession {
    override func fetch(_ key: Int) -> Int { -key }

    override var title: String { "derived" }

    func extra() -> String { "extra" }
}

class CVGeneric<Element> {
    var stored: Element?

    init() {}

    func first(of values: [Element]) -> Element? { values.first }
}

class CVGenericDerived: CVGeneric<Int> {
    override func first(of values: [Int]) -> Int? { values.last }
}
