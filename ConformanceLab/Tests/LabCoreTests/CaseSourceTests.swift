import Foundation
import Testing

@testable import LabCore

@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct CaseSourceTests {
    private func labCase(_ shape: Shape) -> LabCase { LabCase(index: 3, shape: shape, seed: 1) }

    @Test func aControlCheckCallsTheConformerThroughTheExistentialAndComparesEverything() {
        let shape = Shape(
            kind: .method, effect: .asyncThrows, structure: .plain, layout: .single, parameters: ["Double"],
            result: "String", focus: "Double")
        let text = CaseSource(labCase: labCase(shape), backend: .control).text
        #expect(text.contains("protocol P_c0003 { func call(_ a0: Double) async throws -> String }"))
        #expect(text.contains("let subject: any P_c0003 = C_c0003(labSubject: ())"))
        #expect(text.contains("let got: String = try await subject.call(e0)"))
        #expect(text.contains("verdict.argument(0, e0, { $0.bitPattern == $1.bitPattern })"))
        #expect(text.contains("verdict.result(got, expected, { $0 == $1 })"))
        #expect(text.contains("labProbe.begin(failure: thrown)"))
        #expect(!text.contains("Stub<"))
    }

    @Test func aStubCheckConfiguresAHandlerAndAnErrorAndVerifies() {
        let shape = Shape(
            kind: .method, effect: .typedThrows, structure: .composed, layout: .single, parameters: ["LabRef"],
            result: "Int", focus: "LabRef")
        let text = CaseSource(labCase: labCase(shape), backend: .stub).text
        #expect(text.contains("stub = try Stub<any P_c0003_A & P_c0003>()"))
        #expect(text.contains("catch let error as StubError"))
        #expect(
            text.contains("stub.when(returning: expected) { try $0.call(Match.any(using: e0)) }.then { (a0: LabRef) in")
        )
        #expect(text.contains(".thenThrow(thrown)"))
        #expect(text.contains("if !pattern.interactions.verify(2...2) {"))
        #expect(text.contains("verdict.argument(0, e0, { $0 === $1 })"))
    }

    @Test func settersAreConfiguredWithWhenSet() {
        let setter = Shape(
            kind: .setter, effect: .sync, structure: .plain, layout: .single, parameters: ["Int"], result: nil,
            focus: "Int")
        let text = CaseSource(labCase: labCase(setter), backend: .stub).text
        #expect(
            text.contains("stub.whenSet { $0.value = Match.any(using: e0) }.then { (a0: Int) in labProbe.record(a0)"))
        #expect(text.contains("if !pattern.interactions.verify(1...1) {"))
    }

    @Test func aStubCheckOfAnInitializerAnswersWithTheStubAndChecksTheMadeValue() {
        let shape = Shape(
            kind: .initializer, effect: .asyncThrows, structure: .plain, layout: .single, parameters: ["String"],
            result: nil, focus: "String")
        let text = CaseSource(labCase: labCase(shape), backend: .stub).text
        #expect(!text.contains("verdict.skipped"))
        #expect(
            text.contains(
                "let pattern = await stub.when { try await type(of: $0).init(Match.any(using: e0)) }"
                    + ".then { (a0: String) in labProbe.record(a0); return stub() }.thenThrow(thrown)"))
        #expect(text.contains("var made: (any P_c0003)?"))
        #expect(text.contains("made = try await type(of: subject).init(e0)"))
        #expect(text.contains("verdict.argument(0, e0, { $0 == $1 })"))
        #expect(text.contains("verdict.made(made, like: subject)"))
        // The throwing call goes through the made value.
        #expect(text.contains("_ = try await type(of: (made ?? subject)).init(e0)"))
        #expect(text.contains("if !pattern.interactions.verify(2...2) {"))
        #expect(!text.contains("other()"))
    }

    @Test func aComposedInitializerChecksTheMadeValueAnswersTheOtherProtocol() {
        let shape = Shape(
            kind: .initializer, effect: .sync, structure: .composed, layout: .single, parameters: ["Int"],
            result: nil, focus: "Int")
        let stub = CaseSource(labCase: labCase(shape), backend: .stub).text
        #expect(stub.contains("stub.when { type(of: $0).init(Match.any(using: e0)) }.then { (a0: Int) in"))
        #expect(stub.contains("stub.when { $0.other() }.thenReturn(labOtherAnswer)"))
        #expect(stub.contains("verdict.other(made.other())"))
        #expect(stub.contains("if !pattern.interactions.verify(1...1) {"))
        #expect(!stub.contains("labProbe.begin(failure:"))
        let control = CaseSource(labCase: labCase(shape), backend: .control).text
        #expect(control.contains("func other() -> Int { labOtherAnswer }"))
        #expect(control.contains("verdict.made(made, like: subject)"))
        #expect(control.contains("verdict.other(made.other())"))
        #expect(!control.contains("Stub<"))
    }

    @Test func theSupportModuleChecksMadeValues() {
        #expect(SupportSource.text.contains("public mutating func made(_ made: Any, like subject: Any) {"))
        #expect(SupportSource.text.contains("made value: the subject itself, expected a new value"))
        #expect(SupportSource.text.contains("public let labOtherAnswer = 7_007"))
    }

    @Test func stubChecksOfGettersPassTheGetterEffectOfTheirShape() {
        func construction(_ kind: RequirementKind, _ effect: Effect, _ structure: ProtocolStructure = .plain) -> String
        {
            let shape = Shape(
                kind: kind, effect: effect, structure: structure, layout: kind == .getter ? .none : .single,
                parameters: kind == .getter ? [] : ["Int"], result: kind == .setter ? nil : "Int", focus: "Int")
            let text = CaseSource(labCase: labCase(shape), backend: .stub).text
            return text.split(separator: "\n").first { $0.contains("stub = try Stub<") }.map(String.init) ?? ""
        }
        #expect(construction(.getter, .throws).contains("try Stub<any P_c0003>(getterEffects: .throwing)"))
        #expect(construction(.getter, .async).contains("try Stub<any P_c0003>(getterEffects: .nonthrowing)"))
        #expect(
            construction(.subscript, .typedThrows, .inherited).contains(
                "try Stub<any P_c0003>(getterEffects: .typedThrowing(LabError.self))"))
        #expect(
            construction(.subscript, .asyncThrows, .composed).contains(
                "try Stub<any P_c0003_A & P_c0003>(getterEffects: .throwing)"))
        #expect(construction(.setter, .sync).contains("try Stub<any P_c0003>(getterEffects: .nonthrowing)"))
        #expect(construction(.method, .throws).contains("try Stub<any P_c0003>()"))
        #expect(
            !CaseSource(
                labCase: labCase(
                    Shape(
                        kind: .getter, effect: .throws, structure: .plain, layout: .none, parameters: [], result: "Int",
                        focus: "Int")), backend: .control
            ).text.contains("getterEffects"))
    }

    @Test func comparisonsSpellTheRightExpression() {
        #expect(
            Comparison.optional(.bitPattern).expression("a", "b")
                == "labSameOptional(a, b) { $0.bitPattern == $1.bitPattern }")
        #expect(Comparison.optional(.identity).expression("a", "b") == "a === b")
        #expect(Comparison.closure(arguments: "5").expression("a", "b") == "a(5) == b(5)")
        #expect(Comparison.metatype.expression("a", "b") == "ObjectIdentifier(a) == ObjectIdentifier(b)")
        #expect(Comparison.tupleElements(3).expression("a", "b") == "labSameTuple3(a, b)")
    }

    @Test func thePackageSplitsCasesIntoModulesAndRegistersEveryCheck() throws {
        let cases = ShapeGenerator(seed: 1, size: 600).cases()
        var package = GeneratedPackage(
            directory: URL(fileURLWithPath: "/repo/.build/lab/x86_64"), repositoryRoot: URL(fileURLWithPath: "/repo"),
            backend: .stub)
        package.includesProbe = true
        let files = package.files(for: cases)
        let registries = files.filter { $0.key.hasSuffix("Registry.swift") }
        // Three modules of plain cases, and the coroutine-accessor cases' own when the sample holds one.
        let coroutine = cases.contains { $0.shape.form?.needsCoroutineAccessors == true }
        #expect(registries.count == 3 + (coroutine ? 1 : 0))
        let registered = registries.values.joined()
        for labCase in cases { #expect(registered.contains("\"\(labCase.id)\": check_\(labCase.id)_,")) }
        let manifest = files["Package.swift"] ?? ""
        #expect(manifest.contains(".package(path: \"../../..\")"))
        #expect(manifest.contains(".product(name: \"TestDoubles\", package: \"repo\")"))
        #expect(manifest.contains(".target(name: \"LabProbe\""))
        #expect(try #require(files["Sources/LabProbe/Probe.swift"]).contains("Stub<any P_c0000>"))
    }
}

