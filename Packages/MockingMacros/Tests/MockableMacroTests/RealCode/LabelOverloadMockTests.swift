import Foundation
import SwiftMocking
import Testing

/// Requirements that differ only by argument labels (see
/// `LabelOverloadProtocols.swift`): stubs and verifications of one never
/// reach the other, even when their spies would hold the same types.
@Suite struct LabelOverloadMockTests {
    @Test func genericOverloadsByLabelHaveSeparateSpies() {
        let mock = MockTaggedCache()
        let cache: any TaggedCache = mock
        when(mock.value(forKey: .equal("a")) as Interaction<String, None, Int?>).thenReturn(1)
        when(mock.value(forTag: .equal("a")) as Interaction<String, None, Int?>).thenReturn(2)
        let byKey: Int? = cache.value(forKey: "a")
        let byTag: Int? = cache.value(forTag: "a")
        #expect(byKey == 1)
        #expect(byTag == 2)
        cache.store(5, key: "k")
        verify(mock.store(.any(Int.self), key: .any)).called(1)
        verify(mock.store(.any(Int.self), tag: .any)).neverCalled()
    }

    @Test func subscriptsByLabelHaveSeparateSpies() {
        let mock = MockTable()
        var table: any Table = mock
        when(mock[row: .equal(0)]).thenReturn(["a", "b"])
        when(mock[column: .equal(0)]).thenReturn(["a", "c"])
        #expect(table[row: 0] == ["a", "b"])
        #expect(table[column: 0] == ["a", "c"])
        verify(mock[row: .any]).called(1)
        verify(mock[column: .any]).called(1)
        table[header: 1] = "Name"
        let headerWrite = mock[header: .equal(1)] <- .equal("Name")
        let footerWrite = mock[footer: .any] <- .any
        verify(headerWrite).called(1)
        verify(footerWrite).neverCalled()
        when(mock[footer: .any]).thenReturn("Total")
        #expect(table[header: 1] == "")
        #expect(table[footer: 1] == "Total")
    }
}
