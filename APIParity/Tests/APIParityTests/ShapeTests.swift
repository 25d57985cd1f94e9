import Foundation
import Testing

@testable import APIParity

@Suite struct ShapeParsingTests {
    private func shape(_ text: String) throws -> DeclarationShape {
        try #require(Declaration(parsing: text)).shape
    }

    @Test func typedThrowsAndResult() throws {
        let snapshot = try shape("public func snapshot() throws(FixtureError) -> InteractionFixture")
        #expect(snapshot.throwing == .typed("FixtureError"))
        #expect(snapshot.result == "InteractionFixture")
        #expect(!snapshot.isAsync && !snapshot.isStatic)
        #expect(try shape("func f() throws(Never) -> Int").throwing == .none)
        #expect(try shape("func f() throws(any Error)").throwing == .untyped)
    }

    @Test func asyncWithoutResultIsVoidAndAWhereClauseIsNotAResult() throws {
        let verify = try shape(
            "public func verify( _ expectedCounts: PartialRangeFrom<Int> = 1..., within timeout: Duration ) async")
        #expect(verify.isAsync && verify.throwing == .none && verify.result == "Void")
        let constrained = try shape("public func thenReplay(as key: String) -> CallInteractions where Result: Sendable")
        #expect(constrained.result == "CallInteractions")
        let rethrowing = try shape("public func with<R>(_ body: () throws -> R) rethrows -> R where R: Sendable")
        #expect(rethrowing.throwing == .rethrows && rethrowing.result == "R" && rethrowing.genericParameters == ["R"])
    }

    @Test func attributesAndModifiersAreKept() throws {
        let make = try shape("@discardableResult public static func make<each A>(_ a: repeat each A) -> Self")
        #expect(make.discardableResult && make.isStatic && make.result == "Self")
        #expect(make.genericParameters == ["A"])
        #expect(try shape("public class func make() -> Self").isStatic)
        #expect(try shape("public mutating func reset()").isMutating)
    }

    @Test func propertiesHaveATypeAndGetterEffects() throws {
        let plain = try shape("public var callCount: Int")
        #expect(plain.result == "Int" && !plain.isAsync)
        let effectful = try shape("var value: [String] { get async throws(StubError) }")
        #expect(effectful.result == "Array" && effectful.isAsync && effectful.throwing == .typed("StubError"))
        let valued = try shape("public static let currentSchemaVersion: Int = 2")
        #expect(valued.result == "Int" && valued.isStatic)
        #expect(try shape("public static let none = Self").result == nil)
    }

    @Test func initializersAreSelfOrOptionalSelf() throws {
        #expect(try shape("public init(named name: String? = nil)").result == "Self")
        #expect(try shape("public init?(rawValue: String)").result == "Self?")
        #expect(try shape("public convenience init() throws").throwing == .untyped)
    }

    @Test func resultClassesAreCoarse() {
        #expect(DeclarationShape.resultClass(of: "StubBehaviorChain<Result>") == "StubBehaviorChain")
        #expect(DeclarationShape.resultClass(of: "[(repeat each Argument)]") == "Array")
        #expect(DeclarationShape.resultClass(of: "[String: Int]") == "Dictionary")
        #expect(DeclarationShape.resultClass(of: "InvocationOutcome<Result>?") == "InvocationOutcome?")
        #expect(DeclarationShape.resultClass(of: "Optional<Int>") == "Int?")
        #expect(DeclarationShape.resultClass(of: "(Int) async -> Void") == "fn")
        #expect(DeclarationShape.resultClass(of: "any StubClock") == "StubClock")
        #expect(DeclarationShape.resultClass(of: "()") == "Void")
        #expect(DeclarationShape.resultClass(of: "(Int, String)") == "Tuple")
        #expect(DeclarationShape.resultClass(of: "P.Type") == "meta")
    }