@Suite struct ToolchainLimitsTests {
    @Test func asyncShapesWithWideOptionalVectorsAreLeftOutOfArm64BuildsOnly() {
        let shape = Shape(
            kind: .method, effect: .asyncThrows, structure: .plain, layout: .none, parameters: [],
            result: "Optional<SIMD8<Float>>", focus: "Optional<SIMD8<Float>>")
        let labCase = LabCase(index: 1, shape: shape, seed: 1)
        let arm64 = CaseSource(labCase: labCase, backend: .control, architecture: .arm64).text
        #expect(arm64.contains("verdict.skipped(\"toolchain: the Swift 6.0.3 arm64 compiler aborts"))
        #expect(!arm64.contains("protocol P_c0001"))
        let x86 = CaseSource(labCase: labCase, backend: .control, architecture: .x86_64).text
        #expect(x86.contains("protocol P_c0001"))
        var sync = shape
        sync.effect = .throws
        #expect(ToolchainLimits.exclusionReason(for: sync, on: .arm64) == nil)
        var narrow = shape
        narrow.result = "Optional<SIMD4<Float>>"
        #expect(ToolchainLimits.exclusionReason(for: narrow, on: .arm64) == nil)
    }

    @Test func asyncShapesTakingAnOptionalMixedStructAreLeftOutOfArm64BuildsOnly() throws {
        let shape = Shape(
            kind: .method, effect: .async, structure: .plain, layout: .single, parameters: ["Optional<LabMixed>"],
            result: nil, focus: "Optional<LabMixed>")
        #expect(try #require(ToolchainLimits.exclusionReason(for: shape, on: .arm64)).contains("GlobalISel"))
        #expect(ToolchainLimits.exclusionReason(for: shape, on: .x86_64) == nil)
        var sync = shape
        sync.effect = .throws
        #expect(ToolchainLimits.exclusionReason(for: sync, on: .arm64) == nil)
        var answering = shape
        answering.parameters = []
        answering.result = "Optional<LabMixed>"
        #expect(ToolchainLimits.exclusionReason(for: answering, on: .arm64) == nil)
    }

