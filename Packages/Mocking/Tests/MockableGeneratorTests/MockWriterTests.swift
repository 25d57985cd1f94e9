import DoublesGenCore
import MockableGenerator
import SwiftMockingOptions
import Testing

@Suite struct MockWriterTests {
    func mock(_ source: String, options: MockableOptions? = nil) -> String {
        MockGenerator.generate(
            sources: [SourceText(name: "input.swift", text: source)], options: options, includeDebugWrapper: false
        ).output
    }

    @Test func propertiesFollowTheTemplates() {
        let output = mock("protocol P { var count: Int { get }\n var name: String { get set } }")
        #expect(
            output.contains(
                "func count(_ void: Void = ()) -> SwiftMocking.Interaction<Void, SwiftMocking.None, Int > {"))
        #expect(
            output.contains(
                "func name(_ void: Void = ()) -> SwiftMocking.SettableInteraction<Void, SwiftMocking.None, String > {"))
        #expect(
            output.contains("let writeSpy: SwiftMocking.Spy<Void, String, SwiftMocking.None, Void> = super.setName"))
        // The write side's spy is handed over: a closure formed here, in a generic mock, would capture
        // its constrained types' metatypes (a Swift 6.2+ warning).
        #expect(
            output.contains(
                "return SwiftMocking.SettableInteraction(get: SwiftMocking.Interaction(.any, spy: super.name), "
                    + "writeSpy: writeSpy)"))
        #expect(!output.contains("setInteraction:"))
        #expect(output.contains("set {\n            return adapt(super.setName, (), newValue)\n        }"))
        #expect(
            output.contains("var count: Int {\n        get {\n            adapt(super.count, ())\n        }\n    }"))
    }

    @Test func subscriptKeysUseInternalNames() {
        let output = mock(
            "protocol P { subscript(row: Int, column: Int) -> Int { get set }\n subscript(_ position: Int) -> Int { get } }"
        )
        #expect(output.contains("super.subscriptRowColumn"))
        #expect(output.contains("super.setSubscriptRowColumn"))
        #expect(output.contains("super.subscriptPosition"))
        #expect(output.contains("#if compiler(>=6.1)"))
    }

    @Test func variadicsGenericsEffectsAndStatics() {
        let output = mock(
            """
            protocol P {
                func log(_ messages: String..., level: Int)
                func encode<T: Encodable>(_ value: T) async throws -> Data where T: Sendable
                static func make() async -> Int
            }
            """)
        #expect(
            output.contains(
                "func log(_ messages: SwiftMocking.ArgMatcher<String>..., level: SwiftMocking.ArgMatcher<Int>) -> SwiftMocking.Interaction<[String], Int, SwiftMocking.None, Void> {"
            ))
        #expect(output.contains("SwiftMocking.Interaction(.variadic(messages), level, spy: super.log)"))
        #expect(
            output.contains(
                "func encode<T: Encodable>(_ value: SwiftMocking.ArgMatcher<T>) -> SwiftMocking.Interaction<T, SwiftMocking.AsyncThrows, Data> where T: Sendable {"
            ))
        #expect(output.contains("return try await adaptThrowing(super.encode, value)"))
        #expect(output.contains("static func make() -> SwiftMocking.Interaction<Void, SwiftMocking.Async, Int> {"))
        #expect(output.contains("return await adapt(super.make, ())"))
    }

    @Test func labelOnlyOverloadsGetTheirOwnKeys() {
        let output = mock(
            "protocol P { func fetch(id: String) -> Int\n func fetch(name: String) -> Int\n func fetch(id: Int) -> Int }"
        )
        #expect(output.contains("super[dynamicMember: \"fetch(id:)\"]"))
        #expect(output.contains("super[dynamicMember: \"fetch(name:)\"]"))
        #expect(output.contains("SwiftMocking.Interaction(id, spy: super.fetch)"))
    }

    @Test func initializersSelfAndIdentityConformances() {
        let output = mock("protocol P: Hashable { init(seed: Int)\n func copy() -> Self }")
        #expect(output.hasPrefix("final class MockP: SwiftMocking.Mock, @unchecked Sendable, P {"))
        #expect(output.contains("func copy() -> MockP {"))
        #expect(output.contains("required init(seed: Int) { }"))
        #expect(output.contains("override init() {\n        super.init()\n    }"))
        #expect(output.contains("static func == (lhs: MockP, rhs: MockP) -> Bool {\n        lhs === rhs\n    }"))
        #expect(output.contains("hasher.combine(ObjectIdentifier(self))"))
    }

    @Test func optionsParseLikeTheAttribute() {
        #expect(MockableOptions(parsing: "[.suffixMock, .composition]") == [.suffixMock, .composition])
        #expect(MockableOptions(parsing: "prefixMock") == .prefixMock)
        #expect(MockableOptions(parsing: "") == [])
        #expect(MockableOptions(parsing: "bogus") == nil)
        #expect(MockableOptions([.suffixMock, .composition]).identifiers == ["suffixMock", "composition"])
        #expect(MockableOptions.default == .prefixMock)
    }

    /// Shapes a sweep of Swift 6 app protocols found the generator writing wrong.
    @Test func sendingResultsKeywordNamesRestatedPropertiesAndAnyErrorThrows() {
        let output = mock(
            """
            protocol P: Identifiable {
                var id: UUID { get }
                func make() -> sending [UInt8]
                func `import`(from url: URL) -> Int
                func flush() throws(any Error) -> Int
            }
            """)
        // `sending` stays on the runtime member only.
        #expect(output.contains("func make() -> SwiftMocking.Interaction<Void, SwiftMocking.None, [UInt8]> {"))
        #expect(output.contains("func make() -> sending [UInt8] {"))
        // A keyword in backticks is a name, not an operator: it gets its interaction member.
        #expect(
            output.contains(
                "func `import`(from url: SwiftMocking.ArgMatcher<URL>) -> SwiftMocking.Interaction<URL, SwiftMocking.None, Int>"
            ))
        // `Identifiable`'s `var id: ID`, restated as `var id: UUID`, is written once and fixes `ID`.
        #expect(output.hasPrefix("class MockP: SwiftMocking.Mock, @unchecked Sendable, P {"))
        #expect(output.contains("typealias ID = UUID"))
        #expect(!output.contains("var id: ID"))
        #expect(output.components(separatedBy: "var id: UUID").count == 2)
        // `any Error.self` would read as `any (Error.self)`.
        #expect(output.contains("throwing: (any Error).self"))
    }

    /// A generic class cannot store `static let staticMock`: it is computed, per specialization.
    @Test func genericComposedMockComputesItsStaticMock() {
        let output = mock(
            "@Mockable([.composition]) protocol P<M>: Base { associatedtype M\n static var id: String { get } }")
        #expect(
            output.contains(
                "static var staticMock: SwiftMocking.Mock {\n        SwiftMocking.Mock(staticSpiesOf: \"\\(Self.self)\")\n    }"
            ))
        #expect(!output.contains("static let staticMock"))
        let plain = mock("@Mockable([.composition]) protocol Q: Base { static var id: String { get } }")
        #expect(plain.contains("static let staticMock = SwiftMocking.Mock(staticSpiesOf: \"MockQ\")"))
    }

    /// `some P` parameters become the generic parameters they are sugar for.
    @Test func opaqueParametersBecomeGenerics() {
        let output = mock(
            "protocol P { func add(contentsOf items: some Sequence<Int>) -> Int\n func tag<T>(_ t: T, _ s: some Hashable) }"
        )
        #expect(output.contains("func add<Some1: Sequence<Int>>(contentsOf items: Some1) -> Int {"))
        #expect(
            output.contains(
                "func add<Some1: Sequence<Int>>(contentsOf items: SwiftMocking.ArgMatcher<Some1>) "
                    + "-> SwiftMocking.Interaction<Some1, SwiftMocking.None, Int> {"))
        #expect(output.contains("func tag<T, Some2: Hashable>(_ t: T, _ s: Some2) {"))
        #expect(!output.contains("some "))
        let optional = mock("protocol Q { func pick(_ x: (some Hashable)?) -> Int }")
        #expect(optional.contains("func pick<Some1: Hashable>(_ x: Some1?) -> Int {"))
        // Other structural positions fail closed rather than write `ArgMatcher<[some P]>`.
        let result = MockGenerator.generate(
            sources: [SourceText(name: "input.swift", text: "protocol R { func all(_ x: [some Hashable]) }")],
            options: nil, includeDebugWrapper: false)
        #expect(result.output.isEmpty)
        #expect(result.diagnostics.contains { "\($0)".contains("has an opaque type ('some')") })
    }
}
