import Foundation
import Testing

@testable import LabCore

/// The generated source of the resilience and recording tiers' cases.
@Suite struct ResilienceCaseSourceTests {
    private func text(_ shape: Shape, _ backend: Backend = .stub) -> String {
        CaseSource(labCase: LabCase(index: 5, shape: shape, seed: 1), backend: backend).text
    }

    @Test func anInoutCaseSendsTheValueAndChecksWhatTheHandlerWroteBack() {
        let shape = Shape(
            kind: .inoutMethod, effect: .asyncThrows, structure: .plain, layout: .single, parameters: ["EvoSmall"],
            result: "EvoSmall", focus: "EvoSmall")
        let stub = text(shape)
        #expect(stub.contains("protocol P_c0005 { func call(_ a0: inout EvoSmall) async throws -> Void }"))
        #expect(
            stub.contains(
                "await stub.when { var v0: EvoSmall = Match.any(using: e0); return try await $0.call(&v0) }"
                    + ".then { (a0: inout EvoSmall) in labProbe.record(a0); a0 = expected }.thenThrow(thrown)"))
        #expect(stub.contains("var v0: EvoSmall = e0"))
        #expect(stub.contains("try await subject.call(&v0)"))
        #expect(stub.contains("verdict.argument(0, e0, { $0 == $1 })"))
        #expect(stub.contains("verdict.writtenBack(v0, expected, { $0 == $1 })"))
        let control = text(shape, .control)
        #expect(
            control.contains(
                "labProbe.record(a0); if let failure = labProbe.failure { throw failure }; a0 = labProbe.answered()"))
    }

    @Test func aTypedErrorOfAResilientTypeIsThrownAndComparedExactly() {
        let shape = Shape(
            kind: .method, effect: .asyncTypedThrows, structure: .plain, layout: .single, parameters: ["Int"],
            result: "Int", focus: "EvoChoice", errorType: "EvoChoice")
        let stub = text(shape)
        #expect(stub.contains("func call(_ a0: Int) async throws(EvoChoice) -> Int"))
        #expect(stub.contains("let thrown: EvoChoice = EvoChoice."))
        #expect(stub.contains("labProbe.begin(typedFailure: thrown)"))
        #expect(stub.contains("} catch { verdict.thrownValue(error, thrown, { $0 == $1 }) }"))
        let control = text(shape, .control)
        #expect(control.contains("if let failure: EvoChoice = labProbe.typedFailure() { throw failure }"))
    }

    @Test func aStreamIsComparedWithAFreshSampleNotWithTheValueSent() {
        let argument = Shape(
            kind: .method, effect: .sync, structure: .plain, layout: .single, parameters: ["AsyncStream<Int>"],
            result: nil, focus: "AsyncStream<Int>")
        let labCase = LabCase(index: 5, shape: argument, seed: 1)
        let source = CaseSource(labCase: labCase, backend: .stub).text
        #expect(labCase.arguments[0].hasPrefix("labStream("))
        #expect(source.contains("verdict.argument(0, \(labCase.arguments[0]), { labSameStream($0, $1) })"))
        let result = Shape(
            kind: .method, effect: .async, structure: .plain, layout: .none, parameters: [],
            result: "AsyncThrowingStream<Int, any Error>", focus: "AsyncThrowingStream<Int, any Error>")
        let resultCase = LabCase(index: 6, shape: result, seed: 1)
        let resultSource = CaseSource(labCase: resultCase, backend: .stub).text
        #expect(resultSource.contains("verdict.result(got, \(resultCase.result!), { labSameThrowingStream($0, $1) })"))
    }

    @Test func aClosureOfAFamilyIsCalledWithASampleAndItsAnswerCompared() {
        let closure = TypeFamily.named("Duration").closureThrough
        #expect(closure.id == "(Duration) -> Duration")
        #expect(closure.parameterSpelling == "@escaping (Duration) -> Duration")
        #expect(
            closure.comparison.expression("r", "e")
                == "labThrough(r, e, { Duration.seconds(955) }, fresh: false) { $0 == $1 }")
        let stream = TypeFamily.named("AsyncStream<Int>").closureThrough
        #expect(stream.comparison.expression("r", "e").contains("fresh: true) { labSameStream($0, $1) }"))
    }

    @Test func recordingWithoutPlaceholdersWritesBareMatchersAndNoReturning() {
        let bare = Shape(
            kind: .method, effect: .throws, structure: .plain, layout: .single, parameters: ["Foundation.URLRequest"],
            result: "Foundation.URLRequest", focus: "Foundation.URLRequest", recording: .bareAny)
        #expect(bare.key.hasSuffix(" [bare-any]"))
        let source = text(bare)
        // The `when` runs with its issues collected: one that cannot record fails the case closed.
        #expect(
            source.contains(
                "let pattern = TestDoubleIssueReporting.withHandler({ labIssues.append(\"\\($0)\") }) "
                    + "{ stub.when { try $0.call(Match.any()) }.then { (a0: URLRequest) in"))
        #expect(source.contains("if let issue = labIssues.first { verdict.closed("))
        let classResult = Shape(
            kind: .method, effect: .sync, structure: .plain, layout: .single, parameters: ["Int"], result: "LabRef",
            focus: "Int", recording: .bareClassResult)
        #expect(text(classResult).contains("{ stub.when { $0.call(Match.any(using: e0)) }.then"))
        let samples = Shape(
            kind: .method, effect: .sync, structure: .plain, layout: .single, parameters: ["Int"], result: "Int",
            focus: "Int")
        #expect(!text(samples).contains("labIssues"))
    }

    @Test func thePackageBuildsTheEvolutionModuleResilientlyAndImportsFoundationOnlyWhereNeeded() {
        let shapes = [
            Shape(
                kind: .method, effect: .sync, structure: .plain, layout: .single, parameters: ["Foundation.Date"],
                result: nil, focus: "Foundation.Date"),
            Shape(
                kind: .method, effect: .sync, structure: .plain, layout: .single, parameters: ["EvoChoice"],
                result: nil, focus: "EvoChoice"),
        ]
        var package = GeneratedPackage(
            directory: URL(fileURLWithPath: "/tmp/lab/x86_64"), repositoryRoot: URL(fileURLWithPath: "/tmp"),
            backend: .stub)
        package.casesPerFile = 1
        let files = package.files(
            for: shapes.enumerated().map { LabCase(index: $0.offset, shape: $0.element, seed: 1) })
        #expect(files["Package.swift"]!.contains(".unsafeFlags([\"-enable-library-evolution\"])"))
        #expect(files["Sources/LabEvolution/Evolution.swift"]!.contains("public struct EvoSmall"))
        #expect(files["Sources/LabCases00/Cases00.swift"]!.contains("import Foundation\n"))
        #expect(!files["Sources/LabCases00/Cases01.swift"]!.contains("import Foundation\n"))
        #expect(files["Sources/LabCases00/Cases01.swift"]!.contains("import LabEvolution\n"))
    }
}