    @Test func asyncRequirementsAnsweringWideVectorsAreAwaitedInsideLabAwait() {
        let shape = Shape(
            kind: .subscript, effect: .asyncThrows, structure: .plain, layout: .single,
            parameters: ["SIMD8<Double>"], result: "SIMD8<Double>", focus: "SIMD8<Double>")
        let labCase = LabCase(index: 3, shape: shape, seed: 1)
        for backend in [Backend.control, .stub] {
            for architecture in [Architecture.x86_64, .arm64] {
                let text = CaseSource(labCase: labCase, backend: backend, architecture: architecture).text
                #expect(text.contains("protocol P_c0003"))
                // Both calls: the one that answers and the one that throws.
                #expect(text.contains("let got: SIMD8<Double> = try await labAwait { try await subject[e0] }"))
                #expect(text.contains("_ = try await labAwait { try await subject[e0] }"))
                #expect(!text.contains("= try await subject[e0]"))
            }
        }
        var staticAsync = shape
        staticAsync.kind = .staticMethod
        staticAsync.effect = .async
        staticAsync.parameters = ["Int"]
        staticAsync.result = "SIMD4<Double>"
        let staticText = CaseSource(labCase: LabCase(index: 4, shape: staticAsync, seed: 1), backend: .stub).text
        #expect(
            staticText.contains("let got: SIMD4<Double> = await labAwait { await type(of: subject).call(e0) }"))
    }

    @Test func otherCallsAreAwaitedInTheCheckItself() {
        let shape = Shape(
            kind: .method, effect: .asyncThrows, structure: .plain, layout: .single,
            parameters: ["SIMD8<Double>"], result: "SIMD2<Double>", focus: "SIMD8<Double>")
        #expect(!ToolchainLimits.awaitsThroughHelper(shape))
        let text = CaseSource(labCase: LabCase(index: 5, shape: shape, seed: 1), backend: .stub).text
        #expect(text.contains("let got: SIMD2<Double> = try await subject.call(e0)"))
        #expect(!text.contains("labAwait"))
        var sync = shape
        sync.effect = .throws
        sync.result = "SIMD8<Double>"
        #expect(!ToolchainLimits.awaitsThroughHelper(sync))
        var optional = shape
        optional.result = "Optional<SIMD8<Double>>"
        #expect(!ToolchainLimits.awaitsThroughHelper(optional))
        var noResult = shape
        noResult.result = nil
        #expect(!ToolchainLimits.awaitsThroughHelper(noResult))
    }

    @Test func theSupportModuleDeclaresLabAwait() {
        #expect(
            SupportSource.text.contains(
                "public func labAwait<T>(_ body: () async throws -> T) async rethrows -> T { try await body() }"))
    }

    @Test func onlyAsyncShapesGetAnAsyncCheck() {
        let shape = Shape(
            kind: .method, effect: .typedThrows, structure: .plain, layout: .single, parameters: ["Int"], result: nil,
            focus: "Int")
        #expect(
            CaseSource(labCase: LabCase(index: 2, shape: shape, seed: 1), backend: .control).text.contains(
                "func check_c0002_() -> LabVerdict {"))
    }
}

