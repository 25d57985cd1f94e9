// Types the runtime-reader tests inspect. Internal so that every test file of
// this folder can use them; names start with `RT` to stay clear of other suites.

struct RTPoint {
    var x: Int
    var y: Double
    let label: String
}

struct RTGeneric<Element> {
    var first: Element
    var count: Int
}

enum RTDirection { case north, south, east, west }

enum RTShape {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case empty
    case unknown
}

indirect enum RTTree {
    case leaf
    case node(RTTree, Int)
}

final class RTBox {
    var value: Int = 0
    var name: String = ""
}

class RTBase {}
final class RTDerived: RTBase {}

struct RTError: Error {}

protocol RTGreeter {
    func greet(_ name: String) -> String
    var volume: Int { get set }
    static func make() -> Self
    init(seed: Int)
    func fetch() async throws -> Int
}

protocol RTNamed {
    associatedtype Name
    var name: Name { get }
}

protocol RTTitled: RTNamed where Name == String {
    func title() -> String
}

protocol RTRefined: RTGreeter, RTTitled {
    func refined()
}

protocol RTObjectOnly: AnyObject {
    func ping()
}

struct RTLiveGreeter: RTGreeter {
    var volume: Int = 3
    init(seed: Int) { volume = seed }
    func greet(_ name: String) -> String { "hi \(name)" }
    static func make() -> RTLiveGreeter { RTLiveGreeter(seed: 1) }
    func fetch() async throws -> Int { volume }
}

final class RTLoudGreeter: RTGreeter {
    var volume: Int = 11
    init(seed: Int) { volume = seed }
    func greet(_ name: String) -> String { "HI \(name)" }
    static func make() -> Self { Self(seed: 2) }
    func fetch() async throws -> Int { volume }
}

struct RTGenericGreeter<T>: RTGreeter {
    var volume: Int = 0
    init(seed: Int) {}
    func greet(_ name: String) -> String { name }
    static func make() -> RTGenericGreeter<T> { RTGenericGreeter(seed: 0) }
    func fetch() async throws -> Int { 0 }
}
