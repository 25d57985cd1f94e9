import Testing

@testable import LabCore

extension FamilyGroup {
    /// The groups of the store shapes tier (inout closures, associated types of a method's generic
    /// parameter, `any AsyncSequence<Int, Never>`), the last tier.
    var isStoreShapesGroup: Bool { self == .inoutClosure || self == .methodGenericMember || self == .asyncSequence }
}

/// The store shapes tier: closures with an `inout` parameter, associated types of a method's generic
/// parameter and `any AsyncSequence<Int, Never>`.
@Suite(.disabled(if: runsUnderEmulation, hostToolOnly))
struct StoreShapesTierTests {
    static let shapes = ShapeGenerator(seed: 1, size: nil).shapes()
    static var tier: [Shape] { shapes.filter { $0.form?.group.isStoreShapesGroup ?? false } }

    private func text(_ shape: Shape) -> String {
        CaseSource(labCase: LabCase(index: 7, shape: shape, seed: 1), backend: .stub).text
    }

    @Test func comesLastWithEveryPosition() {
        let tier = Self.tier
        // Appended after every other tier but the class doubles': every earlier case keeps its number.
        let later = Self.shapes.filter {
            $0.form?.group == .classDouble || $0.form?.group == .associatedConformance
                || $0.form?.group == .callerIsolated || $0.form?.group == .addressedTuple
                || $0.form?.group == .addressedTupleResult
        }.count
        #expect(Self.shapes.dropLast(later).suffix(tier.count) == tier[...])
        let closures = 9 * TypeFamily.inoutClosureFamilies.count
        let members = 4 * 7
        let sequences = 13
        #expect(tier.count == closures + members + sequences)
        #expect(tier.count <= 150)
        for family in TypeFamily.inoutClosureFamilies {
            let mine = tier.filter { $0.parameters == [family.id] || $0.result == family.id }
            let arguments = mine.filter { $0.kind == .method && $0.parameters == [family.id] }
            #expect(Set(arguments.map(\.effect)) == Set(Effect.classic), "\(family.id)")
            #expect(mine.filter { $0.kind == .staticMethod }.count == 1, "\(family.id)")
            #expect(mine.filter { $0.kind == .method && $0.result == family.id }.count == 1, "\(family.id)")
            #expect(mine.filter { $0.kind == .getter }.count == 1, "\(family.id)")
            #expect(mine.filter { $0.kind == .setter }.count == 1, "\(family.id)")
        }
        for form in ShapeForm.allCases where form.group == .methodGenericMember {
            let mine = tier.filter { $0.form == form }
            #expect(Set(mine.filter { $0.kind == .method }.map(\.effect)) == Set(Effect.classic), "\(form)")
            #expect(mine.filter { $0.kind == .staticMethod }.count == 1, "\(form)")
            #expect(mine.filter { $0.kind == .subscript }.count == 1, "\(form)")
        }
        let streamed = tier.filter { $0.form == .asyncSequence && $0.kind == .method }
        let sent = Set(streamed.filter { !$0.parameters.isEmpty }.map(\.effect))
        let returned = Set(streamed.filter { $0.parameters.isEmpty }.map(\.effect))
        #expect(sent == Set(Effect.classic))
        #expect(returned == Set(Effect.classic))
    }

    @Test func anInoutClosureIsComparedByTheStateItLeaves() throws {
        let arguments = Self.tier.filter { (shape: Shape) -> Bool in
            shape.form == .inoutClosure && shape.kind == .method && shape.parameters == ["(inout Int) -> Int"]
        }
        let shape = try #require(arguments.first { (shape: Shape) -> Bool in shape.effect == .throws })
        let source = text(shape)
        #expect(source.contains("func call(_ a0: @escaping (inout Int) -> Int) throws -> Int"))
        #expect(source.contains("labInoutOutcome(7) { f(&$0) }"))
        // Boxed as `Any` in the probe's and the handler's packs.
        #expect(source.contains("labProbe.record(a0 as Any)"))
    }

    @Test func anAssociatedTypeOfTheMethodsGenericIsDeclaredGenerically() throws {
        let shape = try #require(Self.tier.first { $0.form == .memberArray && $0.kind == .method })
        let source = text(shape)
        #expect(source.contains("func call<R: LabRequest>(_ a0: R)"))
        #expect(source.contains("-> [R.Response]"))
        let element = try #require(Self.tier.first { $0.form == .collectionElement && $0.kind == .subscript })
        #expect(text(element).contains("subscript<C: Collection>(_ a0: C) -> C.Element? { get"))
    }

    @Test func anAsyncSequenceIsComparedByItsElements() throws {
        let shape = try #require(Self.tier.first { $0.form == .asyncSequence && $0.kind == .getter })
        let source = text(shape)
        #expect(source.contains("var value: any AsyncSequence<Int, Never> { get"))
        #expect(source.contains("labCollect(f)"))
    }
}
