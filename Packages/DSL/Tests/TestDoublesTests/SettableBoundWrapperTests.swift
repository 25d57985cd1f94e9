import TestDoubles
import Testing

/// Settable properties whose type is a generic type around the bound associated type.
protocol SettableModelFeed<Model> {
    associatedtype Model
    var page: ModelPage<Model> { get set }
    var history: [String: Model] { get set }
}
struct DoubleSettableModelFeed: SettableModelFeed {
    var page = ModelPage<Double>(items: [], first: nil, cursor: 0)
    var history: [String: Double] = [:]
}

@Suite struct SettableBoundWrapperTests {
    @Test func aPageOfTheBoundTypeGetsSetsAndModifiesInPlace() throws {
        let stub = try Stub<any SettableModelFeed<String>>()
        let long = "a string longer than the inline fifteen bytes"
        stub.when { $0.page }.thenReturn(ModelPage(items: ["a", long], first: long, cursor: 4))
        let sets = stub.whenSet { $0.page = Match.any() }
        sets.thenDoNothing()
        stub.when { $0.history }.thenReturn(["one": long])
        let historySets = stub.whenSet { $0.history = Match.any() }
        historySets.thenDoNothing()
        var feed: any SettableModelFeed<String> = stub()
        let page = feed.page
        #expect(page.items == ["a", long])
        #expect(page.first == long)
        #expect(page.cursor == 4)
        // Through _modify: the getter's answer, changed in place, reaches the setter.
        feed.page.cursor += 1
        feed.page.items.append("c")
        feed.history["two"] = "b"
        let written: [ModelPage<String>] = sets.arguments()
        #expect(written.map(\.cursor) == [5, 4])
        #expect(written.map(\.items) == [["a", long], ["a", long, "c"]])
        #expect(written.map(\.first) == [long, long])
        #expect(historySets.arguments() == [["one": long, "two": "b"]])
    }
}
