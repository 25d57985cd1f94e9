import Foundation
import SwiftMocking
import Testing

/// Mocks of protocols whose parameters are spelled in ways the generator
/// must copy exactly (see `SpellingProtocols.swift`): each fails to compile,
/// or answers wrongly, when the spelling is mis-copied.
@Suite struct SpellingMockTests {
    @Test func attributesBeforeEscapingStayOnTheClosureType() {
        let mock = MockChangeFeed()
        let feed: any ChangeFeed = mock
        when(mock.onChange(of: .equal("theme"), .any)).thenReturn { _, handler in
            handler("dark")
            return 7
        }
        let received = Received()
        #expect(feed.onChange(of: "theme") { received.append($0) } == 7)
        #expect(received.values == ["dark"])
        feed.onMainChange {}
        verify(mock.onChange(of: .equal("theme"), .any)).called(1)
        verify(mock.onMainChange(.any)).called(1)
    }

    @Test func keywordLabelsAreForwardedInBackticks() async throws {
        let mock = MockAssetLoader()
        var loader: any AssetLoader = mock
        let url = URL(fileURLWithPath: "/assets/logo.png")
        when(mock.image(for: .equal(url))).thenReturn(Data([1, 2]))
        when(mock.assets(in: "icons", as: .any)).thenReturn(["a", "b"])
        when(mock[.equal("width")]).thenReturn(40)
        #expect(loader.image(for: url) == Data([1, 2]))
        #expect(loader.image(for: URL(fileURLWithPath: "/other")) == nil)
        #expect(try await loader.assets(in: "icons", as: "png") == ["a", "b"])
        #expect(loader["width"] == 40)
        loader["height"] = 12
        verify(mock.assets(in: .any, as: .equal("png"))).called(1)
        let write = mock[.equal("height")] <- .equal(12)
        verify(write).called(1)
    }

    @Test func throwsNeverIsServedAsNonThrowing() async {
        let mock = MockInfallibleParser()
        let parser: any InfallibleParser = mock
        // Non-throwing: no `thenThrow` to stub an error the member cannot throw.
        let parse: Interaction<String, None, Int> = mock.parse(.equal("42"))
        when(parse).thenReturn(42)
        #expect(parser.parse("42") == 42)
        #expect(parser.parse("x") == 0)
        await parser.warmUp()
        verify(mock.parse(.any)).called(2)
        verify(mock.warmUp()).called(1)
    }

    @Test func escapingAutoclosuresAndVariadicClosuresAreRecorded() {
        let mock = MockDeferredLogger()
        let logger: any DeferredLogger = mock
        logger.debug("cache miss for \(7)")
        verify(mock.debug(.any)).captured { message in #expect(message() == "cache miss for 7") }
        when(mock.pipeline(.any, .any)).thenReturn { steps in steps.reduce(1) { value, step in step(value) } }
        #expect(logger.pipeline({ $0 + 1 }, { $0 * 10 }) == 20)
        #expect(logger.pipeline({ $0 + 1 }) == 0)
        verify(mock.pipeline(.any)).called(1)
        verify(mock.pipeline(.any, .any)).called(1)
    }
}

/// The values a `@Sendable` handler received, behind a lock.
final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    /// Adds a value.
    func append(_ value: String) {
        lock.withLock { stored.append(value) }
    }

    /// The values, in the order received.
    var values: [String] {
        lock.withLock { stored }
    }
}
