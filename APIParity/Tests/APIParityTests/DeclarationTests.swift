import Testing

@testable import APIParity

@Suite struct DeclarationTests {
    @Test func functionKeepsLabelsAndClassesAndDropsIsolation() throws {
        let declaration = try #require(
            Declaration(
                parsing:
                    "public func verify<Result>( _ expectedCounts: PartialRangeFrom<Int> = 1..., within timeout: Duration, _ call: (P) async throws -> Result, isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID, line: UInt = #line )"
            ))
        #expect(declaration.title == "verify(_:within:_:fileID:line:)")
        #expect(
            declaration.parameterClasses == ["PartialRangeFrom=", "Duration", "fn-async", "StaticString=", "UInt="])
    }

    @Test func overloadsByPackAndVariadicDiffer() throws {
        let pack = try #require(
            Declaration(
                parsing:
                    "public static func method<each Argument, Result>( _ arguments: repeat (each Argument).Type, returning result: Result.Type, isThrowing: Bool = false, isAsync: Bool = false ) -> Self"
            ))
        let values = try #require(
            Declaration(
                parsing:
                    "public static func method( _ arguments: Value..., returning result: Value, isThrowing: Bool = false, isAsync: Bool = false ) -> Self"
            ))
        #expect(pack.title == values.title)
        #expect(pack.signatureKey == "method(_:returning:isThrowing:isAsync:) [pack,meta,Bool=,Bool=]")
        #expect(values.signatureKey == "method(_:returning:isThrowing:isAsync:) [variadic,_,Bool=,Bool=]")
    }

    @Test func anAttributeBeforeAParameterIsNotItsLabel() throws {
        let declaration = try #require(
            Declaration(
                parsing:
                    "public convenience init( exhaustive: Bool = false, line: UInt = #line, @Builder _ expectations: () throws -> [Expectation] ) rethrows"
            ))
        #expect(declaration.title == "init(exhaustive:line:_:)")
        #expect(declaration.parameterClasses == ["Bool=", "UInt=", "fn"])
    }

    @Test func aliasOfANestedTypeKeepsItsPath() throws {
        let alias = try #require(Declaration(parsing: "public typealias Placeholders = Match.Placeholders"))
        #expect(alias.aliasTarget == "Match.Placeholders")
        let generic = try #require(
            Declaration(parsing: "public typealias StubBehaviorChain<Result> = CallPattern<Result>"))
        #expect(generic.aliasTarget == "CallPattern")
    }

    @Test func curriedAsyncSignatureIsAsync() throws {
        let declaration = try #require(
            Declaration(
                parsing:
                    "public static func method<A0, Result>( signatureOf method: (_ instance: P) -> (A0) async -> Result ) -> Self"
            ))
        #expect(declaration.parameterClasses == ["fn-async"])
    }

    @Test func enumCasesSubscriptsTypesAndAliases() throws {
        let payload = try #require(
            Declaration(parsing: "case requirementMismatch( protocolName: String, requirementIndex: Int )"))
        #expect(payload.kind == .enumCase)
        #expect(payload.title == "requirementMismatch(protocolName:requirementIndex:)")
        let unlabeled = try #require(Declaration(parsing: "case returned(Value)"))
        #expect(unlabeled.title == "returned(_:)")
        let bare = try #require(Declaration(parsing: "case pending"))
        #expect(bare.title == "pending")
        let member = try #require(Declaration(parsing: "public subscript<R>(dynamicMember member: String) -> R"))
        #expect(member.title == "subscript(dynamicMember:)")
        let index = try #require(Declaration(parsing: "subscript(key: String) -> Int { get }"))
        #expect(index.title == "subscript(_:)")
        let type = try #require(Declaration(parsing: "public final class Spy<P>: Stub<P>"))
        #expect(type.kind == .type && type.name == "Spy")
        let alias = try #require(Declaration(parsing: "public typealias ClientStub<Client> = ManualStub<Client>"))
        #expect(alias.aliasTarget == "ManualStub")
        let classMethod = try #require(Declaration(parsing: "public class func make() -> Self"))
        #expect(classMethod.kind == .function && classMethod.name == "make")
    }

    @Test func aLineCutShortKeepsOnlyTheName() throws {
        let declaration = try #require(Declaration(parsing: "public func asyncThrowingFunction<"))
        #expect(declaration.labels == nil)
        #expect(declaration.title == "asyncThrowingFunction")
    }

    @Test func defaultsWithCommasAndArrowsDoNotSplitParameters() throws {
        let declaration = try #require(
            Declaration(
                parsing:
                    #"public func when( _ matcher: @escaping @Sendable (Int, String) -> Bool, describedBy description: String = "a, b" )"#
            ))
        #expect(declaration.title == "when(_:describedBy:)")
        #expect(declaration.parameterClasses == ["fn", "String="])
    }

    @Test func entriesRoundTripThroughTheirLine() throws {
        let declaration = try #require(
            Declaration(
                parsing: "public func thenReturn( _ value: Result, after delay: Duration? = nil, times: Int = 1 )"))
        let entry = ListingEntry(area: "behaviors", owner: "CallPattern", declaration: declaration, section: "x.swift")
        #expect(ListingEntry(line: entry.line) == entry)
    }
}

