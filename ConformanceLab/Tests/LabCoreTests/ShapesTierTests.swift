import Foundation
import Testing

@testable import LabCore

/// The shapes tier (issue 19's declaration forms): what it generates and the source of its cases.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct ShapesTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    /// The shapes tier proper (the typed-throwing closures and bound `read` tiers, appended later, have tests
    /// of their own).
    static var tier: [Shape] { shapes.filter { $0.tier == .shapes && !($0.form?.isLaterTier ?? false) } }

    private func text(_ shape: Shape, _ backend: Backend = .stub) -> String {
        CaseSource(labCase: LabCase(index: 7, shape: shape, seed: 1), backend: backend).text
    }

    private func shape(_ form: ShapeForm, _ kind: RequirementKind = .method, _ effect: Effect) -> Shape {
        guard let shape = Self.tier.first(where: { $0.form == form && $0.kind == kind && $0.effect == effect }) else {
            preconditionFailure("no \(form) \(kind) \(effect) shape")
        }
        return shape
    }

    @Test func everyFormIsAMethodUnderEveryEffectAndAStaticMethod() {
        let tier = Self.tier
        #expect(tier.count <= 210)
        // Coroutine accessors are properties, so only the other forms are methods.
        for form in ShapeForm.allCases where !form.needsCoroutineAccessors && !form.isLaterTier {
            let mine = tier.filter { $0.form == form }
            #expect(Set(mine.filter { $0.kind == .method }.map(\.effect)) == Set(Effect.classic), "\(form)")
            #expect(mine.contains { $0.kind == .staticMethod }, "\(form)")
            #expect(mine.allSatisfy { $0.focus == form.rawValue && $0.group == form.group })
        }
        // The tier comes after the earlier tiers (only the evidence modules' shapes follow it).
        let first = Self.shapes.firstIndex { $0.tier == .shapes } ?? Self.shapes.count
        let evidence = Set(TypeFamily.evidenceFamilies.map(\.id))
        #expect(Self.shapes[first...].allSatisfy { $0.tier == .shapes || evidence.contains($0.focus) })
        // Tuple parameters belong to the first tiers (filter `tuple`), not here.
        #expect(!tier.contains { $0.parameters.contains { TypeFamily.named($0).group == .tuple } })
    }

    @Test func aGenericWrapperIsDeclaredGenericallyAndCheckedWithConcreteTypes() {
        let source = text(shape(.genericSet, .method, .typedThrows))
        #expect(source.contains("func call<T: Hashable>(_ a0: Set<T>) throws(LabError) -> Set<T>"))
        #expect(source.contains("let e0: Set<Int> = "))
        #expect(source.contains("stub.when(returning: expected) { try $0.call(Match.any(using: e0)) }"))
        #expect(source.contains("verdict.result(got, expected, { $0 == $1 })"))
        let variadic = text(shape(.genericVariadic, .method, .sync))
        #expect(variadic.contains("func call<T>(_ a0: T...) -> [T]"))
        #expect(variadic.contains("$0.call(Match.any(using: 0 as Int))"))
    }

    @Test func anAutoclosureIsRecordedWithAnyAndMustNotBeEvaluated() {
        let source = text(shape(.autoclosure, .method, .async))
        #expect(source.contains("(_ a0: @autoclosure @escaping @Sendable () -> "))
        #expect(source.contains("await $0.call(Match.any())"))
        #expect(source.contains("labEvaluations = 0"))
        #expect(source.contains("subject.call(labCounted(e0()))"))
        #expect(source.contains("verdict.unevaluated()"))
    }

    @Test func anAsyncClosureIsComparedByAwaitingBoth() {
        let source = text(shape(.asyncClosure, .method, .sync))
        #expect(source.contains("func check_c0007_() async -> LabVerdict"))
        #expect(source.contains("await verdict.argumentAsync(0, e0, { await labSameAsync($0, $1) { f in "))
    }

    @Test func selfAndCallerBoundFormsGoThroughGenericOpeners() {
        let argument = text(shape(.consumingSelf, .method, .asyncThrows))
        #expect(
            argument.contains(
                "func call(_ a0: consuming Self) async throws -> Int; func tag() -> Int; func labSibling() -> Self"))
        #expect(argument.contains("func open_c0007<S: P_c0007>(_ s: S, _ a0: any P_c0007) async throws -> Int"))
        #expect(argument.contains("let e0: any P_c0007 = other"))
        // The sent value is a second value of the same stub, never the subject itself.
        #expect(argument.contains("stub.when(returningSelf: { $0.labSibling() }).thenReturnValue()"))
        #expect(argument.contains("let other: any P_c0007 = subject.labSibling()"))
        #expect(argument.contains("verdict.argument(0, e0, { labSameObject($0, $1) })"))
        #expect(argument.contains(".thenThrow(thrown)"))
        #expect(argument.contains("pattern.interactions.verify(2...2)"))
        let control = text(shape(.consumingSelf, .method, .asyncThrows), .control)
        #expect(!control.contains("Match."))
        #expect(control.contains("labProbe.record(copy a0)"))
        let result = text(shape(.optionalSelfResult, .method, .throws))
        #expect(result.contains("stub.when(returningOptionalSelf: { try $0.call(Match.any(using: e0)) })"))
        #expect(result.contains("verdict.made(got, like: subject)"))
        let bound = text(shape(.callerBound, .method, .async))
        #expect(bound.contains("protocol P_c0007 { associatedtype A; func call(_ a0: A) async -> A }"))
        #expect(
            bound.contains("associatedTypes: [.binding(declaredBy: (any P_c0007).self, named: \"A\", to: Int.self)]"))
    }

    @Test func accessorsCarryTheFormsWhereTheyCanAppear() {
        let tier = Self.tier
        let getter = tier.first { $0.form == .selfResult && $0.kind == .getter }!
        let source = text(getter)
        #expect(source.contains("var value: Self { get"))
        #expect(source.contains("stub.when(returningSelf: {"))
        #expect(source.contains("$0.value }).then { () in labProbe.record() }"))
        #expect(source.contains("getterEffects: ."))
        let subscriptShape = tier.first { $0.form == .selfArgument && $0.kind == .subscript }!
        #expect(text(subscriptShape).contains("subscript(_ a0: Self) -> Int { get"))
        #expect(text(subscriptShape).contains("s[a0 as! S]"))
        let bound = text(tier.first { $0.form == .callerBound && $0.kind == .getter }!)
        #expect(bound.contains("associatedtype A; var value: A { get"))
        #expect(bound.contains("let got = subject.value as? Int") || bound.contains("subject.value as? Int"))
    }

    @Test func coroutineAccessorsComeLastInAModuleOfTheirOwnBuiltOnX86Only() throws {
        let accessors = Self.tier.filter { $0.form?.needsCoroutineAccessors == true }
        #expect(accessors.count == 10)
        // Appended after every other shape but the evidence modules' and the later tiers', so the earlier
        // cases keep their numbers.
        let evidence = Set(TypeFamily.evidenceFamilies.map(\.id))
        let earlier = Self.shapes.filter { !evidence.contains($0.focus) && !($0.form?.isLaterTier ?? false) }
        #expect(earlier.suffix(accessors.count) == accessors[...])
        let read = text(try #require(accessors.first { $0.form == .readAccessor && $0.result == "LabLarge5" }))
        #expect(read.contains("protocol P_c0007 { var value: LabLarge5 { read } }"))
        #expect(read.contains("stub.when(returning: expected) { $0.value }"))
        let modify = text(try #require(accessors.first { $0.form == .modifyAccessor && $0.result == "String" }))
        #expect(modify.contains("protocol P_c0007 { var value: String { get set } }"))
        #expect(modify.contains("let getterPattern = stub.when(returning: expected) { $0.value }.thenReturn(expected)"))
        #expect(modify.contains("swap(&settable.value, &got)"))
        #expect(modify.contains("verdict.result(got, expected, "))
        #expect(modify.contains("getterPattern.interactions.verify(1...1)"))

        let cases = ShapeGenerator(seed: 1, size: nil).cases().filter { $0.shape.tier == .shapes }
        for architecture in Architecture.allCases {
            var package = GeneratedPackage(
                directory: URL(fileURLWithPath: "/repo/.build/lab/\(architecture)"),
                repositoryRoot: URL(fileURLWithPath: "/repo"), backend: .stub)
            package.architecture = architecture
            let files = package.files(for: cases)
            let module = try #require(files["Sources/\(GeneratedPackage.coroutineAccessorTarget)/Cases00.swift"])
            #expect(
                files.keys.filter { $0.hasPrefix("Sources/LabCases") }.allSatisfy { !files[$0]!.contains("{ read }") })
            let feature =
                ".target(name: \"LabCoroutineCases\", dependencies: [\"LabSupport\", \"LabEvolution\", "
                + GeneratedPackage.libraryTargets.dropFirst().map { "\"\($0)\", " }.joined()
                + ".product(name: \"TestDoubles\", package: \"repo\")], swiftSettings: "
                + "[.enableExperimentalFeature(\"CoroutineAccessors\")]),"
            #expect(files["Package.swift"]!.contains(feature) == (architecture == .x86_64))
            #expect(files["Sources/LabRunner/main.swift"]!.contains("cases.merge(LabCoroutineCases.registry)"))
            #expect(module.contains("{ read }") == (architecture == .x86_64))
            #expect(module.contains("cannot parse a `read` accessor") == (architecture == .arm64))
        }
    }

    @Test func primaryAssociatedTypesAreBoundByTheExistential() {
        let source = text(shape(.threePrimary, .method, .throws))
        #expect(source.contains("protocol P_c0007<A, B, C> { associatedtype A; associatedtype B; associatedtype C; "))
        #expect(source.contains("func call(_ a0: A, _ a1: B) throws -> C"))
        #expect(source.contains("Stub<any P_c0007<LabLarge5, Double, String>>"))
        #expect(source.contains("typealias A = LabLarge5"))
    }
}

extension ShapeForm {
    /// Whether the form's cases come from a tier appended after the evidence modules'.
    var isLaterTier: Bool {
        self == .typedThrowingClosure || self == .boundReadAccessor || group == .isolatedProtocol
            || group == .constrainedExistential || group == .genericWrapper || group == .wideInteger
            || group.isStoreShapesGroup || group == .classDouble || group == .associatedConformance
            || group == .callerIsolated || group == .addressedTuple || group == .addressedTupleResult
    }
}
