import TestDoubles
import Testing

// The BoundAssociatedTypes article's examples, as a user would write them.

protocol ArticleSource<Element> {
    associatedtype Element: Equatable
    func load() -> Element
    func transform(_ value: Element) -> Element
}

/// Discovery's linked conformer; it binds `Element` to another type than the examples.
struct ArticleWordSource: ArticleSource {
    func load() -> String { "" }
    func transform(_ value: String) -> String { value }
}

@Suite struct BoundAssociatedTypesArticleTests {
    @Test func constrainedExistential() throws {
        let stub = try Stub<any ArticleSource<Int>>()
        stub.when { $0.load() }.thenReturn(41)
        stub.when { $0.transform(Match.any()) }.then { $0 + 1 }

        let source = stub()
        #expect(source.load() == 41)
        #expect(source.transform(9) == 10)
    }

    @Test func callerSuppliedBindingOfAnUnboundExistential() throws {
        let stub = try Stub<any ArticleSource>(
            associatedTypes: [
                .binding(
                    declaredBy: (any ArticleSource).self,
                    named: "Element",
                    to: Int.self
                )
            ]
        )
        stub.when { $0.load() }.thenReturn(41)

        // The unbound existential's result is erased to its upper bound, `any Equatable`.
        let loaded = stub().load()
        #expect(loaded as? Int == 41)
        #expect(type(of: loaded) == Int.self)
    }
}
