import Foundation
import TestDoubles
import Testing

// Swift 6 code hands out async cursors as `any AsyncIteratorProtocol<Element,
// Failure>` (a page cursor, a socket's frames) and drains them with
// `next(isolation:)`, as `for await` does. Before session 45 a stub or a spy of
// one was refused with a mangled reason, "a requirement of
// AsyncIteratorProtocol constrains 7FailureScIQz, which the runtime stub cannot
// read as an associated type": the protocol's requirement signature names
// AsyncIteratorProtocol by its Concurrency substitution (`ScI`), which the
// associated-type reader did not know. (`next(isolation:)` throws the bound
// `Failure`: serving it needs typed throws of a bound associated type, also
// session 45.)

/// A socket's framing error, the cursor's typed failure.
struct S7FrameError: Error, Equatable {
    var offset: Int
}

/// Reads a cursor until it ends, as an app's pager does (`for await` calls the same requirement).
private func drain(_ cursor: inout some AsyncIteratorProtocol<Int, Never>) async -> [Int] {
    var pages: [Int] = []
    while let page = await cursor.next(isolation: nil) { pages.append(page) }
    return pages
}

@Suite struct RealCodeS7AsyncIteratorTests {
    @Test func aStubOfABoundAsyncIteratorAnswersEachNext() async throws {
        let cursor = try Stub<any AsyncIteratorProtocol<Int, Never>>()
        let nexts = await cursor.when { iterator in
            var iterator = iterator
            return await iterator.next(isolation: nil)
        }
        nexts.thenReturn(10).thenReturn(20).thenReturn(nil)
        var sut = cursor()

        #expect(await drain(&sut) == [10, 20])
        nexts.verify(.exactly(3))
    }

    @Test func aSpyForwardsToARealStreamIterator() async throws {
        let frames = AsyncStream<Int> { continuation in
            for frame in [7, 0, -3] { continuation.yield(frame) }
            continuation.finish()
        }
        let spy = try Spy<any AsyncIteratorProtocol<Int, Never>>(forwardingTo: frames.makeAsyncIterator())
        var sut = spy()

        #expect(await drain(&sut) == [7, 0, -3])
        await spy.verify(.exactly(4)) { iterator in
            var iterator = iterator
            return await iterator.next(isolation: nil)
        }
    }

    @Test func aStubOfATypedFailureCursorThrowsTheBoundErrorExactly() async throws {
        let frames = try Stub<any AsyncIteratorProtocol<Int, S7FrameError>>()
        let nexts = await frames.when { iterator in
            var iterator = iterator
            return try await iterator.next(isolation: nil)
        }
        nexts.thenReturn(64).thenThrow(S7FrameError(offset: 128))
        var sut = frames()

        #expect(try await sut.next(isolation: nil) == 64)
        do {
            _ = try await sut.next(isolation: nil)
            Issue.record("the second frame should fail")
        } catch {
            #expect(error == S7FrameError(offset: 128))
        }
        nexts.verify(.exactly(2))
    }
}
