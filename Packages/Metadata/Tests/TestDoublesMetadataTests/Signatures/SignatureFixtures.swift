// Fixture protocols and conformers whose witness thunks the signature tests
// read back from this test binary. Each protocol covers one family of the
// conformance lab's catalog (ConformanceLab/Sources/LabCore/Catalog).

/// A struct of two words.
struct FixtureSmall: Equatable { var a: Int32, b: Int32 }
/// A struct mixing integer and floating-point fields.
struct FixtureMixed: Equatable { var a: Int, b: Double, c: Float }
/// A struct too large for registers.
struct FixtureLarge: Equatable { var a, b, c, d, e, f: Int }
/// A zero-sized struct.
struct FixtureEmpty: Equatable {}
/// An enum without payloads.
enum FixtureDirection: Equatable { case north, south }
/// An enum with payloads.
enum FixtureShape: Equatable { case circle(Double), square(Int), none }
/// A class.
final class FixtureBox {}
/// A typed error.
struct FixtureError: Error, Equatable { var code: Int }

protocol FixtureIntegers {
    func widths(_ a: Int8, _ b: Int16, _ c: Int32, _ d: Int64, _ e: Int) -> UInt8
    func unsigned(_ a: UInt8, b: UInt16, c: UInt32, d: UInt64, e: UInt) -> Int64
}

protocol FixtureScalars {
    func flag(_ value: Bool) -> Bool
    func floats(_ f: Float, d: Double) -> Double
    func text(_ s: String, c: Character) -> String
    func nothing()
}

protocol FixtureCollections {
    func array(_ a: [Int]) -> [String]
    func dictionary(_ d: [String: Int]) -> Set<Int>
    func optionals(_ a: Int?, b: String?) -> [Int]?
}

protocol FixtureAggregates {
    func direction(_ d: FixtureDirection) -> FixtureShape
    func structs(_ s: FixtureSmall, m: FixtureMixed, l: FixtureLarge) -> FixtureEmpty
    func box(_ b: FixtureBox) -> FixtureBox?
    func simd(_ v: SIMD4<Float>) -> SIMD2<Double>
}

protocol FixtureHigherOrder {
    func existential(_ e: any CustomStringConvertible, _ c: any Equatable & Sendable) -> Any
    func closure(_ f: @escaping (Int) -> String, g: (String) throws -> Void) -> () -> Void
    func tuple(_ t: (Int, String), named: (x: Double, y: Float)) -> (a: Int, b: Bool)
    func metatypes(_ t: Int.Type, _ p: any CustomStringConvertible.Type) -> FixtureBox.Type
    func ownership(_ a: inout Int, b: __owned String, c: __shared [Int], d: Int...)
    func generic<T: Equatable>(_ value: T, count: Int) -> [T]
}

protocol FixtureEffects {
    func throwing() throws -> Int
    func typed() throws(FixtureError) -> String
    func asynchronous(_ x: Int) async -> Int
    func both(_ s: String) async throws -> [String]
    func asyncTyped() async throws(FixtureError)
    var loading: Int { get async }
    subscript(slot slot: Int) -> FixtureLarge { get async throws }
}

protocol FixtureMembers {
    var readOnly: Int { get }
    var readWrite: String { get set }
    subscript(index: Int) -> Double { get }
    subscript(key: String, fallback: Int) -> Int { get set }
    static func make(seed: UInt32) -> Self
    static var shared: Int { get }
    init(value: Int, label: String)
}

protocol FixtureBase {
    func base(_ x: Int) -> Int
}

protocol FixtureDerived: FixtureBase {
    func derived(_ s: String) -> Bool
}

protocol FixtureOther {
    func other() -> Character
}

typealias FixtureComposition = FixtureDerived & FixtureOther

struct FixtureConformer: FixtureIntegers, FixtureScalars, FixtureCollections, FixtureAggregates,
    FixtureHigherOrder, FixtureEffects, FixtureMembers, FixtureComposition
{
    init() {}
    init(value: Int, label: String) {}

    func widths(_ a: Int8, _ b: Int16, _ c: Int32, _ d: Int64, _ e: Int) -> UInt8 { 0 }
    func unsigned(_ a: UInt8, b: UInt16, c: UInt32, d: UInt64, e: UInt) -> Int64 { 0 }

    func flag(_ value: Bool) -> Bool { value }
    func floats(_ f: Float, d: Double) -> Double { d }
    func text(_ s: String, c: Character) -> String { s }
    func nothing() {}

    func array(_ a: [Int]) -> [String] { [] }
    func dictionary(_ d: [String: Int]) -> Set<Int> { [] }
    func optionals(_ a: Int?, b: String?) -> [Int]? { nil }

    func direction(_ d: FixtureDirection) -> FixtureShape { .none }
    func structs(_ s: FixtureSmall, m: FixtureMixed, l: FixtureLarge) -> FixtureEmpty { FixtureEmpty() }
    func box(_ b: FixtureBox) -> FixtureBox? { b }
    func simd(_ v: SIMD4<Float>) -> SIMD2<Double> { .zero }

    func existential(_ e: any CustomStringConvertible, _ c: any Equatable & Sendable) -> Any { 0 }
    func closure(_ f: @escaping (Int) -> String, g: (String) throws -> Void) -> () -> Void { {} }
    func tuple(_ t: (Int, String), named: (x: Double, y: Float)) -> (a: Int, b: Bool) { (0, false) }
    func metatypes(_ t: Int.Type, _ p: any CustomStringConvertible.Type) -> FixtureBox.Type { FixtureBox.self }
    func ownership(_ a: inout Int, b: __owned String, c: __shared [Int], d: Int...) {}
    func generic<T: Equatable>(_ value: T, count: Int) -> [T] { [] }

    func throwing() throws -> Int { 0 }
    func typed() throws(FixtureError) -> String { "" }
    func asynchronous(_ x: Int) async -> Int { x }
    func both(_ s: String) async throws -> [String] { [] }
    func asyncTyped() async throws(FixtureError) {}
    var loading: Int { get async { 0 } }
    subscript(slot slot: Int) -> FixtureLarge { get async throws { throw FixtureError(code: slot) } }

    var readOnly: Int { 0 }
    var readWrite: String = ""
    subscript(index: Int) -> Double { 0 }
    subscript(key: String, fallback: Int) -> Int {
        get { fallback }
        set {}
    }
    static func make(seed: UInt32) -> FixtureConformer { FixtureConformer() }
    static var shared: Int { 0 }

    func base(_ x: Int) -> Int { x }
    func derived(_ s: String) -> Bool { false }
    func other() -> Character { "a" }
}

/// A generic conformer: its witness thunks carry the conformance's generic signature.
struct FixtureGenericConformer<Element>: FixtureBase {
    var element: Element
    func base(_ x: Int) -> Int { x }
}

/// A class-bound protocol.
protocol FixtureClassBound: AnyObject {
    func reference(_ box: FixtureBox) -> Int
}

/// A class conformer.
final class FixtureClassConformer: FixtureClassBound {
    func reference(_ box: FixtureBox) -> Int { 0 }
}

/// A protocol with an associated type and `Self` in parameter position.
protocol FixtureAssociated {
    associatedtype Item
    func item() -> Item
    func take(_ item: Item, into other: inout Self) -> Bool
}

extension FixtureConformer: FixtureAssociated {
    func item() -> Int { 0 }
    func take(_ item: Int, into other: inout FixtureConformer) -> Bool { false }
}

/// A conformer whose non-ASCII name is mangled with Punycode.
struct FixtureCafé: FixtureBase {
    func base(_ x: Int) -> Int { x }
}
