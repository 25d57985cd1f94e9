import Testing

@testable import DoublesGenCore

@Suite struct ParserTests {
    private func parse(_ source: String) -> ParsedFile {
        Parser.parse(source, file: "t.swift")
    }

    private func only(_ source: String) throws -> ProtocolDeclaration {
        let file = parse(source)
        #expect(file.diagnostics.filter { $0.severity == .error }.isEmpty, "\(file.diagnostics)")
        return try #require(file.protocols.first)
    }

    private func requirement(_ member: String) throws -> Requirement {
        try #require(try only("protocol P {\n\(member)\n}").requirements.first)
    }

    private func errors(_ source: String) -> [String] {
        parse(source).diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    // MARK: - Protocol headers

    @Test func readsAttributesAccessPrimaryTypesInheritanceAndWhere() throws {
        let declaration = try only(
            """
            @MainActor @available(macOS 14, *)
            public protocol Store<Item>: Base, Sendable where Item: Hashable, Self.Item == Int {}
            """
        )
        #expect(declaration.name == "Store")
        #expect(declaration.accessLevel == "public")
        #expect(declaration.attributes == ["@MainActor", "@available(macOS 14, *)"])
        #expect(declaration.primaryAssociatedTypes == ["Item"])
        #expect(declaration.inherited.map(\.name) == ["Base", "Sendable"])
        #expect(declaration.whereClause == "Item: Hashable, Self.Item == Int")
        #expect(declaration.location == SourceLocation(file: "t.swift", line: 2, column: 17))
    }

    @Test func splitsCompositionsInTheInheritanceClause() throws {
        #expect(try only("protocol P: A & B, AnyObject {}").inherited.map(\.name) == ["A", "B", "AnyObject"])
    }

    @Test func readsAssociatedTypesWithConstraintsDefaultsAndWhereClauses() throws {
        let declaration = try only(
            """
            protocol P {
                associatedtype A
                associatedtype B: Hashable, Sendable = Int
                associatedtype C: Collection where C.Element == A
            }
            """
        )
        let types = declaration.associatedTypes
        #expect(types.map(\.name) == ["A", "B", "C"])
        #expect(types[1].constraint == "Hashable & Sendable")
        #expect(types[1].defaultType == "Int")
        #expect(types[2].whereClause == "C.Element == A")
    }

    @Test func findsOnlyTopLevelProtocolsAndSkipsOtherCode() throws {
        let file = parse(
            """
            import Foundation
            struct S { func f() -> String { "protocol Q {" } }
            enum E { case a; protocol Nested { func n() } }
            let text = \"\"\"
                protocol InString { func g() }
                \"\"\"
            final class C: NSObject { @objc dynamic var x = 1 }
            protocol Real { func r() }
            extension Real { func helper() {} }
            """
        )
        #expect(file.protocols.map(\.name) == ["Real"])
        #expect(file.protocols[0].requirements.count == 1)
        #expect(
            file.diagnostics.map(\.message) == [
                "nested protocol 'Nested' skipped: \(Parser.nestedProtocolFix)"
            ])
    }

    // MARK: - Methods

    @Test func readsLabelsUnderscoresAndInternalNames() throws {
        let requirement = try requirement("func track(_ event: String, for user: Int, count: Int, _: Bool)")
        guard case .method(let name, _, let parameters, _, let result) = requirement.kind else {
            Issue.record("not a method")
            return
        }
        #expect(name == "track")
        #expect(result == nil)
        #expect(parameters.map(\.label) == [nil, "for", "count", nil])
        #expect(parameters.map(\.name) == ["event", "user", "count", nil])
        #expect(requirement.displayName == "track(_:for:count:_:)")
    }

