import DoublesGenCore
import MockableGenerator
import Testing

/// How the generator copies parameter spellings into a mock's members.
@Suite struct ParameterSpellingTests {
    func mock(_ source: String) -> MockGenerationResult {
        MockGenerator.generate(sources: [SourceText(name: "input.swift", text: source)], includeDebugWrapper: false)
    }

    @Test func attributesBeforeEscapingStayOnTheMatchedType() {
        let output = mock("protocol P { func on(_ handler: @Sendable @escaping (Int) -> Void) }").output
        #expect(output.contains("func on(_ handler: SwiftMocking.ArgMatcher<@Sendable (Int) -> Void>)"))
        #expect(output.contains("func on(_ handler: @Sendable @escaping (Int) -> Void) {"))
        #expect(!output.contains("ArgMatcher<@Sendable @escaping"))
    }

    @Test func keywordLabelsAreDeclaredOnceAndForwardedInBackticks() {
        let output = mock("protocol P { func image(for: String) -> Int }").output
        #expect(output.contains("func image(for: SwiftMocking.ArgMatcher<String>)"))
        #expect(output.contains("SwiftMocking.Interaction(`for`, spy: super.image)"))
        #expect(output.contains("func image(for: String) -> Int {\n        return adapt(super.image, `for`)"))
    }

    @Test func throwsNeverIsServedWithoutTry() {
        let output = mock("protocol P { func parse(_ text: String) throws(Never) -> Int }").output
        #expect(output.contains("SwiftMocking.Interaction<String, SwiftMocking.None, Int>"))
        #expect(
            output.contains(
                "func parse(_ text: String) throws(Never) -> Int {\n        return adapt(super.parse, text)"))
        #expect(!output.contains("try"))
    }

    @Test func escapingAutoclosuresAndVariadicClosuresAreMocked() {
        let result = mock(
            """
            protocol P {
                func debug(_ message: @autoclosure @escaping () -> String)
                func pipeline(_ steps: (Int) -> Int...) -> Int
            }
            """)
        #expect(result.succeeded)
        #expect(result.output.contains("func debug(_ message: SwiftMocking.ArgMatcher<() -> String>)"))
        #expect(result.output.contains("func pipeline(_ steps: SwiftMocking.ArgMatcher<(Int) -> Int>...)"))
    }

    @Test func nonEscapingAutoclosuresStillFailClosed() {
        let result = mock("protocol P { func debug(_ message: @autoclosure () -> String) }")
        #expect(!result.succeeded)
        #expect(result.diagnostics.contains { $0.message.contains("parameter 'message' is a non-escaping closure") })
    }
}
