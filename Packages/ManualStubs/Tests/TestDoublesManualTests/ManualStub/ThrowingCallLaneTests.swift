import TestDoublesManual
import TestDoublesRecorder
import Testing

struct ParseFault: Error, Equatable {
    var line: Int
}

struct OtherFault: Error, Equatable {}

protocol Parser {
    func parse(_ text: String) throws -> Int
    func parseTyped(_ text: String) throws(ParseFault) -> Int
    func combine(_ a: Int, _ b: Int) throws -> Int
    func sum(_ a: Int, _ b: Int, _ c: Int) throws -> Int
    func token(_ text: String, _ owner: Owner) throws -> Owner
}

final class Owner: Sendable {}

struct ParserStubConformer: Parser, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func parse(_ text: String) throws -> Int { try stub.throwingCall(text) }
    func parseTyped(_ text: String) throws(ParseFault) -> Int { try stub.throwingCall(text, throwing: ParseFault.self) }
    func combine(_ a: Int, _ b: Int) throws -> Int { try stub.throwingCall(a, b) }
    func sum(_ a: Int, _ b: Int, _ c: Int) throws -> Int { try stub.throwingCall(a, b, c) }
    func token(_ text: String, _ owner: Owner) throws -> Owner { try stub.throwingCall(text, owner) }
}

/// A throwing requirement's call takes the one-hold lanes a non-throwing
/// one takes (arguments as words, or boxed on the caller's stack), and
/// answers exactly as the general path does: values, configured errors,
/// handlers' answers and errors, typed errors, the recorded arguments.
@Suite struct ThrowingCallLaneTests {
    @Test func aValueIsAnsweredAndTheBoxedArgumentRecorded() throws {
        let parser = ManualStub<ParserStubConformer>()
        parser.when { try $0.parse(Match.any()) }.thenReturn(5)
        let sut: any Parser = parser()
        #expect(try sut.parse("one") == 5)
        #expect(try sut.parse("two") == 5)
        parser.verify(.exactly(1)) { try $0.parse("two") }
        parser.verify(.exactly(2)) { try $0.parse(Match.any()) }
    }

    @Test func aConfiguredErrorIsThrownAfterTheValuesBeforeIt() throws {
        let parser = ManualStub<ParserStubConformer>()
        parser.when { try $0.parse(Match.any()) }.thenReturn(1).thenThrow(ParseFault(line: 3))
        let sut: any Parser = parser()
        #expect(try sut.parse("a") == 1)
        #expect(throws: ParseFault(line: 3)) { try sut.parse("b") }
        #expect(throws: ParseFault(line: 3)) { try sut.parse("c") }
        parser.verify(.exactly(3)) { try $0.parse(Match.any()) }
    }

    @Test func aHandlerReceivesTheArgumentAndItsErrorIsThrown() throws {
        let parser = ManualStub<ParserStubConformer>()
        parser.when { try $0.parse(Match.any()) }.then { (text: String) throws -> Int in
            guard let value = Int(text) else { throw ParseFault(line: text.count) }
            return value * 2
        }
        let sut: any Parser = parser()
        #expect(try sut.parse("21") == 42)
        #expect(throws: ParseFault(line: 4)) { try sut.parse("four") }
    }

    @Test func aTypedErrorIsThrownAsItsType() throws {
        let parser = ManualStub<ParserStubConformer>()
        parser.when { try $0.parseTyped("bad") }.thenThrow(ParseFault(line: 9))
        parser.when { try $0.parseTyped(Match.any()) }.thenReturn(7)
        let sut: any Parser = parser()
        #expect(try sut.parseTyped("good") == 7)
        do {
            _ = try sut.parseTyped("bad")
            Issue.record("expected a ParseFault")
        } catch {
            #expect(error == ParseFault(line: 9))
        }
    }

    @Test func anErrorOfAnotherTypeIsAnIssueAndAPlaceholder() throws {
        let parser = ManualStub<ParserStubConformer>()
        parser.when { try $0.parseTyped(Match.any()) }.then { (_: String) throws -> Int in throw OtherFault() }
        let sut: any Parser = parser()
        var answer: Int?
        let issues = TestDoubleIssueReporting.capture { answer = try? sut.parseTyped("x") }
        #expect(issues.count == 1)
        #expect(answer == 0)
    }

    @Test func scalarArgumentsAreAnsweredAsWordsAndTheirErrorsThrown() throws {
        let parser = ManualStub<ParserStubConformer>()
        parser.when { try $0.combine(Match.equal(1), Match.any()) }.thenThrow(ParseFault(line: 1))
        parser.when { try $0.combine(Match.any(), Match.any()) }.then { (a: Int, b: Int) -> Int in a * 10 + b }
        parser.when { try $0.sum(Match.any(), Match.any(), Match.any()) }.thenReturn(6)
        let sut: any Parser = parser()
        #expect(try sut.combine(4, 2) == 42)
        #expect(throws: ParseFault(line: 1)) { try sut.combine(1, 2) }
        #expect(try sut.sum(1, 2, 3) == 6)
        parser.verify(.exactly(1)) { try $0.sum(1, 2, 3) }
        parser.verify(.exactly(2)) { try $0.combine(Match.any(), Match.any()) }
    }

    @Test func aClassArgumentAndResultKeepTheirIdentity() throws {
        let parser = ManualStub<ParserStubConformer>()
        let answer = Owner()
        parser.when { try $0.token(Match.any(), Match.any(using: answer)) }.thenReturn(answer)
        let sut: any Parser = parser()
        let owner = Owner()
        #expect(try sut.token("t", owner) === answer)
        parser.verify(.exactly(1)) { try $0.token(Match.equal("t"), Match.identical(to: owner)) }
    }

    @Test func anUnmatchedCallIsAnIssueAndItsResultsDefault() throws {
        let parser = ManualStub<ParserStubConformer>()
        parser.when { try $0.parse("known") }.thenReturn(1)
        let sut: any Parser = parser()
        var answer: Int?
        let issues = TestDoubleIssueReporting.capture { answer = try? sut.parse("unknown") }
        #expect(issues.count == 1)
        #expect(answer == 0)
        #expect(try sut.parse("known") == 1)
    }
}