    @Test func readsAParametersOwnAttributesBeforeItsNames() throws {
        let requirement = try requirement(
            "func run(@_inheritActorContext _ body: @escaping @Sendable () async -> Void, @_implicitSelfCapture x: Int)"
        )
        guard case .method(_, _, let parameters, _, _) = requirement.kind else {
            Issue.record("not a method")
            return
        }
        #expect(parameters.map(\.attributes) == [["@_inheritActorContext"], ["@_implicitSelfCapture"]])
        #expect(parameters.map(\.name) == ["body", "x"])
        #expect(parameters.map(\.type.text) == ["@escaping @Sendable () async -> Void", "Int"])
    }

    @Test(arguments: [
        ("func f()", ""),
        ("func f() async", " async"),
        ("func f() throws", " throws"),
        ("func f() async throws", " async throws"),
        ("func f() throws(LoadError)", " throws(LoadError)"),
        ("func f() async throws(any Error)", " async throws(any Error)"),
        ("func f(_ g: () throws -> Void) rethrows", " rethrows"),
    ])
    func readsEffects(member: String, expected: String) throws {
        guard case .method(_, _, _, let effects, _) = try requirement(member).kind else {
            Issue.record("not a method")
            return
        }
        #expect(effects.text == expected)
    }

    @Test func readsGenericsAndWhereClauses() throws {
        let requirement = try requirement(
            "func join<S: Sequence, T>(_ values: S, _ t: T) -> String where S.Element == String, T: Sendable"
        )
        guard case .method(_, let generics, _, _, let result) = requirement.kind else {
            Issue.record("not a method")
            return
        }
        #expect(generics == "<S: Sequence, T>")
        #expect(result?.text == "String")
        #expect(requirement.whereClause == "S.Element == String, T: Sendable")
    }

    @Test func readsInoutVariadicAndClosureParameters() throws {
        let requirement = try requirement(
            """
            func f(_ a: inout [Int], _ b: String..., c: @escaping @Sendable (Int) async throws -> Void, \
            d: () -> Void, e: @autoclosure () -> Bool, g: ((Int) -> Void)?)
            """
        )
        guard case .method(_, _, let parameters, _, _) = requirement.kind else {
            Issue.record("not a method")
            return
        }
        #expect(parameters[0].type.isInout)
        #expect(parameters[0].type.text == "inout [Int]")
        #expect(parameters[1].isVariadic)
        #expect(parameters[1].type.text == "String")
        #expect(parameters[2].type.text == "@escaping @Sendable (Int) async throws -> Void")
        #expect(parameters[2].type.isEscaping && parameters[2].type.isFunction)
        #expect(parameters[3].type.isNonEscapingClosure)
        #expect(parameters[4].type.isAutoclosure)
        #expect(!parameters[5].type.isNonEscapingClosure)
        #expect(parameters[5].type.text == "((Int) -> Void)?")
    }

    @Test func readsModifiersAndAttributesOnRequirements() throws {
        let declaration = try only(
            """
            protocol P {
                @available(*, deprecated) @discardableResult
                nonisolated static func make() -> Int
                mutating func change()
                static func == (lhs: Self, rhs: Self) -> Bool
                nonisolated(nonsending) func later() async
            }
            """
        )
        let make = declaration.requirements[0]
        #expect(make.attributes == ["@available(*, deprecated)", "@discardableResult"])
        #expect(make.isStatic && make.isolationModifier == "nonisolated")
        #expect(!declaration.requirements[1].isStatic && declaration.requirements[1].isolationModifier == nil)
        #expect(declaration.requirements[2].displayName == "==(lhs:rhs:)")
        #expect(declaration.requirements[3].isolationModifier == "nonisolated(nonsending)")
    }

    @Test(arguments: [
        ("[String: [Int]]", "[String: [Int]]"),
        ("Dictionary<String,Array<Int>>", "Dictionary<String, Array<Int>>"),
        ("any   P&Q", "any P & Q"),
        ("(Int,String)->Void", "(Int, String) -> Void"),
        ("(first: Int, second: String)", "(first: Int, second: String)"),
        ("Result<Int , Error>?", "Result<Int, Error>?"),
        ("some Collection<Int>", "some Collection<Int>"),
        ("P.Type", "P.Type"),
        ("Swift.Int!", "Swift.Int!"),
    ])
    func canonicalizesTypes(written: String, canonical: String) throws {
        guard case .method(_, _, _, _, let result) = try requirement("func f() -> \(written)").kind else {
            Issue.record("not a method")
            return
        }
        #expect(result?.text == canonical)
    }

