import TestDoubles
import Testing

indirect enum PlaceholderTree: Equatable, Sendable {
    case leaf(Int)
    case node(PlaceholderTree, PlaceholderTree)
}

enum PartlyIndirect: Equatable, Sendable {
    indirect case wide(Double, Int8, String)
    indirect case nested(PartlyIndirect)
}

indirect enum PlaceholderChain<Element: Equatable & Sendable>: Equatable, Sendable {
    case link(Element, PlaceholderChain<Element>)
    case end(Element)
}

protocol Forest {
    func grow(_ tree: PlaceholderTree) -> PlaceholderTree
    func widen(_ value: PartlyIndirect) -> PartlyIndirect
    func chain(_ chain: PlaceholderChain<String>) -> Int
}

struct LiveForest: Forest {
    func grow(_ tree: PlaceholderTree) -> PlaceholderTree { tree }
    func widen(_ value: PartlyIndirect) -> PartlyIndirect { value }
    func chain(_ chain: PlaceholderChain<String>) -> Int { 0 }
}

/// `Match.any()` and results of indirect enums need no `using:` or
/// `returning:`: the placeholder's payload is boxed the way the compiler
/// boxes an indirect case, and the values cross exactly.
@Suite struct IndirectEnumPlaceholderTests {
    @Test func placeholdersOfIndirectEnumsAreTheirFirstCaseWithAMadePayload() {
        #expect(Match.Placeholders.make(PlaceholderTree.self) == .leaf(0))
        #expect(Match.Placeholders.make(PartlyIndirect.self) == .wide(0, 0, ""))
        // `link` holds the enum again: the plan prefers `end`, which does not.
        #expect(Match.Placeholders.make(PlaceholderChain<String>.self) == .end(""))
    }

    @Test func matchAnyAndResultsOfIndirectEnumsCrossExactly() throws {
        let forest = try Stub<any Forest>()
        forest.when { $0.grow(Match.any()) }.then { (tree: PlaceholderTree) in .node(tree, .leaf(9)) }
        forest.when { $0.widen(Match.any()) }.then { (value: PartlyIndirect) in .nested(value) }
        forest.when { $0.chain(Match.any()) }.then { (chain: PlaceholderChain<String>) in
            var count = 0
            var rest: PlaceholderChain<String>? = chain
            while let current = rest {
                count += 1
                if case .link(_, let next) = current { rest = next } else { rest = nil }
            }
            return count
        }
        let sut = forest()
        let tree = PlaceholderTree.node(.leaf(1), .node(.leaf(2), .leaf(3)))
        #expect(sut.grow(tree) == .node(tree, .leaf(9)))
        #expect(sut.widen(.wide(2.5, -3, "text")) == .nested(.wide(2.5, -3, "text")))
        #expect(sut.chain(.link("a", .link("b", .end("c")))) == 3)
        forest.verify { $0.grow(Match.equal(tree)) }
    }
}