@Suite struct ResilienceEvidenceTierTests {
    @Test func theEvidenceModulesComeLastInEveryPositionAndAreBuiltResiliently() throws {
        let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
        let evidence = Set(TypeFamily.evidenceFamilies.map(\.id))
        let first = try #require(shapes.firstIndex { evidence.contains($0.focus) })
        // Appended after every other tier but the typed-throwing closures' and the bound `read` cases': the
        // earlier cases keep their numbers. The resilience tier's positions first, then the recording tier's
        // cases of the families and their optionals.
        let block = shapes[first...].prefix { !($0.form?.isLaterTier ?? false) }
        let end = first + block.count
        #expect(block.allSatisfy { evidence.contains($0.focus) })
        #expect(shapes[end...].allSatisfy { $0.form?.isLaterTier == true })
        let recording = try #require(block.firstIndex { $0.tier == .recording })
        #expect(shapes[first..<recording].allSatisfy { $0.tier == .resilience })
        #expect(shapes[recording..<end].allSatisfy { $0.tier == .recording })
        #expect(shapes[recording..<end].count == 4 * TypeFamily.evidenceValues.count)
        for family in TypeFamily.evidenceValues {
            let mine = shapes.filter { $0.focus == family.id }
            #expect(mine.contains { $0.parameters == [family.id] && $0.result == nil }, "\(family.id)")
            #expect(mine.contains { $0.parameters.isEmpty && $0.result == family.id }, "\(family.id)")
            #expect(mine.contains { $0.kind == .inoutMethod }, "\(family.id)")
        }
        var package = GeneratedPackage(
            directory: URL(fileURLWithPath: "/tmp/lab/x86_64"), repositoryRoot: URL(fileURLWithPath: "/tmp"),
            backend: .stub)
        package.casesPerFile = 1
        let cases = shapes[first...].enumerated().map { LabCase(index: first + $0.offset, shape: $0.element, seed: 1) }
        let files = package.files(for: Array(cases))
        let manifest = try #require(files["Package.swift"])
        for module in SupportSource.evidenceModules {
            #expect(
                manifest.contains(
                    ".target(name: \"\(module.target)\", swiftSettings: [.unsafeFlags([\"-enable-library-evolution\"])])"
                ))
            #expect(files["Sources/LabCases00/Cases00.swift"]!.contains("import \(module.target)\n"))
        }
        #expect(
            files["Sources/LabEvoPrivateProtocol/LabEvoPrivateProtocol.swift"]!.contains("private protocol PpStore"))
        // The module of structs only is built without library evolution.
        #expect(manifest.contains(".target(name: \"LabPlainStructs\"),"))
        #expect(files["Sources/LabCases00/Cases00.swift"]!.contains("import LabPlainStructs\n"))
        #expect(files["Sources/LabPlainStructs/LabPlainStructs.swift"]!.contains("public struct PsMoney"))
    }
}