@Suite struct ServingTests {
    private func declaration(_ text: String) throws -> Declaration { try #require(Declaration(parsing: text)) }

    @Test func extraDefaultedParametersStillServe() throws {
        let listed = try declaration(
            "public func thenReturn( _ value: Result, after delay: Duration? = nil, times: Int = 1 )")
        let ours = try declaration(
            "func thenReturn(_ value: Result, after delay: Duration? = nil, times: Int = 1, fileID: String = #fileID)")
        #expect(ParityCheck.serves(ours: ours, listed: listed))
        let withoutDelay = try declaration("func thenReturn(_ value: Result, times: Int = 1)")
        #expect(!ParityCheck.serves(ours: withoutDelay, listed: listed))
        #expect(ParityCheck.serves(ours: withoutDelay, listed: listed.droppingDefaultedParameters()))
    }

    @Test func locationParametersMustFollowTheClosureWithStaticTypes() throws {
        let listed = try declaration(
            "public func verify<R>( _ expectedCounts: any RangeExpression<Int> = 1 ... 1, _ call: (P) throws -> R, fileID: StaticString = #fileID, line: UInt = #line )"
        )
        let before = try declaration(
            "func verify<C: CallCountExpression, R>(_ count: C, fileID: StaticString = #fileID, line: UInt = #line, _ body: (P) throws -> R)"
        )
        #expect(!ParityCheck.serves(ours: before, listed: listed))
        let after = try declaration(
            "func verify<C: CallCountExpression, R>(_ count: C = .once, _ body: (P) throws -> R, fileID: StaticString = #fileID, line: UInt = #line)"
        )
        #expect(ParityCheck.serves(ours: after, listed: listed))
        let strings = try declaration(
            "func verify<C: CallCountExpression, R>(_ count: C = .once, _ body: (P) throws -> R, fileID: String = #fileID, line: Int = #line)"
        )
        #expect(!ParityCheck.serves(ours: strings, listed: listed))
    }

    @Test func aRequiredParameterOfOursThatTheListingLacksDoesNotServe() throws {
        let listed = try declaration("public func waitForCall(count: Int = 1) async")
        let ours = try declaration("func waitForCall(count: Int = 1, within timeout: Duration) async")
        #expect(!ParityCheck.serves(ours: ours, listed: listed))
    }
}

@Suite struct NormalizingTests {
    @Test func aMemberRuleWithADashMakesAListedAliasTopLevel() throws {
        let rules = try ListingRules(
            text: """
                area scenarios Scenario.swift
                member Scenario.swift StubScenario -
                """)
        let listing = """
            ## Sources/Scenario.swift
            public struct TestDoubleScenario<Subject>
            public func apply(to subject: Subject)
            public typealias StubScenario<P> = TestDoubleScenario<Stub<P>>
            public typealias Other = Int
            """
        let entries = ListingNormalizer(rules: rules).normalize(listing).entries
        let owners = Dictionary(uniqueKeysWithValues: entries.map { ($0.declaration.name, $0.owner) })
        #expect(owners["apply"] == "TestDoubleScenario")
        #expect(owners["StubScenario"] == "")
        #expect(owners["Other"] == "TestDoubleScenario")
    }
}

@Suite struct FunctionAliasTests {
    @Test func aParameterSpelledWithAFunctionAliasIsAClosure() throws {
        let text = "public func capture(_ callback: @escaping Callback)"
        let plain = try #require(Declaration(parsing: text))
        #expect(plain.parameterClasses == ["_"])
        let aliased = try #require(Declaration(parsing: text, functionAliases: ["Callback": "fn"]))
        #expect(aliased.parameterClasses == ["fn"])
        let other = try #require(
            Declaration(parsing: "public func keep(_ value: Callbacks)", functionAliases: ["Callback": "fn"]))
        #expect(other.parameterClasses == ["_"])
    }
}
