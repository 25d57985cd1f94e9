import TestDoubles
import Testing

// Tuple parameters (issue 19): labeled, nested and `()`, in every effect and requirement kind. The
// witness receives a tuple as one argument per element; the handler receives the whole tuple.

struct TupleRefusal: Error, Equatable {
    let code: Int
}

protocol TupleTaking {
    func sum(_ pair: (Int, Int)) -> Int
    func describe(_ entry: (name: String, count: Int)) -> String
    func nested(_ value: (Int8, (Int, Double))) throws -> Double
    func ping(_ nothing: ()) -> Int
    func mixed(_ a: Double, _ triple: (Double, Float, Bool), _ b: String) async -> String
    func spilled(_ wide: (Int, Int, Int, Int, Int, Int, Int), _ last: (Int, Int)) async throws -> Int
    func typed(_ pair: (Int, String)) throws(TupleRefusal) -> Int
    static func make(_ pair: (Int, String)) -> Int
    var pair: (Int, String) { get set }
    subscript(key: (Int, Int)) -> String { get }
}

struct LiveTupleTaking: TupleTaking {
    var pair: (Int, String) = (0, "")
    func sum(_ pair: (Int, Int)) -> Int { pair.0 + pair.1 }
    func describe(_ entry: (name: String, count: Int)) -> String { "\(entry.name)×\(entry.count)" }
    func nested(_ value: (Int8, (Int, Double))) throws -> Double { Double(value.0) + Double(value.1.0) + value.1.1 }
    func ping(_ nothing: ()) -> Int { 1 }
    func mixed(_ a: Double, _ triple: (Double, Float, Bool), _ b: String) async -> String {
        "\(a) \(triple.0) \(triple.1) \(triple.2) \(b)"
    }
    func spilled(_ wide: (Int, Int, Int, Int, Int, Int, Int), _ last: (Int, Int)) async throws -> Int {
        wide.0 + wide.1 + wide.2 + wide.3 + wide.4 + wide.5 + wide.6 + last.0 * last.1
    }
    func typed(_ pair: (Int, String)) throws(TupleRefusal) -> Int { pair.0 + pair.1.count }
    static func make(_ pair: (Int, String)) -> Int { pair.0 * pair.1.count }
    subscript(key: (Int, Int)) -> String { "\(key.0):\(key.1)" }
}

@Suite struct TupleParameterShapeTests {
    @Test func labeledNestedAndEmptyTuples() throws {
        let stub = try Stub<any TupleTaking>()
        stub.when { $0.sum(Match.any()) }.then { (pair: (Int, Int)) in pair.0 * 10 + pair.1 }
        stub.when { $0.describe(Match.any()) }.then { (entry: (name: String, count: Int)) in
            "\(entry.name)=\(entry.count)"
        }
        let nested = stub.when { try $0.nested(Match.any()) }
        nested.then { (value: (Int8, (Int, Double))) in Double(value.0) * 1000 + Double(value.1.0) + value.1.1 }
        stub.when { $0.ping(()) }.thenReturn(9)
        let sut: any TupleTaking = stub()
        #expect(sut.sum((3, 4)) == 34)
        #expect(sut.sum((-1, Int.max)) == -10 &+ Int.max)
        #expect(sut.describe((name: "apples", count: 12)) == "apples=12")
        #expect(try sut.nested((-7, (1 << 40, 0.25))) == -7000 + Double(1 << 40) + 0.25)
        #expect(sut.ping(()) == 9)
        stub.verify(.exactly(1)) { $0.ping(()) }
        let values: [(Int8, (Int, Double))] = nested.arguments()
        #expect(values.count == 1 && values[0].0 == -7 && values[0].1.0 == 1 << 40 && values[0].1.1 == 0.25)
    }

