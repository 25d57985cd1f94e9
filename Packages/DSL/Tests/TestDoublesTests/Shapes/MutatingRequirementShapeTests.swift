import TestDoubles
import Testing

/// A value-type-style protocol whose requirements mutate, as parsers,
/// accumulators and builders declare them.
protocol ByteParser {
    mutating func feed(_ bytes: [UInt8]) -> Int
    mutating func reset()
    mutating func finish() throws -> String
    var consumed: Int { get set }
}

struct LineParser: ByteParser {
    var consumed = 0
    mutating func feed(_ bytes: [UInt8]) -> Int { consumed += bytes.count; return bytes.count }
    mutating func reset() { consumed = 0 }
    mutating func finish() throws -> String { "" }
}

@Suite struct MutatingRequirementShapeTests {
    @Test func aMutatingCallKeepsItsResultTypeInWhen() throws {
        let stub = try Stub<any ByteParser>()
        stub.when { $0.feed(Match.any()) }.then { (bytes: [UInt8]) in bytes.count * 10 }
        var parser = stub()
        #expect(parser.feed([1, 2, 3]) == 30)
        #expect(parser.feed([]) == 0)
        stub.verify(2...2) { $0.feed(Match.any()) }
        stub.verify { $0.feed([1, 2, 3]) }
    }

    @Test func aMutatingCallAnswersThenReturnAndThrows() throws {
        let stub = try Stub<any ByteParser>()
        stub.when { $0.feed([9]) }.thenReturn(7)
        stub.when { try $0.finish() }.thenThrow(ParserFailure.truncated)
        stub.when { $0.reset() }.thenDoNothing()
        var parser = stub()
        #expect(parser.feed([9]) == 7)
        parser.reset()
        #expect(throws: ParserFailure.truncated) { try parser.finish() }
        let fed: [[UInt8]] = stub.when { $0.feed(Match.any()) }.arguments()
        #expect(fed == [[9]])
    }

    @Test func anAssignmentStillMakesAVoidPattern() throws {
        let stub = try Stub<any ByteParser>()
        let sets: CallPattern<Void> = stub.when { $0.consumed = Match.any() }
        sets.thenDoNothing()
        var parser = stub()
        parser.consumed = 4
        #expect(sets.arguments() == [4])
    }
}

enum ParserFailure: Error, Equatable { case truncated }
