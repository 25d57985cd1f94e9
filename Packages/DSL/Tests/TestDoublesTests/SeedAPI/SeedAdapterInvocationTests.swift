import Testing

@testable import TestDoubles

// The explicit compiler adapters of the seed's Function Values article: the
// adapter code compiles against `Stub.Invocation`, the stub serves the
// requirement without calling it, and an `Invocation`'s operations answer
// through the double's behaviors.

typealias TextFormatter = (String) -> String

protocol TextFormatting {
    func wrap(_ formatter: @escaping TextFormatter) -> TextFormatter
    func parse(_ text: String) throws -> Int
    func measure(_ text: String) async throws(MeasureError) -> Int
}

struct MeasureError: Error, Equatable {
    let reason: String
}

struct LiveTextFormatting: TextFormatting {
    func wrap(_ formatter: @escaping TextFormatter) -> TextFormatter { formatter }
    func parse(_ text: String) throws -> Int { text.count }
    func measure(_ text: String) async throws(MeasureError) -> Int { text.count }
}

private typealias FormattingStub = Stub<any TextFormatting>

@Suite struct SeedAdapterInvocationTests {
    @Test func adapterCodeCompilesAndTheStubServesTheRequirement() throws {
        let adapter: @convention(thin) (@escaping TextFormatter, FormattingStub.Invocation) -> TextFormatter = {
            formatter, invocation in invocation.call(formatter)
        }
        let throwingAdapter: @convention(thin) (String, FormattingStub.Invocation) throws -> Int = {
            text, invocation in try invocation.callThrowing(text)
        }
        let typedAdapter: @convention(thin) (String, FormattingStub.Invocation) async throws(MeasureError) -> Int = {
            text, invocation async throws(MeasureError) in
            try await invocation.call(text, throwing: MeasureError.self)
        }
        let stub = try FormattingStub(
            .method(TextFormatter.self, returning: TextFormatter.self, using: adapter),
            .method(String.self, returning: Int.self, isThrowing: true, using: throwingAdapter),
            .method(String.self, returning: Int.self, throwing: MeasureError.self, isAsync: true, using: typedAdapter))
        let identity: TextFormatter = { $0 }
        stub.when(returning: identity) { $0.wrap(Match.any(using: identity)) }
            .then { (inner: @escaping TextFormatter) in { "[\(inner($0))]" } }
        let wrapped = stub().wrap { $0.uppercased() }
        #expect(wrapped("ok") == "[OK]")
    }

    @Test func anInvocationAnswersThroughTheDoublesBehaviors() throws {
        let stub = try FormattingStub()
        let identity: TextFormatter = { $0 }
        let wraps = stub.when(returning: identity) { $0.wrap(Match.any(using: identity)) }
            .then { (inner: @escaping TextFormatter) in { "<\(inner($0))>" } }
        let parses = stub.when { try $0.parse(Match.equal("bad")) }.thenThrow(MeasureError(reason: "bad"))
        stub.when { try $0.parse(Match.any()) }.then { (text: String) in text.count * 10 }

        let wrap = FormattingStub.Invocation(recorder: stub.recorder, requirement: try #require(wraps.requirement))
        let formatter: TextFormatter = wrap.call({ $0 + "!" }, returning: TextFormatter.self)
        #expect(formatter("hi") == "<hi!>")
        wraps.verify(1...1)

        let parse = FormattingStub.Invocation(recorder: stub.recorder, requirement: try #require(parses.requirement))
        #expect(try parse.callThrowing("four", returning: Int.self) == 40)
        #expect(throws: MeasureError(reason: "bad")) { try parse.callThrowing("bad", returning: Int.self) }
    }

    @Test func anAsyncInvocationThrowsTheTypedError() async throws {
        let stub = try FormattingStub()
        let measures = await stub.when { try await $0.measure(Match.any()) }
            .thenThrow(MeasureError(reason: "offline"))
            .thenReturn(5)
        let measure = FormattingStub.Invocation(
            recorder: stub.recorder, requirement: try #require(measures.requirement))
        await #expect(throws: MeasureError(reason: "offline")) {
            try await measure.call("x", returning: Int.self, throwing: MeasureError.self)
        }
        #expect(try await measure.call("y", returning: Int.self, throwing: MeasureError.self) == 5)
        measures.verify(2...2)
    }
}
