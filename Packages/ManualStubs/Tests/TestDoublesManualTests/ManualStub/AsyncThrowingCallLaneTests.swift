import TestDoublesManual
import TestDoublesRecorder
import Testing

protocol RemoteParser: Sendable {
    func parse(_ text: String) async throws -> Int
    func parseTyped(_ text: String) async throws(ParseFault) -> Int
    func combine(_ a: Int, _ b: Int) async throws -> Int
    func token(_ text: String, _ owner: Owner) async throws -> Owner
    func parseAgain(_ text: String) async throws -> Int
}

struct RemoteParserStubConformer: RemoteParser, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func parse(_ text: String) async throws -> Int { try await stub.asyncThrowingCall(text) }
    func parseTyped(_ text: String) async throws(ParseFault) -> Int {
        try await stub.asyncThrowingCall(text, throwing: ParseFault.self)
    }
    func combine(_ a: Int, _ b: Int) async throws -> Int { try await stub.asyncThrowingCall(a, b) }
    func token(_ text: String, _ owner: Owner) async throws -> Owner { try await stub.asyncThrowingCall(text, owner) }
    // The `async` overload of `throwingCall`, which answers as `asyncThrowingCall` does.
    func parseAgain(_ text: String) async throws -> Int { try await stub.throwingCall(text) }
}

/// An async throwing requirement's call answered by a configured value or
/// error takes the one-hold lanes (arguments as words, or boxed on the
/// caller's stack) without suspending, and answers exactly as the general
/// async path does: values, configured errors, typed errors, handlers,
/// delays, cancellation and the recorded arguments.
@Suite struct AsyncThrowingCallLaneTests {
    @Test func aValueIsAnsweredAtOnceAndTheBoxedArgumentRecorded() async throws {
        let parser = ManualStub<RemoteParserStubConformer>()
        let parses = await parser.when { try await $0.parse(Match.any()) }
        parses.thenReturn(5)
        let sut: any RemoteParser = parser()
        #expect(try await sut.parse("one") == 5)
        #expect(try await sut.parse("two") == 5)
        #expect(parses.invocations.map(\.outcome) == [.returned, .returned])
        #expect(parses.arguments() == ["one", "two"])
        await parser.verify(.exactly(1)) { try await $0.parse("two") }
        await parser.verify(.exactly(2)) { try await $0.parse(Match.any()) }
    }

    @Test func aConfiguredErrorIsThrownAfterTheValuesBeforeIt() async throws {
        let parser = ManualStub<RemoteParserStubConformer>()
        await parser.when { try await $0.parseAgain(Match.any()) }.thenReturn(1).thenThrow(ParseFault(line: 3))
        let sut: any RemoteParser = parser()
        #expect(try await sut.parseAgain("a") == 1)
        await #expect(throws: ParseFault(line: 3)) { try await sut.parseAgain("b") }
        await #expect(throws: ParseFault(line: 3)) { try await sut.parseAgain("c") }
        await parser.verify(.exactly(3)) { try await $0.parseAgain(Match.any()) }
    }

    @Test func aHandlerReceivesTheArgumentAndItsErrorIsThrown() async throws {
        let parser = ManualStub<RemoteParserStubConformer>()
        await parser.when { try await $0.parse(Match.any()) }.then { (text: String) throws -> Int in
            guard let value = Int(text) else { throw ParseFault(line: text.count) }
            return value * 2
        }
        let sut: any RemoteParser = parser()
        #expect(try await sut.parse("21") == 42)
        await #expect(throws: ParseFault(line: 4)) { try await sut.parse("four") }
    }

    @Test func aTypedErrorIsThrownAsItsType() async throws {
        let parser = ManualStub<RemoteParserStubConformer>()
        await parser.when { try await $0.parseTyped("bad") }.thenThrow(ParseFault(line: 9))
        await parser.when { try await $0.parseTyped(Match.any()) }.thenReturn(7)
        let sut: any RemoteParser = parser()
        #expect(try await sut.parseTyped("good") == 7)
        do {
            _ = try await sut.parseTyped("bad")
            Issue.record("expected a ParseFault")
        } catch {
            #expect(error == ParseFault(line: 9))
        }
    }

    @Test func scalarArgumentsAreAnsweredAsWordsAndTheirErrorsThrown() async throws {
        let parser = ManualStub<RemoteParserStubConformer>()
        await parser.when { try await $0.combine(Match.equal(1), Match.any()) }.thenThrow(ParseFault(line: 1))
        await parser.when { try await $0.combine(Match.any(), Match.any()) }.thenReturn(42)
        let sut: any RemoteParser = parser()
        #expect(try await sut.combine(4, 2) == 42)
        await #expect(throws: ParseFault(line: 1)) { try await sut.combine(1, 2) }
        await parser.verify(.exactly(1)) { try await $0.combine(4, 2) }
    }

    @Test func aClassArgumentAndResultKeepTheirIdentity() async throws {
        let parser = ManualStub<RemoteParserStubConformer>()
        let answer = Owner()
        await parser.when { try await $0.token(Match.any(), Match.any(using: answer)) }.thenReturn(answer)
        let sut: any RemoteParser = parser()
        let owner = Owner()
        #expect(try await sut.token("t", owner) === answer)
        await parser.verify(.exactly(1)) { try await $0.token(Match.equal("t"), Match.identical(to: owner)) }
    }

    @Test func anImmediateDelayIsAnsweredButACancelledTaskThrows() async throws {
        let parser = ManualStub<RemoteParserStubConformer>()
        await parser.when { try await $0.parse(Match.any()) }
            .thenReturn(8, after: .seconds(60), using: StubClocks.immediate)
        let sut: any RemoteParser = parser()
        #expect(try await sut.parse("now") == 8)
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await sut.parse("cancelled")
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
    }

    @Test func anUnmatchedCallIsAnIssueAndItsResultsDefault() async throws {
        let parser = ManualStub<RemoteParserStubConformer>()
        await parser.when { try await $0.parse("known") }.thenReturn(1)
        let sut: any RemoteParser = parser()
        var answer: Int?
        let issues = await TestDoubleIssueReporting.capture { answer = try? await sut.parse("unknown") }
        #expect(issues.count == 1)
        #expect(answer == 0)
        #expect(try await sut.parse("known") == 1)
    }
}
