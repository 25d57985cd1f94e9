import Foundation
import TestDoubles
import Testing

// Standard library protocols an app injects as seams: `any IteratorProtocol<T>`
// for a paging cursor, `any RandomNumberGenerator` for shuffles and jitter,
// each called through the standard library's own generic code. Before session
// 44 `Stub<any IteratorProtocol<String>>` was refused with a garbled reason
// ("it binds , not an associated type IteratorProtocol declares itself (its
// own: Element)"): the existential's same-type requirement names the protocol
// by its standard substitution (`7ElementStQyd__`), which the reader took for
// another protocol's member.

/// Reads pages until the cursor ends, as an app's pager does.
private func drain<I: IteratorProtocol>(_ iterator: inout I) -> [I.Element] {
    var pages: [I.Element] = []
    while let page = iterator.next() { pages.append(page) }
    return pages
}

@Suite struct RealCodeS6StandardProtocolTests {
    @Test func aStubOfABoundIteratorIsServedAndRecordsEachNext() throws {
        let cursor = try Stub<any IteratorProtocol<String>>()
        let nexts = cursor.when { iterator in
            var iterator = iterator
            return iterator.next()
        }
        nexts.thenReturn("page-1").thenReturn("page-2").thenReturn(nil)
        var sut = cursor()

        #expect(drain(&sut) == ["page-1", "page-2"])
        nexts.verify(.exactly(3))
    }

    @Test func aSpyForwardsToARealIterator() throws {
        let spy = try Spy<any IteratorProtocol<Int>>(forwardingTo: [3, 1, 4].makeIterator())
        var sut = spy()
        #expect(drain(&sut) == [3, 1, 4])
        spy.verify(.exactly(4)) { iterator in
            var iterator = iterator
            return iterator.next()
        }
    }

    @Test func aRandomNumberGeneratorStubDrivesTheStandardLibrarysRandomness() throws {
        let generator = try Stub<any RandomNumberGenerator>()
        let draws = generator.when { generator in
            var generator = generator
            return generator.next() as UInt64
        }
        draws.thenReturn(0).thenReturn(UInt64.max).thenReturn(1 << 63)
        var sut: any RandomNumberGenerator = generator()

        #expect(sut.next() == 0)
        #expect(sut.next() == UInt64.max)
        #expect(sut.next() == 1 << 63)
        // The last answer repeats; a full-range draw is the generator's word as it is.
        #expect(UInt64.random(in: 0...UInt64.max, using: &sut) == 1 << 63)
        draws.verify(.exactly(4))
    }
}