    @Test func theShapeRoundTripsThroughTheListingLine() throws {
        var declaration = try #require(
            Declaration(parsing: "public static func load<T>(from url: URL) async throws(Fixture Error) -> Self?"))
        declaration.shape.discardableResult = true
        let entry = ListingEntry(area: "recording", owner: "InteractionFixture", declaration: declaration, section: "x")
        let read = try #require(ListingEntry(line: entry.line))
        #expect(read == entry)
        #expect(read.declaration.shape.throwing == .typed("Fixture Error"))
        // A line of the earlier five-column format still reads, with nothing to compare.
        let old = try #require(ListingEntry(line: "recording\tRecordingSession\tfunction\tsnapshot() []\tx.swift"))
        #expect(old.declaration.shape == DeclarationShape())
    }

    @Test func aDiscardableRuleMarksTheSeedsMembers() throws {
        let rules = try ListingRules(
            text: """
                area behaviors CallPattern.swift
                discardable CallPattern.swift thenReturn(
                """)
        let listing = """
            ## Sources/CallPattern.swift
            public struct CallPattern<Result>
            public func thenReturn(_ value: Result) -> CallInteractions
            public func thenThrow(_ error: any Error) -> CallInteractions
            """
        let entries = ListingNormalizer(rules: rules).normalize(listing).entries
        let discardable = Dictionary(
            uniqueKeysWithValues: entries.map { ($0.declaration.name, $0.declaration.shape.discardableResult) })
        #expect(discardable["thenReturn"] == true)
        #expect(discardable["thenThrow"] == false)
        #expect(entries.first?.declaration.shape.genericParameters == ["Result"])
    }
}

