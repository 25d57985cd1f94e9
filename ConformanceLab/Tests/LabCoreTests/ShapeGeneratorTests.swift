import Foundation
import Testing

@testable import LabCore

@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct ShapeGeneratorTests {
    /// Every shape of seed 7, generated once for the tests that only read it.
    static let everyShape = ShapeGenerator(seed: 7, size: nil).shapes()

    @Test func theDefaultSizeHasAtLeast1500DistinctShapes() {
        for seed: UInt64 in [1, 2] {
            let shapes = ShapeGenerator(seed: seed, size: ShapeGenerator.defaultSize).shapes()
            #expect(Set(shapes.map(\.key)).count == shapes.count)
            #expect(shapes.count >= 1_500)
        }
        #expect(ShapeGenerator(seed: 1, size: 700).shapes().count == 700)
    }

    @Test func theSameSeedGivesTheSameCasesAndSources() {
        // Two independent generations (no cache) give the same shapes.
        #expect(
            ShapeGenerator(seed: 42, size: nil).generateEveryShape()
                == ShapeGenerator(seed: 42, size: nil).generateEveryShape())
        let first = ShapeGenerator(seed: 1, size: 300).cases()
        let second = ShapeGenerator(seed: 1, size: 300).cases()
        #expect(first == second)
        let package = GeneratedPackage(
            directory: URL(fileURLWithPath: "/tmp/lab/x86_64"), repositoryRoot: URL(fileURLWithPath: "/tmp"),
            backend: .control)
        #expect(package.files(for: first) == package.files(for: second))
    }

    @Test func anotherSeedChangesSamplesAndTheSampledSubset() {
        let first = ShapeGenerator(seed: 1, size: nil).cases()
        let second = ShapeGenerator(seed: 2, size: nil).cases()
        #expect(first.map(\.arguments) != second.map(\.arguments))
        let smallFirst = ShapeGenerator(seed: 1, size: 100).shapes().map(\.key)
        let smallSecond = ShapeGenerator(seed: 2, size: 100).shapes().map(\.key)
        #expect(smallFirst != smallSecond)
    }

    @Test func everyFamilyIsTheFocusOfSomeShapeUnderEveryEffect() {
        let shapes = Self.everyShape
        for family in TypeFamily.catalog {
            let effects = Set(shapes.filter { $0.focus == family.id && $0.recording == .samples }.map(\.effect))
            #expect(effects == Set(Effect.classic), "\(family.id)")
        }
    }

    @Test func theResilienceTierPutsEveryResilienceFamilyInEveryPosition() {
        let shapes = Self.everyShape
        for family in TypeFamily.resilienceValues {
            let mine = shapes.filter { $0.focus == family.id && $0.recording == .samples }
            for effect in Effect.allCases {
                #expect(mine.contains { $0.kind == .method && $0.parameters == [family.id] && $0.effect == effect })
                #expect(mine.contains { $0.kind == .method && $0.result == family.id && $0.effect == effect })
            }
            for kind in RequirementKind.allCases {
                #expect(mine.contains { $0.kind == kind }, "\(family.id) \(kind)")
            }
            #expect(mine.contains { $0.layout == .afterBoth })
            #expect(shapes.contains { $0.parameters == [family.closureThrough.id] })
            #expect(shapes.contains { $0.parameters.isEmpty && $0.result == family.closureThrough.id })
            #expect(shapes.contains { $0.parameters == [family.optional.id] })
            let typedErrors = shapes.filter { $0.errorType == family.id }.map(\.effect)
            #expect(
                Set(typedErrors)
                    == (TypeFamily.errorFamilyIDs.contains(family.id) ? [.typedThrows, .asyncTypedThrows] : []))
        }
        // The earlier tiers keep their shapes: the resilience tier comes after them.
        let classic = shapes.prefix { !$0.group.isResilienceGroup && $0.kind != .inoutMethod }
        #expect(classic.count == ShapeGenerator(seed: 7, size: nil).classicCount)
    }

    @Test func everyFamilyIsRecordedWithoutPlaceholdersAndWithAClassResult() {
        let shapes = Self.everyShape
        for family in TypeFamily.catalog + TypeFamily.resilienceValues + TypeFamily.resilienceOptionals {
            #expect(
                shapes.contains {
                    $0.recording == .bareAny && $0.parameters == [family.id] && $0.result == family.id
                }, "\(family.id)")
            #expect(
                shapes.contains {
                    $0.recording == .bareClassResult && $0.parameters == [family.id]
                        && ["LabRef", "LabBaseRef"].contains($0.result ?? "")
                }, "\(family.id)")
        }
    }

    @Test func everyKindEffectAndStructureTheLanguageAllowsIsCovered() {
        let shapes = Self.everyShape
        for kind in RequirementKind.classic {
            for effect in kind.allowedEffects {
                for structure in ProtocolStructure.allCases {
                    #expect(
                        shapes.contains { $0.kind == kind && $0.effect == effect && $0.structure == structure },
                        "\(kind) \(effect) \(structure)")
                }
            }
        }
        #expect(!shapes.contains { $0.kind == .setter && $0.effect != .sync })
        #expect(!shapes.contains { $0.kind == .getter && !$0.parameters.isEmpty })
        #expect(!shapes.contains { $0.kind == .initializer && $0.result != nil })
    }

    @Test func registerExhaustingLayoutsPutTheFocusAfterTheFillers() {
        let shapes = Self.everyShape
        let spilled = shapes.filter { $0.layout == .afterBoth }
        #expect(!spilled.isEmpty)
        for shape in spilled {
            #expect(shape.parameters.count == 17)
            #expect(shape.parameters.prefix(8).allSatisfy { $0 == "Int" })
            #expect(shape.parameters.dropFirst(8).prefix(8).allSatisfy { $0 == "Double" })
            #expect(shape.parameters.last == shape.focus)
        }
    }

    @Test func everyPairwiseFeasiblePairOfKindAndFocusGroupIsPresent() {
        let shapes = Self.everyShape
        for kind in RequirementKind.classic {
            for group in FamilyGroup.classic {
                #expect(shapes.contains { $0.kind == kind && $0.group == group }, "\(kind) × \(group)")
            }
        }
    }

    @Test func sampleValuesAreValidExpressionsOfTheirFamilies() {
        var generator = SeededGenerator(seed: 9)
        for family in TypeFamily.catalog + TypeFamily.resilienceFamilies {
            for _ in 0..<5 {
                #expect(!family.sample(using: &generator).isEmpty, "\(family.id)")
            }
        }
        let tiers: [[TypeFamily]] = [
            TypeFamily.catalog, TypeFamily.resilienceFamilies, TypeFamily.shapeFamilies,
            TypeFamily.typedThrowingClosureFamilies, TypeFamily.constrainedExistentialFamilies,
            TypeFamily.genericWrapperFamilies, TypeFamily.wideIntegerFamilies, TypeFamily.inoutClosureFamilies,
            TypeFamily.genericMemberFamilies, TypeFamily.asyncSequenceFamilies, TypeFamily.addressedTupleFamilies,
            TypeFamily.addressedTupleResultFamilies,
        ]
        #expect(TypeFamily.byID.count == tiers.map(\.count).reduce(0, +))
    }

    @Test func theSeededGeneratorIsStable() {
        var generator = SeededGenerator(seed: 0)
        // SplitMix64's published first outputs for seed 0.
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
