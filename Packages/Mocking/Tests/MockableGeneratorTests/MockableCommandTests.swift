import Foundation
import MockableGenerator
import Testing

@Suite struct MockableCommandTests {
    func run(_ arguments: [String], input: String) -> MockableCommand.Outcome {
        MockableCommand.run(arguments: arguments) { Data(input.utf8) }
    }

    @Test func theSeedsExamplePrintsMockP() {
        let outcome = run(["--no-debug-wrap"], input: "protocol P { func price(_ item: String) throws -> Int }")
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(
            outcome.standardOutput == """
                class MockP: SwiftMocking.Mock, @unchecked Sendable, P {
                    func price(_ item: SwiftMocking.ArgMatcher<String>) -> SwiftMocking.Interaction<String, SwiftMocking.Throws, Int> {
                        SwiftMocking.Interaction(item, spy: super.price)
                    }

                    func price(_ item: String) throws -> Int {
                        return try adaptThrowing(super.price, item)
                    }
                }

                """)
    }

    @Test func theDefaultOutputKeepsTheDebugWrapper() {
        let outcome = run([], input: "protocol P { func start() }")
        #expect(
            outcome.standardOutput.hasPrefix("#if DEBUG\nclass MockP: SwiftMocking.Mock, @unchecked Sendable, P {\n"))
        #expect(outcome.standardOutput.hasSuffix("}\n#endif\n"))
        #expect(outcome.standardOutput.contains("SwiftMocking.Interaction(.any, spy: super.start)"))
        #expect(outcome.standardOutput.contains("return adapt(super.start, ())"))
    }

    @Test func optionsComeFromTheFlagUnlessTheProtocolHasAnAttribute() {
        let flagged = run(["--no-debug-wrap", "--options", "suffixMock"], input: "protocol P { func a() }")
        #expect(flagged.standardOutput.hasPrefix("class PMock: SwiftMocking.Mock"))
        let attributed = run(
            ["--no-debug-wrap", "--options", "suffixMock"], input: "@Mockable([.prefixMock]) protocol P { func a() }")
        #expect(attributed.standardOutput.hasPrefix("class MockP: SwiftMocking.Mock"))
        let composed = run(
            ["--no-debug-wrap", "--options", ".composition"],
            input: "protocol P: UIViewController { func load(); static var count: Int { get } }")
        #expect(
            composed.standardOutput.hasPrefix(
                "class MockP: UIViewController, P, SwiftMocking.MockProviding, @unchecked Sendable {"))
        #expect(
            composed.standardOutput.contains(
                "    let mock = SwiftMocking.Mock(labelledAs: \"MockP\")\n\n"
                    + "    static let staticMock = SwiftMocking.Mock(staticSpiesOf: \"MockP\")"))
        #expect(composed.standardOutput.contains("return SwiftMocking.Mock.adapt(self.mock.load, ())"))
        #expect(composed.standardOutput.contains("SwiftMocking.Mock.adapt(staticMock.count, ())"))
    }

    @Test func aVisibleClassConstraintSelectsComposition() {
        let outcome = run(["--no-debug-wrap"], input: "class Base {}\nprotocol P: Base { func a() }")
        #expect(
            outcome.standardOutput.hasPrefix("class MockP: Base, P, SwiftMocking.MockProviding, @unchecked Sendable {"))
        #expect(outcome.standardError.isEmpty)
    }

    @Test func usageErrorsAndEmptyInput() {
        let unsupported = run(["--bogus"], input: "")
        #expect(unsupported.status == 1)
        #expect(unsupported.standardError.hasPrefix("error: unsupported argument '--bogus'\nusage: mockable"))
        let help = run(["--help"], input: "")
        #expect(help.status == 0 && help.standardOutput.hasPrefix("usage: mockable"))
        let empty = run([], input: "struct S {}")
        #expect(empty.status == 1)
        #expect(empty.standardError == "error: no protocol declaration found in input\n")
        let broken = run([], input: "protocol P { func }")
        #expect(broken.status == 1)
        #expect(broken.standardError.hasPrefix("error: input failed to parse as Swift:\n"))
        let badOption = run(["--options", "bogus"], input: "protocol P {}")
        #expect(badOption.status == 1 && badOption.standardError.hasPrefix("error: invalid --options value 'bogus'"))
    }

    @Test func anInheritedProtocolOutsideTheInputIsAWarning() {
        let outcome = run(["--no-debug-wrap"], input: "protocol B: A, Sendable { func b() }")
        #expect(outcome.status == 0)
        #expect(
            outcome.standardError
                == "<stdin>:1:13: warning: mock for protocol 'B' does not implement requirements inherited from 'A' "
                + "and may fail to conform\n")
    }

    @Test func withCompositionTheClassConstraintOutsideTheInputIsNoWarning() {
        let outcome = run(
            ["--no-debug-wrap", "--options", "[.composition]"], input: "protocol B: Base { func b() }")
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.standardOutput.contains("class MockB: Base"))
    }

    @Test func anUnmockableRequirementFailsClosedNamingIt() {
        let outcome = run(["--no-debug-wrap"], input: "protocol P { func run(_ body: () -> Void) }")
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.contains("requirement 'run(_:)' of protocol 'P' cannot be mocked"))
        #expect(outcome.standardError.contains("non-escaping closure"))
        let skipped = run(
            ["--no-debug-wrap", "--skip-unsupported"],
            input: "protocol P { func run(_ body: () -> Void) }\nprotocol Q { func q() }")
        #expect(skipped.status == 0)
        #expect(skipped.standardOutput.hasPrefix("class MockQ"))
        #expect(skipped.standardError.contains("warning: requirement 'run(_:)'"))
    }

    @Test func filesAndDirectoriesFlattenInheritanceAcrossFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mockable-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "protocol A { func a() -> Int }".write(
            to: directory.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        try "protocol B: A { func b() }".write(
            to: directory.appendingPathComponent("B.swift"), atomically: true, encoding: .utf8)
        let outcome = run(
            ["--no-debug-wrap", "--import", "Foundation", "--testable-import", "App", directory.path], input: "")
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(
            outcome.standardOutput.hasPrefix(
                "import SwiftMocking\nimport Foundation\nimport protocol App.A\nimport protocol App.B\n"
                    + "@testable import App\n\nclass MockA"))
        let mockB = try #require(outcome.standardOutput.range(of: "class MockB"))
        #expect(
            outcome.standardOutput[mockB.lowerBound...].contains("func a() -> Int {\n        return adapt(super.a, ())")
        )
    }

    @Test func aProtocolOfAModuleSourceIsImportedByName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mockable-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = directory.appendingPathComponent("Formatter.swift")
        let local = directory.appendingPathComponent("Local.swift")
        try "import Foundation\nprotocol Formatter { func format(_ v: Int) -> String }".write(
            to: app, atomically: true, encoding: .utf8)
        try "protocol Local { func run() }".write(to: local, atomically: true, encoding: .utf8)
        let outcome = run(
            ["--no-debug-wrap", "--import", "Foundation", local.path, "--module-source", "App=\(app.path)"], input: "")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(
            outcome.standardOutput.hasPrefix(
                "import SwiftMocking\nimport Foundation\nimport protocol App.Formatter\n@testable import App\n\n"))
        #expect(outcome.standardOutput.contains("class MockLocal"))
        #expect(!outcome.standardOutput.contains("App.Local"))

        let malformed = run(["--module-source", "App"], input: "")
        #expect(malformed.status == 1)
        #expect(malformed.standardError.contains("'--module-source' needs M=PATH, got 'App'"))
    }

    @Test func aNoncopyableParameterFailsClosedWhereverItsTypeIsDeclared() {
        let declarations = [
            "struct Ticket: ~Copyable { let id: Int }",
            "enum Outer { struct Ticket: Sendable, ~Copyable { let id: Int } }",
            "struct Outer {}\nextension Outer { struct Ticket: ~Copyable {} }",
            "struct Ticket<Value>: ~Swift.Copyable where Value: Sendable { let value: Value }",
            "enum Ticket: ~Copyable { case open }",
            "struct Ticket:\n    Sendable,\n    ~Copyable\n{ let id: Int }",
        ]
        for declaration in declarations {
            let outcome = run(
                ["--no-debug-wrap"],
                input: declaration + "\nprotocol Desk { func use(_ ticket: borrowing Ticket) -> Int }")
            #expect(outcome.status == 1, "\(declaration)")
            #expect(
                outcome.standardError.contains(
                    "parameter 'ticket' has a noncopyable type ('~Copyable'), which a spy cannot record"),
                "\(declaration)")
        }
        // A generic parameter's `~Copyable` leaves the type itself copyable.
        let copyable = run(
            ["--no-debug-wrap"],
            input:
                "struct Ticket<T: ~Copyable> { var id: Int }\nprotocol Desk { func use(_ ticket: Ticket<Int>) -> Int }")
        #expect(copyable.status == 0, "\(copyable.standardError)")
        #expect(copyable.standardOutput.contains("class MockDesk"))
    }
}
