import TestDoublesManual
import Testing

/// Requirements whose catch-all `thenReturn` answers are neither `()` nor a
/// scalar: given once the hold that records the call is over, with the
/// same answers, order and completions as the general path.
protocol LedgerBook {
    func title(_ id: Int) -> String
    func entry(_ key: String) -> LedgerBookEntry
    func owner(_ id: Int) -> LedgerBookOwner
    func label(_ id: Int) -> any CustomStringConvertible
}

/// Five words, boxed out of line in an `Any`.
struct LedgerBookEntry: Equatable {
    var a: Int, b: Int, c: Int, d: Int, e: Int
}

/// A class answer, compared by identity.
final class LedgerBookOwner: Sendable {}

struct LedgerBookStub: LedgerBook, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func title(_ id: Int) -> String { stub.call(id) }
    func entry(_ key: String) -> LedgerBookEntry { stub.call(key) }
    func owner(_ id: Int) -> LedgerBookOwner { stub.call(id) }
    func label(_ id: Int) -> any CustomStringConvertible { stub.call(id) }
}

@Suite struct ManualStubBoxedAnswerTests {
    @Test func boxedValuesComeBackInChainOrderWithTheirCompletions() {
        let book = ManualStub<LedgerBookStub>()
        let titles = book.when { $0.title(Match.any()) }
        titles.thenReturn("first").thenReturn("second", times: 2).thenReturn("rest")
        let service: any LedgerBook = book()
        #expect((0..<5).map { service.title($0) } == ["first", "second", "second", "rest", "rest"])
        #expect(titles.results() == ["first", "second", "second", "rest", "rest"])
        for timing in titles.timings() {
            let completed = try? #require(timing.completedAt)
            #expect(completed.map { $0 >= timing.startedAt } == true)
        }
        let ids: [Int] = titles.arguments()
        #expect(ids == [0, 1, 2, 3, 4])
    }

    @Test func structsAndClassReferencesComeBackWhole() {
        let book = ManualStub<LedgerBookStub>()
        let entry = LedgerBookEntry(a: 1, b: -2, c: 3, d: .max, e: .min)
        let owner = LedgerBookOwner()
        let entries = book.when { $0.entry(Match.any()) }
        entries.thenReturn(entry)
        book.when { $0.owner(Match.any()) }.thenReturn(owner)
        let service: any LedgerBook = book()
        #expect(service.entry("k") == entry)
        #expect(service.owner(1) === owner)
        #expect(service.owner(2) === owner)
        #expect(entries.results() == [entry])
        book.verify(2...2) { $0.owner(Match.any()) }
        book.verify { $0.entry(Match.equal("k")) }
    }

    @Test func aValueConfiguredAsAnExistentialIsCastToTheResult() {
        let book = ManualStub<LedgerBookStub>()
        let labels = book.when { $0.label(Match.any()) }
        labels.thenReturn(42).thenReturn("text")
        let service: any LedgerBook = book()
        // Boxed as the existential's value (an `Int`, a `String`), not as the result type: cast, not copied as is.
        #expect(service.label(1).description == "42")
        #expect(service.label(2).description == "text")
        #expect(labels.results().map(\.description) == ["42", "text"])
    }

    @Test func aConfiguredInstanceLivesAsLongAsItsConfiguration() {
        weak var watched: LedgerBookOwner?
        do {
            let owner = LedgerBookOwner()
            watched = owner
            let book = ManualStub<LedgerBookStub>()
            // `returning:` gives the recording pass its placeholder: a pass that has to make a class
            // instance parks, and a parked pass keeps its double (and so the configuration) for good.
            book.when(returning: owner) { $0.owner(Match.any()) }.thenReturn(owner)
            let service: any LedgerBook = book()
            for id in 0..<200 { #expect(service.owner(id) === owner) }
        }
        #expect(watched == nil)
    }
}
