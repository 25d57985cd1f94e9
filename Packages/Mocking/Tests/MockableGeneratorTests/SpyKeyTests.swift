import DoublesGenCore
import MockableGenerator
import Testing

/// The keys spies are stored under: the original library's, except where
/// requirements that differ only by labels would share a spy.
@Suite struct SpyKeyTests {
    func mock(_ source: String) -> String {
        MockGenerator.generate(sources: [SourceText(name: "input.swift", text: source)], includeDebugWrapper: false)
            .output
    }

    @Test func genericOverloadsByLabelKeepTheirLabels() {
        let output = mock(
            """
            protocol P {
                func load<T: Decodable>(id: String) -> T
                func load<U: Decodable>(name: String) -> U
            }
            """)
        #expect(output.contains(#"super[dynamicMember: "load(id:)"]"#))
        #expect(output.contains(#"super[dynamicMember: "load(name:)"]"#))
    }

    @Test func subscriptsByLabelKeepTheirLabels() {
        let output = mock(
            """
            protocol P {
                subscript(row index: Int) -> String { get set }
                subscript(column index: Int) -> String { get }
            }
            """)
        #expect(output.contains(#"super[dynamicMember: "subscript(row:)"]"#))
        #expect(output.contains(#"super[dynamicMember: "setSubscript(row:)"]"#))
        #expect(output.contains(#"super[dynamicMember: "subscript(column:)"]"#))
    }

    @Test func overloadsWhoseSpiesCannotCoincideKeepTheBaseKey() {
        let output = mock(
            """
            protocol P {
                func score(_ value: Int) -> Int
                func score(_ value: Double) -> Int
                func find(id: Int) -> String
                func find(name: String) -> String
                func encode(_ value: Int) -> String
                func encode<T: Encodable>(_ value: T) -> String
                subscript(row index: Int) -> String { get }
                subscript(column index: String) -> String { get }
            }
            """)
        #expect(output.contains("spy: super.score)"))
        #expect(output.contains("spy: super.find)"))
        #expect(output.contains("spy: super.encode)"))
        #expect(output.contains("spy: super.subscriptIndex)"))
        #expect(!output.contains("dynamicMember"))
    }
}