    // MARK: - Properties, subscripts, initializers

    @Test(arguments: [
        ("var a: Int { get }", false, ""),
        ("var a: Int { get set }", true, ""),
        ("var a: Int { mutating get nonmutating set }", true, ""),
        ("var a: Int { get async throws }", false, " async throws"),
        ("var a: Int { get throws(LoadError) }", false, " throws(LoadError)"),
    ])
    func readsProperties(member: String, settable: Bool, effects: String) throws {
        guard case .property(let name, let type, let isSettable, let getterEffects) = try requirement(member).kind
        else {
            Issue.record("not a property")
            return
        }
        #expect(name == "a" && type.text == "Int")
        #expect(isSettable == settable)
        #expect(getterEffects.text == effects)
    }

    @Test func readsSubscripts() throws {
        let requirement = try requirement("static subscript<K: Hashable>(key: K, at index: Int) -> String? { get set }")
        guard case .subscript(let generics, let parameters, let result, let isSettable, _) = requirement.kind else {
            Issue.record("not a subscript")
            return
        }
        #expect(requirement.isStatic)
        #expect(generics == "<K: Hashable>")
        #expect(parameters.map(\.label) == [nil, "at"])
        #expect(parameters.map(\.name) == ["key", "index"])
        #expect(result.text == "String?")
        #expect(isSettable)
    }

    @Test(arguments: [
        ("init(name: String)", "", ""),
        ("init?(code: Int)", "?", ""),
        ("init!(code: Int)", "!", ""),
        ("init(path: String) async throws", "", " async throws"),
    ])
    func readsInitializers(member: String, failability: String, effects: String) throws {
        guard case .initializer(let written, _, _, let parsedEffects) = try requirement(member).kind else {
            Issue.record("not an initializer")
            return
        }
        #expect(written == failability)
        #expect(parsedEffects.text == effects)
    }

    // MARK: - Conditions and skipped declarations