    @Test func tuplesBetweenOtherArgumentsAndOnTheStack() async throws {
        let stub = try Stub<any TupleTaking>()
        await stub.when { await $0.mixed(Match.any(), Match.any(), Match.any()) }.then {
            (a: Double, triple: (Double, Float, Bool), b: String) in
            "\(a)|\(triple.0)|\(triple.1)|\(triple.2)|\(b)"
        }
        await stub.when { try await $0.spilled(Match.any(), Match.any()) }.then {
            (wide: (Int, Int, Int, Int, Int, Int, Int), last: (Int, Int)) in
            [wide.0, wide.1, wide.2, wide.3, wide.4, wide.5, wide.6, last.0, last.1].reduce(0) { $0 * 10 + $1 }
        }
        let sut = stub()
        #expect(await sut.mixed(1.5, (2.5, 3.5, true), "end") == "1.5|2.5|3.5|true|end")
        #expect(try await sut.spilled((1, 2, 3, 4, 5, 6, 7), (8, 9)) == 123_456_789)
    }

    @Test func typedThrowsStaticPropertyAndSubscript() throws {
        let stub = try Stub<any TupleTaking>()
        // (A typed-throwing handler taking a tuple crashes Swift 6.3's SILGen: thenThrow covers the error.)
        stub.when { try $0.typed(Match.any()) }.then { (pair: (Int, String)) in pair.0 + pair.1.count }
        let refusing = try Stub<any TupleTaking>()
        refusing.when { try $0.typed(Match.any()) }.thenThrow(TupleRefusal(code: -4))
        stub.when { type(of: $0).make(Match.any()) }.then { (pair: (Int, String)) in pair.0 - pair.1.count }
        stub.when { $0[Match.any()] }.then { (key: (Int, Int)) in "\(key.1)/\(key.0)" }
        stub.when { $0.pair }.thenReturn((5, "five"))
        let setter = stub.whenSet { $0.pair = Match.any() }
        setter.thenDoNothing()
        var sut = stub()
        #expect(try sut.typed((2, "abc")) == 5)
        #expect(throws: TupleRefusal(code: -4)) { try refusing().typed((-4, "")) }
        #expect(type(of: sut).make((10, "abcd")) == 6)
        #expect(sut[(1, 2)] == "2/1")
        #expect(sut.pair.0 == 5 && sut.pair.1 == "five")
        sut.pair = (8, "eight")
        let assigned: [(Int, String)] = setter.arguments()
        #expect(assigned.count == 1 && assigned[0].0 == 8 && assigned[0].1 == "eight")
    }

    @Test func aSpyForwardsTupleArguments() async throws {
        let spy = try Spy<any TupleTaking>(forwardingTo: LiveTupleTaking())
        var sut = spy()
        #expect(sut.sum((3, 4)) == 7)
        #expect(sut.describe((name: "a", count: 2)) == "a×2")
        #expect(try sut.nested((1, (2, 0.5))) == 3.5)
        #expect(sut.ping(()) == 1)
        #expect(await sut.mixed(1, (2, 3, false), "x") == "1.0 2.0 3.0 false x")
        #expect(try await sut.spilled((1, 2, 3, 4, 5, 6, 7), (8, 9)) == 100)
        #expect(try sut.typed((2, "abc")) == 5)
        #expect(type(of: sut).make((3, "abcd")) == 12)
        #expect(sut[(1, 2)] == "1:2")
        sut.pair = (6, "six")
        #expect(sut.pair.0 == 6 && sut.pair.1 == "six")
    }
}

/// No linked conformer: only explicit requirements describe it.
protocol ExplicitTupleTaking {
    func sum(_ pair: (Int, Int)) -> Int
    func ping(_ nothing: ()) -> Int
}

@Suite struct ExplicitTupleParameterTests {
    @Test func explicitRequirementsDescribeTupleParameters() throws {
        let stub = try Stub<any ExplicitTupleTaking>(
            .method((Int, Int).self, returning: Int.self), .method(Void.self, returning: Int.self))
        stub.when { $0.sum(Match.any()) }.then { (pair: (Int, Int)) in pair.0 - pair.1 }
        stub.when { $0.ping(()) }.thenReturn(3)
        let sut = stub()
        #expect(sut.sum((10, 4)) == 6)
        #expect(sut.ping(()) == 3)
    }
}
