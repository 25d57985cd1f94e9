import Foundation
import Testing

@testable import LabCore

/// The class-double tier: members of open classes doubled with `Stub<C>(initializingWith:)`.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct ClassDoubleTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group == .classDouble } }

    private func text(_ shape: Shape, _ backend: Backend = .stub) -> String {
        CaseSource(labCase: LabCase(index: 7, shape: shape, seed: 1), backend: backend).text
    }

    @Test func comesLastWithEveryEffectAndKind() {
        let tier = Self.tier
        // Appended after every other tier but the associated conformances': every earlier case keeps its number.
        let later = Self.shapes.filter {
            $0.form?.group == .associatedConformance || $0.form?.group == .callerIsolated
                || $0.form?.group == .addressedTuple || $0.form?.group == .addressedTupleResult
        }.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        #expect(tier.count == 7 * TypeFamily.classDoubleFamilies.count + 3 + 14)
        // Within `.ci/run`'s three arm64 batches of 2010, the boundary of the last two inside this tier.
        #expect(Self.shapes.count <= 3 * 2010)
        let first = Self.shapes.count - later - tier.count
        #expect(first < 2 * 2010 && 2 * 2010 < first + tier.count)
        for family in TypeFamily.classDoubleFamilies {
            let mine = tier.filter { $0.form == .classMember && $0.focus == "class " + family }
            let methods = mine.filter { $0.kind == .method }
            #expect(Set(methods.map(\.effect)) == Set(Effect.classic), "\(family)")
            #expect(methods.allSatisfy { $0.parameters == [family] && $0.result == family }, "\(family)")
            #expect(mine.filter { $0.kind == .getter }.count == 1, "\(family)")
            #expect(mine.filter { $0.kind == .setter }.count == 1, "\(family)")
        }
        #expect(tier.filter { $0.form == .classMember && $0.kind == .subscript }.count == 3)
        let resilient = tier.filter { $0.form == .resilientClassMember }
        #expect(resilient.count == 14)
        #expect(resilient.contains { $0.effect.isAsync })
        #expect(resilient.contains { $0.kind == .subscript })
        #expect(tier.allSatisfy { $0.group == .classDouble && $0.tier == .shapes })
    }

    @Test func aClassCaseDeclaresAnOpenClassAndDoublesItThroughItsInitializer() throws {
        let method = try #require(Self.tier.first { $0.form == .classMember && $0.effect == .throws })
        let source = text(method)
        #expect(
            source.contains("open class C_c0007 {\n    public init() {}\n    open func call(_ a0: Int) throws -> Int {")
        )
        #expect(source.contains("try Stub<C_c0007>(initializingWith: { C_c0007() })"))
        #expect(source.contains("let subject: C_c0007 = stub()"))
        #expect(source.contains("stub.when(returning: expected) { try $0.call(Match.any(using: e0)) }"))
        #expect(!source.contains("protocol P_c0007"))
        #expect(text(method, .control).contains("let subject: C_c0007 = C_c0007()"))
        let getter = try #require(Self.tier.first { $0.form == .classMember && $0.kind == .getter })
        #expect(text(getter).contains("open var value: "))
        let setter = try #require(Self.tier.first { $0.form == .classMember && $0.kind == .setter })
        #expect(text(setter).contains("stub.whenSet { $0.value = Match.any(using: e0) }"))
    }

    @Test func aLibraryEvolutionClassIsDeclaredInAResilientModuleOfItsOwn() throws {
        let cases = ShapeGenerator(seed: 1, size: nil).cases().filter { $0.shape.form?.group == .classDouble }
        let resilient = try #require(cases.first { $0.shape.form == .resilientClassMember })
        let package = GeneratedPackage(
            directory: URL(fileURLWithPath: "/repo/.build/lab/x86_64"), repositoryRoot: URL(fileURLWithPath: "/repo"),
            backend: .stub)
        let files = package.files(for: cases)
        let module = try #require(files["Sources/LabEvoClasses/Classes.swift"])
        #expect(module.contains("open class C_\(resilient.id) {"))
        #expect(module.contains("import LabSupport"))
        // The case's own file has the check, not the class.
        let caseFile = files.filter { $0.key.hasPrefix("Sources/LabCases") }.values.first {
            $0.contains("func check_\(resilient.id)_(")
        }
        #expect(caseFile?.contains("open class C_\(resilient.id) ") == false)
        #expect(try #require(caseFile).contains("import LabEvoClasses"))
        #expect(
            files["Package.swift"]!.contains(
                ".target(name: \"LabEvoClasses\", dependencies: [\"LabSupport\"], swiftSettings: "
                    + "[.unsafeFlags([\"-enable-library-evolution\"])]),"))
    }
}
