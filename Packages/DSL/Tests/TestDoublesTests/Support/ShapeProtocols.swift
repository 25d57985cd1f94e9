// Protocols of every shape the runtime stub serves, each with a linked
// conformer: the conformers' witnesses describe the signatures; no test
// calls them.

struct FiveWords: Equatable, Sendable {
    var a, b, c, d, e: Int
}

enum Payload: Equatable, Sendable {
    case none
    case circle(Double)
    case rect(Int, Int)
}

struct Nothing: Equatable, Sendable {}

struct Mixed: Equatable, Sendable {
    var ratio: Float
    var small: Int8
    var flag: Bool
}

final class Token: Sendable {}

struct ParseError: Error, Equatable {
    var code: Int
}

enum LoadError: Error, Equatable {
    case missing(Int)
}

protocol Calculator {
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double
    func transform(_ value: FiveWords) -> FiveWords
    func reshape(_ shape: Payload) -> Payload
    func lookup(_ key: String?) -> String?
    func echo(_ token: Token) -> Token
    func describe(_ value: any CustomStringConvertible) -> String
    func apply(_ body: @escaping (Int) -> Int, to value: Int) -> Int
    func scale(_ vector: SIMD4<Float>) -> SIMD4<Float>
    func touch(_ nothing: Nothing, _ count: Int) -> Nothing
    func mix(_ value: Mixed) -> Mixed
}

struct LiveCalculator: Calculator {
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double { 0 }
    func transform(_ value: FiveWords) -> FiveWords { value }
    func reshape(_ shape: Payload) -> Payload { shape }
    func lookup(_ key: String?) -> String? { key }
    func echo(_ token: Token) -> Token { token }
    func describe(_ value: any CustomStringConvertible) -> String { value.description }
    func apply(_ body: @escaping (Int) -> Int, to value: Int) -> Int { body(value) }
    func scale(_ vector: SIMD4<Float>) -> SIMD4<Float> { vector }
    func touch(_ nothing: Nothing, _ count: Int) -> Nothing { nothing }
    func mix(_ value: Mixed) -> Mixed { value }
}

protocol Loader {
    func load(_ id: Int) throws -> String
    func parse(_ text: String) throws(ParseError) -> Int
    func check(_ text: String) throws(ParseError)
    func token(_ id: Int) throws -> Token
}

struct LiveLoader: Loader {
    func load(_ id: Int) throws -> String { "" }
    func parse(_ text: String) throws(ParseError) -> Int { 0 }
    func check(_ text: String) throws(ParseError) {}
    func token(_ id: Int) throws -> Token { Token() }
}

protocol Player {
    var volume: Int { get set }
    var title: String { get }
    subscript(_ track: Int) -> String { get set }
    static func make(_ seed: Int) -> Int
    init(seed: Int)
}

struct LivePlayer: Player {
    var volume = 0
    var title: String { "" }
    subscript(_ track: Int) -> String {
        get { "" }
        set {}
    }
    static func make(_ seed: Int) -> Int { seed }
    init(seed: Int) {}
}

protocol Root {
    func root() -> Int
}
protocol Left: Root {
    func left() -> Int
}
protocol Right: Root {
    func right() -> Int
}
protocol Bottom: Left, Right {
    func bottom() -> Int
}

struct LiveBottom: Bottom {
    func root() -> Int { 0 }
    func left() -> Int { 0 }
    func right() -> Int { 0 }
    func bottom() -> Int { 0 }
}

protocol Named {
    var name: String { get }
}
protocol Aged {
    func age(at year: Int) -> Int
}
struct LivePerson: Named, Aged {
    var name: String { "" }
    func age(at year: Int) -> Int { year }
}

protocol Counter: AnyObject {
    func next(after value: Int) -> Int
}
final class LiveCounter: Counter {
    func next(after value: Int) -> Int { value + 1 }
}