    @Test func keepsIfConditionsOnRequirementsWithAWarning() throws {
        let file = parse(
            """
            protocol P {
                func a()
                #if os(Linux)
                func b()
                #elseif DEBUG
                func c()
                #else
                func d()
                #endif
            }
            """
        )
        let requirements = try #require(file.protocols.first).requirements
        #expect(
            requirements.map(\.conditions.combined) == [
                "", "os(Linux)", "!(os(Linux)) && (DEBUG)", "!(os(Linux)) && !DEBUG",
            ])
        #expect(
            file.diagnostics.map(\.description) == [
                "t.swift:3:5: warning: requirements inside '#if' are generated under the same condition"
            ])
    }

    @Test func countsLinesAcrossWindowsLineEndings() throws {
        let file = parse("protocol P {\r\n    func f(x: Int = 1)\r\n}\r\n")
        #expect(
            file.diagnostics.map(\.description) == [
                "t.swift:2:19: error: default arguments are not allowed in protocol requirements"
            ])
    }

    @Test func keepsTopLevelConditionsOnProtocols() throws {
        let declaration = try only("#if canImport(Foundation)\nprotocol P {}\n#endif")
        #expect(declaration.conditions.combined == "canImport(Foundation)")
    }

    @Test func skipsNestedTypesAndTypeAliasesWithNotes() throws {
        let file = parse(
            """
            protocol P {
                typealias Handler = (Int) -> Void
                struct Nested { func x() {} }
                func f()
            }
            """
        )
        #expect(file.protocols.first?.requirements.count == 1)
        #expect(file.diagnostics.map(\.severity) == [.note, .note])
    }

    // MARK: - Errors

    @Test(arguments: [
        (
            "protocol P { func f(x: Int = 1) }",
            "t.swift:1:28: error: default arguments are not allowed in protocol requirements"
        ),
        ("protocol P {\n  func f() {}\n}", "t.swift:2:12: error: a protocol requirement cannot have a body"),
        (
            "protocol P {\n  let x: Int\n}",
            "t.swift:2:3: error: protocols cannot require 'let' properties; use 'var' with '{ get }'"
        ),
        (
            "protocol P { var x: Int }",
            "t.swift:1:25: error: expected '{' to open the accessors of property 'x', found '}'"
        ),
        ("protocol P { var x: Int { set } }", "t.swift:1:33: error: an accessor requirement needs 'get'"),
        ("protocol P { func f() throws async }", "t.swift:1:30: error: 'async' must come before 'throws'"),
        ("protocol P {\n  func f(\n}", "t.swift:3:1: error: expected a parameter name, found '}'"),
        ("protocol P { func f()", "t.swift:1:22: error: expected '}' to close protocol 'P'"),
        ("protocol P { 42 }", "t.swift:1:14: error: unsupported declaration in protocol 'P': '42'"),
        ("protocol P { #if DEBUG\n func f() }", "t.swift:1:14: error: '#if' without '#endif' in protocol body"),
        ("protocol P { func f() -> }", "t.swift:1:26: error: expected a type, found '}'"),
    ])
    func reportsMalformedInputWithLocation(source: String, expected: String) {
        #expect(errors(source) == [expected])
    }

    @Test func notesNestedProtocols() {
        let file = parse("enum Namespace {\n    protocol Inner { func f() }\n}")
        #expect(file.protocols.isEmpty)
        #expect(
            file.diagnostics.map(\.description) == [
                "t.swift:2:14: note: nested protocol 'Inner' skipped: \(Parser.nestedProtocolFix)"
            ])
    }

    @Test func marksObjectiveCProtocolsAndRequirementsUnsupported() throws {
        let declaration = try only(
            """
            @objc protocol P {
                @objc optional func f()
                func g()
            }
            """
        )
        #expect(
            declaration.unsupported.map(\.description) == [
                "t.swift:1:7: error: @objc protocols are not supported: Objective-C protocols need an NSObject conformer",
                "t.swift:2:20: error: @objc requirements are not supported",
                "t.swift:2:20: error: 'optional' requirements are not supported",
            ])
    }

    @Test func keepsGoingAfterABrokenProtocol() {
        let file = parse("protocol Broken { func f(x: Int = 1) }\nprotocol Fine { func g() }")
        #expect(file.protocols.map(\.name) == ["Fine"])
        #expect(file.diagnostics.count == 1)
    }

    @Test func collectsNoncopyableTypesWhereverTheyAreDeclared() {
        let file = parse(
            """
            struct Ticket: ~Copyable { let id: Int }
            enum Outer {
                struct Stub: Sendable, ~Copyable {}
                enum Inner { enum Token: ~Swift.Copyable { case one } }
            }
            extension Outer { struct Lease: ~Copyable {} }
            struct Holder<Value>: ~Copyable where Value: Sendable { let value: Value }
            struct Pair<First: Sendable, Second>: Equatable, ~Copyable {}
            func make() { struct Local: ~Copyable {} }
            #if DEBUG
            struct Debug: ~Copyable {}
            #endif
            struct Box<Element: ~Copyable> { var count: Int }
            struct Plain: Sendable {}
            enum Named { case noncopyable }
            protocol P { func use(_ ticket: borrowing Ticket) }
            """)
        #expect(file.diagnostics.isEmpty)
        #expect(
            file.noncopyableTypeNames == ["Ticket", "Stub", "Token", "Lease", "Holder", "Pair", "Local", "Debug"])
        #expect(file.protocols.map(\.name) == ["P"])
    }
}
