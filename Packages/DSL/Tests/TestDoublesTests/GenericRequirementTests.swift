import TestDoubles
import Testing

protocol Storage {
    func store<Value>(_ value: Value, key: String)
    func echo<Value>(_ value: Value) -> Value
    func describe<Value: CustomStringConvertible>(_ value: Value, width: Int) -> String
}

struct MemoryStorage: Storage {
    func store<Value>(_ value: Value, key: String) {}
    func echo<Value>(_ value: Value) -> Value { value }
    func describe<Value: CustomStringConvertible>(_ value: Value, width: Int) -> String { value.description }
}

@Suite struct GenericRequirementTests {
    @Test func genericArgumentsArriveWithTheirCallersTypes() throws {
        let stub = try Stub<any Storage>()
        let stores = stub.when { $0.store(Match.any() as Int, key: Match.any()) }
        stores.thenDoNothing()
        stub().store(42, key: "answer")
        stub().store("text", key: "words")
        stub().store(FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5), key: "five")
        let calls = stub.recorder.invocations.map(\.arguments)
        #expect(calls.count == 3)
        #expect(calls[0][0] as? Int == 42)
        #expect(calls[1][0] as? String == "text")
        #expect(calls[2][0] as? FiveWords == FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5))
        #expect(calls.map { $0[1] as? String } == ["answer", "words", "five"])
    }

    @Test func genericResultTakesTheCallersType() throws {
        let stub = try Stub<any Storage>()
        let integers = stub.when { $0.echo(Match.matching(description: "an Int") { (_: Int) in true }) }
        integers.then { (value: Int) in value * 2 }
        let strings = stub.when { $0.echo(Match.matching(description: "a String") { (_: String) in true }) }
        strings.then { (value: String) in value + value }
        #expect(stub().echo(21) == 42)
        #expect(stub().echo("ab") == "abab")
        #expect(integers.arguments() == [21])
        #expect(strings.arguments() == ["ab"])
    }

    @Test func constrainedGenericParameter() throws {
        let stub = try Stub<any Storage>()
        let describes = stub.when { $0.describe(Match.any() as Int, width: Match.any()) }
        describes.then { (value: Int, width: Int) in String(repeating: " ", count: width) + value.description }
        #expect(stub().describe(7, width: 2) == "  7")
        let recorded: [(Int, Int)] = describes.arguments()
        #expect(recorded.map(\.0) == [7])
        #expect(recorded.map(\.1) == [2])
    }
}