@Suite struct ExcludedShapesTests {
    @Test func anExcludedShapeIsWrittenAsASkippedCheckWithItsReason() {
        let cases = ShapeGenerator(seed: 1, size: 30).cases()
        var package = GeneratedPackage(
            directory: URL(fileURLWithPath: "/repo/.build/lab/arm64"), repositoryRoot: URL(fileURLWithPath: "/repo"),
            backend: .control)
        package.excludedShapes = [
            cases[4].shape.key: "toolchain: the compiler crashed compiling this case (x); not built"
        ]
        let text = package.files(for: cases).values.joined()
        #expect(
            text.contains("verdict.skipped(\"toolchain: the compiler crashed compiling this case (x); not built\")"))
        #expect(!text.contains("protocol P_\(cases[4].id) "))
        #expect(text.contains("protocol P_\(cases[5].id) "))
    }

    @Test func excludingAShapeChangesItsModulesRegistry() {
        let cases = ShapeGenerator(seed: 1, size: 30).cases()
        var package = GeneratedPackage(
            directory: URL(fileURLWithPath: "/repo/.build/lab/arm64"), repositoryRoot: URL(fileURLWithPath: "/repo"),
            backend: .control)
        let before = package.files(for: cases)
        package.excludedShapes = [cases[4].shape.key: "toolchain: the compiler crashed compiling this case (x)"]
        let after = package.files(for: cases)
        let registries = before.keys.filter { $0.hasSuffix("/Registry.swift") }
        #expect(!registries.isEmpty)
        #expect(registries.filter { before[$0] != after[$0] }.count == 1)
        #expect(registries.contains { after[$0]!.contains("\"\(cases[4].id)\": check_\(cases[4].id)_,  // left out") })
    }
}

@Suite struct SwiftLiteralTests {
    @Test func quotesBackslashesAndControlCharactersAreEscaped() {
        #expect("a \"b\" \\ c\n\u{1}".swiftLiteral == #""a \"b\" \\ c\n\u{1}""#)
    }
}