@Suite struct ShapeCheckTests {
    /// An index over one symbol graph holding `declarations` (path, text).
    private func index(
        _ declarations: [(path: [String], text: String)], conformances: [(String, String)] = []
    )
        throws -> SymbolGraphIndex
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("api-parity-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let symbols: [[String: Any]] = declarations.enumerated().map { number, declaration in
            [
                "identifier": ["precise": "s\(number)"], "pathComponents": declaration.path,
                "declarationFragments": [["spelling": declaration.text]],
            ]
        }
        let ids = Dictionary(declarations.enumerated().map { ($1.path.joined(separator: "."), "s\($0)") }) { a, _ in a }
        let relationships: [[String: String]] = conformances.compactMap { source, target in
            guard let from = ids[source], let to = ids[target] else { return nil }
            return ["kind": "inheritsFrom", "source": from, "target": to]
        }
        let data = try JSONSerialization.data(withJSONObject: ["symbols": symbols, "relationships": relationships])
        try data.write(to: directory.appendingPathComponent("M.symbols.json"))
        return try SymbolGraphIndex(directory: directory)
    }

    private func entry(_ owner: String, _ text: String, discardable: Bool = false) throws -> ListingEntry {
        var declaration = try #require(Declaration(parsing: text))
        declaration.shape.discardableResult = discardable
        return ListingEntry(area: "recording", owner: owner, declaration: declaration, section: "x")
    }

    @Test func oursThrowingWhereTheSeedDoesNotIsABreakAndTheReverseAWarning() throws {
        let ours = try index([
            (["RecordingSession"], "class RecordingSession"),
            (["RecordingSession", "snapshot()"], "func snapshot() throws(FixtureError) -> InteractionFixture"),
            (["RecordingSession", "save(to:)"], "func save(to url: URL)"),
        ])
        let check = ShapeCheck(index: ours)
        let snapshot = try #require(
            check.finding(for: entry("RecordingSession", "public func snapshot() -> InteractionFixture")))
        #expect(snapshot.breaks.count == 1)
        #expect(try #require(snapshot.breaks.first).contains("throws(FixtureError) here, nothrow in the seed"))
        #expect(snapshot.warnings.isEmpty)
        let save = try #require(check.finding(for: entry("RecordingSession", "public func save(to url: URL) throws")))
        #expect(save.breaks.isEmpty)
        #expect(try #require(save.warnings.first).contains("throws in the seed, nothrow here"))
    }

    @Test func asyncStaticAndMutatingDifferencesBreak() throws {
        let ours = try index([
            (["S"], "struct S"),
            (["S", "wait()"], "func wait() async"),
            (["S", "make()"], "static func make() -> S"),
            (["S", "reset()"], "mutating func reset()"),
        ])
        let check = ShapeCheck(index: ours)
        #expect(try #require(check.finding(for: entry("S", "public func wait()"))?.breaks.first).contains("async here"))
        #expect(try check.finding(for: entry("S", "public func wait() async")) == nil)
        #expect(try check.finding(for: entry("S", "public func make() -> S"))?.breaks.count == 1)
        #expect(try check.finding(for: entry("S", "public static func make() -> Self")) == nil)
        #expect(try check.finding(for: entry("S", "public func reset()"))?.breaks.count == 1)
    }

    @Test func resultsCompareByBaseNameThroughAliasesGenericsAndSubclasses() throws {
        let ours = try index(
            [
                (["CallPattern"], "struct CallPattern<Result>"),
                (["StubBehaviorChain"], "typealias StubBehaviorChain<R> = CallPattern<R>"),
                (["Stub"], "class Stub<P>"),
                (["Spy"], "class Spy<P>"),
                (["CallPattern", "thenReturn(_:)"], "func thenReturn(_ value: Result) -> CallPattern<Result>"),
                (["CallPattern", "value()"], "func value() -> Result"),
                (["CallPattern", "count()"], "func count() -> Int?"),
                (["CallPattern", "stub()"], "func stub() -> Spy<Int>"),
                (["CallPattern", "record(_:)"], "func record(_ value: Int) -> Int"),
                (["CallPattern", "note(_:)"], "@discardableResult func note(_ value: Int) -> Int"),
            ], conformances: [("Spy", "Stub")])
        let check = ShapeCheck(index: ours)
        #expect(
            try check.finding(
                for: entry("CallPattern", "public func thenReturn(_ value: Result) -> StubBehaviorChain<Result>"))
                == nil)
        #expect(try check.finding(for: entry("CallPattern", "public func value() -> Result")) == nil)
        #expect(try check.finding(for: entry("CallPattern", "public func stub() -> Stub<Int>")) == nil)
        let optional = try #require(check.finding(for: entry("CallPattern", "public func count() -> Int")))
        #expect(try #require(optional.breaks.first).contains("optional on one side only"))
        let unused = try #require(check.finding(for: entry("CallPattern", "public func record(_ value: Int)")))
        #expect(try #require(unused.breaks.first).contains("without @discardableResult"))
        #expect(try check.finding(for: entry("CallPattern", "public func note(_ value: Int)")) == nil)
        let discardable = try #require(
            check.finding(for: entry("CallPattern", "public func record(_ value: Int) -> Int", discardable: true)))
        #expect(try #require(discardable.breaks.first).contains("no @discardableResult here"))
        #expect(
            try check.finding(for: entry("CallPattern", "public func note(_ value: Int) -> Int", discardable: true))
                == nil)
    }

    @Test func theBestOverloadCountsAndPropertiesCompareTheirGetters() throws {
        let ours = try index([
            (["S"], "struct S"),
            (["S", "load(_:)-1"], "func load(_ value: Int) throws -> Int"),
            (["S", "load(_:)-2"], "func load(_ value: Int) -> Int"),
            (["S", "count"], "var count: Int { get async }"),
        ])
        let check = ShapeCheck(index: ours)
        #expect(try check.finding(for: entry("S", "public func load(_ value: Int) -> Int")) == nil)
        let count = try #require(check.finding(for: entry("S", "public var count: Int")))
        #expect(try #require(count.breaks.first).contains("async here"))
    }

    @Test func theReportCountsBreaksAndAShapeAllowanceExcusesThem() throws {
        let ours = try index([
            (["S"], "struct S"),
            (["S", "a()"], "func a() throws"),
            (["S", "b()"], "func b() throws"),
            (["S", "c()"], "func c()"),
        ])
        let entries = [
            try entry("S", "public func a()"), try entry("S", "public func b()"),
            try entry("S", "public func c() throws"),
        ]
        let allowList = try AllowList(text: "shape S.b() [] -- a reason")
        let report = ParityReport(
            entries: entries, check: ParityCheck(index: ours), shapes: ShapeCheck(index: ours), allowList: allowList)
        #expect(report.breakCount(in: ["recording"]) == 1)
        #expect(report.warningCount(in: ["recording"]) == 1)
        #expect(report.missingCount(in: ["recording"]) == 0)
        #expect(report.staleAllowances.isEmpty)
        let namesOnly = ParityReport(entries: entries, check: ParityCheck(index: ours), allowList: allowList)
        #expect(namesOnly.breakCount(in: ["recording"]) == 0)
    }

    @Test func aResultTypePairAllowanceExcusesOnlyThatPairAndOnlyAlone() throws {
        let ours = try index([
            (["Pattern"], "struct Pattern"),
            (["Interactions"], "struct Interactions"),
            (["Interactions", "count"], "var count: Int"),
            (["Pattern", "a()"], "func a() -> Pattern"),
            (["Pattern", "b()"], "func b() async -> Pattern"),
            (["Pattern", "c()"], "func c() -> Int"),
        ])
        let entries = [
            try entry("Pattern", "public func a() -> Interactions"),
            try entry("Pattern", "public func b() -> Interactions"),
            try entry("Pattern", "public func c() -> Interactions"),
        ]
        let allowList = try AllowList(
            text: "result Pattern for Interactions -- the pattern has the interactions' members")
        let report = ParityReport(
            entries: entries, check: ParityCheck(index: ours), shapes: ShapeCheck(index: ours), allowList: allowList)
        // a: excused; b: also async, so still a break; c: another pair.
        #expect(report.breakCount(in: ["recording"]) == 2)
        #expect(report.staleAllowances.isEmpty)
    }

    @Test func aResultTypeWithEveryMemberOfTheSeedsIsAWarning() throws {
        let ours = try index([
            (["Pattern"], "struct Pattern"),
            (["Pattern", "count"], "var count: Int"),
            (["Pattern", "a()"], "func a() -> Pattern"),
        ])
        let interactions = try #require(Declaration(parsing: "public struct Interactions"))
        let count = try entry("Interactions", "public var count: Int")
        let a = try entry("Pattern", "public func a() -> Interactions")
        let check = ShapeCheck(
            index: ours,
            entries: [ListingEntry(area: "recording", owner: "", declaration: interactions, section: "x"), count, a])
        let finding = try #require(check.finding(for: a))
        #expect(finding.breaks.isEmpty)
        #expect(try #require(finding.warnings.first).contains("every member the seed lists on Interactions"))
    }

    @Test func rethrowsServesASeedDeclarationWhoseClosuresCannotThrow() throws {
        let ours = try index([
            (["S"], "struct S"),
            (["S", "stub(configure:)"], "func stub(configure: (Int) throws -> Void) rethrows -> Int"),
        ])
        let check = ShapeCheck(index: ours)
        #expect(try check.finding(for: entry("S", "public func stub(configure: (Int) -> Void) -> Int")) == nil)
        let throwing = try #require(
            check.finding(for: entry("S", "public func stub(configure: (Int) throws -> Void) -> Int")))
        #expect(try #require(throwing.breaks.first).contains("rethrows here, nothrow in the seed"))
    }

    @Test func aSeedClosureThatMayThrowNeedsOneOfOurs() throws {
        let ours = try index([
            (["S"], "struct S"),
            (["S", "run(_:)"], "func run(_ body: () -> Void)"),
        ])
        let check = ShapeCheck(index: ours)
        let finding = try #require(
            check.finding(for: entry("S", "public func run(_ body: () throws -> Void) rethrows")))
        #expect(try #require(finding.breaks.first).contains("closure that may throw"))
        #expect(try check.finding(for: entry("S", "public func run(_ body: () -> Void)")) == nil)
    }

    @Test func aTypedThrowingAsyncClosureIsAsync() {
        #expect(TypeClass.of("@escaping @Sendable (Input) async throws(Effects.Failure) -> Output") == "fn-async")
        #expect(TypeClass.of("(Input) throws(E) -> Output") == "fn")
    }
}
