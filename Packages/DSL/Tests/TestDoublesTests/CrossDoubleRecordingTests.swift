import Foundation
import TestDoubles
import Testing

/// A protocol whose types all have placeholders: on its own, its recording
/// passes run on the caller's thread.
protocol ShelfCounter: Sendable {
    func count(_ shelf: Int) -> Int
    func countLater(_ shelf: Int) async -> Int
}

/// A class no placeholder source can make a value of.
final class ShelfBook: Sendable {
    let title: String
    init(_ title: String) { self.title = title }
}

/// A protocol whose parameters and results are such a class.
protocol ShelfArchive: Sendable {
    func store(_ book: ShelfBook) -> Bool
    func storeLater(_ book: ShelfBook) async -> Bool
    func newest() -> ShelfBook
}

/// The linked conformers the stubs read their signatures from.
struct ShelfCounterConformer: ShelfCounter {
    func count(_ shelf: Int) -> Int { shelf }
    func countLater(_ shelf: Int) async -> Int { shelf }
}

struct ShelfArchiveConformer: ShelfArchive {
    func store(_ book: ShelfBook) -> Bool { true }
    func storeLater(_ book: ShelfBook) async -> Bool { true }
    func newest() -> ShelfBook { ShelfBook("") }
}

/// Recording closures that evaluate a matcher, or call a requirement, of a
/// double other than the one the pass records (or of several, in an
/// `InvocationOrder` builder), where the value needs a type only the other
/// double declares. Before, the pass of the first double (and every
/// `InvocationOrder` builder) ran on the caller's thread (its own types all
/// have placeholders), could not park there, and the whole test process
/// stopped (`Match.noPlaceholder`'s `fatalError`). Now a pass runs on a
/// host while any live double's own pass found such a type
/// (`RecordingHostDemand`): the mistake is one issue at the `when`/`verify`
/// or `InvocationOrder` line, and the process goes on. (Each test records
/// a pass of the other double first: a runtime double's types are checked
/// at its own first pass.)
@Suite struct CrossDoubleRecordingTests {
    @Test func whenOnOneDoubleWithAMatcherOfAnotherDoublesClassIsAnIssueAtItsLine() throws {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        let book = ShelfBook("Dune")
        archive.when { $0.newest() }.thenReturn(book)
        let line = #line + 2
        let issues = TestDoubleIssueReporting.capture {
            _ = counter.when { _ in archive().store(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.fileID == #fileID)
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("ShelfBook"))
        // Both doubles still work afterwards.
        counter.when { $0.count(Match.any()) }.thenReturn(7)
        #expect(counter().count(1) == 7)
        #expect(archive().newest() === book)
    }

    @Test func verifyOnOneDoubleWithAMatcherOfAnotherDoublesClassIsAnIssueAtItsLine() throws {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        archive.when { $0.newest() }.thenReturn(ShelfBook("Kim"))
        let issues = TestDoubleIssueReporting.capture {
            _ = counter.verify { _ in archive().store(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.fileID == #fileID)
    }

    @Test func whenOnOneDoubleCallingAnotherDoublesClassResultIsAnIssueAtItsLine() throws {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        archive.when { $0.newest() }.thenReturn(ShelfBook("Kim"))
        let issues = TestDoubleIssueReporting.capture {
            _ = counter.when { _ in archive().newest().title.count }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.fileID == #fileID)
    }

    @Test func asyncWhenOnOneDoubleWithAMatcherOfAnotherDoublesClassIsAnIssueAtItsLine() async throws {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        archive.when { $0.newest() }.thenReturn(ShelfBook("Kim"))
        let issues = await TestDoubleIssueReporting.capture {
            _ = await counter.when { _ in await archive().storeLater(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.fileID == #fileID)
        counter.when { $0.count(Match.any()) }.thenReturn(3)
        #expect(counter().count(2) == 3)
    }

    @Test @MainActor func mainActorWhenOnOneDoubleWithAMatcherOfAnotherDoublesClassIsAnIssue() throws {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        archive.when { $0.newest() }.thenReturn(ShelfBook("Kim"))
        let issues = TestDoubleIssueReporting.capture {
            _ = counter.when { _ in archive().store(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        counter.when { $0.count(Match.any()) }.thenReturn(5)
        #expect(counter().count(9) == 5)
    }

    @Test @MainActor func mainActorAsyncVerifyWithAMatcherOfAnotherDoublesClassIsAnIssue() async throws {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        archive.when { $0.newest() }.thenReturn(ShelfBook("Kim"))
        let issues = await TestDoubleIssueReporting.capture {
            _ = await counter.verify { _ in await archive().storeLater(Match.any()) }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
    }

    /// An order builder records calls of every double: a bare `Match.any()`
    /// of a class is one issue at the builder's line (no double's earlier
    /// argument can stand in: the builder records no double in particular),
    /// and the `using:` form the issue names records the order.
    @Test func invocationOrderWithABareMatcherOfAClassParameterIsAnIssueAtItsLine() throws {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        archive.when { $0.store(Match.any(using: ShelfBook("placeholder"))) }.thenReturn(true)
        counter.when { $0.count(Match.any()) }.thenReturn(1)
        _ = archive().store(ShelfBook("Emma"))
        _ = counter().count(4)
        let line = #line + 2
        let issues = TestDoubleIssueReporting.capture {
            let order = InvocationOrder(exhaustive: true) {
                archive().store(Match.any())
                counter().count(Match.equal(4))
            }
            #expect(order.passed == false)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
        #expect(try #require(issues.first).message.contains("Match.any(using:"))
        let fixed = TestDoubleIssueReporting.capture {
            let order = InvocationOrder(exhaustive: true) {
                archive().store(Match.any(using: ShelfBook("placeholder")))
                counter().count(Match.equal(4))
            }
            #expect(order.passed)
        }
        #expect(fixed.isEmpty)
    }

    // Swift 6.0 has no isolated async `InvocationOrder` initializer (its closure cannot be main-actor isolated).
    #if compiler(>=6.1)
    @Test @MainActor func mainActorAsyncInvocationOrderWithABareMatcherOfAClassParameterIsAnIssue() async throws {
        let counter = try Stub<any ShelfCounter>()
        let archive = try Stub<any ShelfArchive>()
        await archive.when { await $0.storeLater(Match.any(using: ShelfBook("placeholder"))) }.thenReturn(true)
        await counter.when { await $0.countLater(Match.any()) }.thenReturn(2)
        _ = await archive().storeLater(ShelfBook("Persuasion"))
        _ = await counter().countLater(6)
        let issues = await TestDoubleIssueReporting.capture {
            let order = await InvocationOrder {
                await archive().storeLater(Match.any())
                await counter().countLater(Match.equal(6))
            }
            #expect(order.passed == false)
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        let fixed = await TestDoubleIssueReporting.capture {
            let order = await InvocationOrder {
                await archive().storeLater(Match.any(using: ShelfBook("placeholder")))
                await counter().countLater(Match.equal(6))
            }
            #expect(order.passed)
        }
        #expect(fixed.isEmpty)
    }
    #endif

    @Test func invocationOrderCallingAClassResultWithoutAValueIsAnIssueAtItsLine() throws {
        let archive = try Stub<any ShelfArchive>()
        archive.when { $0.store(Match.any(using: ShelfBook("placeholder"))) }.thenReturn(true)
        let line = #line + 3
        let issues = TestDoubleIssueReporting.capture {
            // `newest().title` needs a ShelfBook the pass cannot make.
            InvocationOrder { archive().newest().title }
        }
        #expect(issues.map(\.kind) == [.invalidRecording])
        #expect(issues.first?.location?.line == line)
    }
}
