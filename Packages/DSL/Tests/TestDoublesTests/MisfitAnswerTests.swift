import Foundation
import TestDoubles
import Testing

/// A configured answer that does not fit the call it reaches is a mistake in
/// the test: an issue at the stub's creation, and the caller gets a safe
/// answer of its own type; the test process goes on.
@Suite struct MisfitAnswerTests {
    @Test func aValueForAnotherSpecializationOfAGenericResultIsAnIssueAndAPlaceholder() throws {
        let stub = try Stub<any MisfitDecoder>()
        stub.when { $0.decode(Match.any(using: MisfitUser.self), from: Match.any()) }
            .thenReturn(MisfitUser(name: "configured"))
        // The registration's type is the call's: exact.
        #expect(stub().decode(MisfitUser.self, from: "a") == MisfitUser(name: "configured"))
        // Another specialization reaches the same registration: the value cannot be its result.
        var other: MisfitOrder?
        withKnownIssue {
            other = stub().decode(MisfitOrder.self, from: "b")
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("decode(_:from:) returns MisfitOrder for this call")
                && text.contains("of type MisfitUser") && text.contains("a placeholder MisfitOrder instead")
        }
        #expect(other == MisfitOrder(count: 0))
    }

    @Test func aMetatypeLiteralBesideAMatcherIsAnIssueWhoseRewriteCompiles() throws {
        let stub = try Stub<any MisfitDecoder>()
        withKnownIssue {
            stub.when { $0.decode(MisfitUser.self, from: Match.any()) }.thenReturn(MisfitUser(name: "x"))
        } matching: { issue in
            String(describing: issue).contains("Match.equal(TestDoublesTests.MisfitUser.self)")
        }
        // The rewrite the issue names, which registers.
        stub.when { $0.decode(Match.equal(MisfitUser.self), from: Match.any()) }.thenReturn(MisfitUser(name: "y"))
        #expect(stub().decode(MisfitUser.self, from: "z") == MisfitUser(name: "y"))
    }

    @Test func anErrorOfAnotherTypeForATypedThrowIsAnIssueAndAPlaceholderError() throws {
        let stub = try Stub<any MisfitParser>()
        stub.when { try $0.parse(Match.equal("y")) }.thenThrow(MisfitParseError.bad(7))
        stub.when { try $0.parse(Match.any()) }.thenThrow(MisfitOtherError())
        var thrown: MisfitParseError?
        withKnownIssue {
            do {
                _ = try stub().parse("x")
            } catch {
                thrown = error as? MisfitParseError
            }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("parse(_:) throws MisfitParseError, but its behavior threw")
                && text.contains("a placeholder MisfitParseError instead")
        }
        #expect(thrown != nil)
        // The declared error type still crosses exactly.
        #expect(throws: MisfitParseError.bad(7)) { try stub().parse("y") }
    }

    /// `completion?(value)` as a handler's last expression gives `()?`; Swift 6.0 can also infer the whole
    /// pattern as `()??` from it. Neither is a misfit for a requirement returning `Void`: no issue, and the
    /// handler still runs with the call's arguments.
    @Test func anOptionalChainAnsweringAVoidRequirementIsNoMisfit() throws {
        let stub = try Stub<any MisfitNotifier>()
        let seen = MisfitSeen()
        let once: CallPattern<Void?> = stub.when { (notifier) -> Void? in
            notifier.mark(Match.equal(1), completion: Match.any())
        }
        once.then { (id: Int, completion: (@Sendable (Int) -> Void)?) -> Void? in completion?(id * 10) }
        let twice: CallPattern<Void??> = stub.when { (notifier) -> Void?? in
            notifier.mark(Match.equal(2), completion: Match.any())
        }
        twice.then { (id: Int, completion: (@Sendable (Int) -> Void)?) -> Void?? in completion?(id * 100) }
        stub().mark(1) { seen.append($0) }
        stub().mark(1, completion: nil)
        stub().mark(2) { seen.append($0) }
        stub().mark(2, completion: nil)
        #expect(seen.values == [10, 200])
        stub.verify(.exactly(4)) { $0.mark(Match.any(), completion: Match.any()) }
    }
}

/// The values a completion was called with, from any thread.
final class MisfitSeen: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Int] = []
    var values: [Int] { lock.withLock { stored } }
    func append(_ value: Int) { lock.withLock { stored.append(value) } }
}

protocol MisfitNotifier {
    func mark(_ id: Int, completion: (@Sendable (Int) -> Void)?)
}

struct LiveMisfitNotifier: MisfitNotifier {
    func mark(_ id: Int, completion: (@Sendable (Int) -> Void)?) { completion?(id) }
}

struct MisfitUser: Equatable { var name: String }
struct MisfitOrder: Equatable { var count: Int }
struct MisfitOtherError: Error {}
enum MisfitParseError: Error, Equatable { case bad(Int) }

protocol MisfitDecoder {
    func decode<T>(_ type: T.Type, from text: String) -> T
}

protocol MisfitParser {
    func parse(_ text: String) throws(MisfitParseError) -> Int
}

struct LiveMisfitDecoder: MisfitDecoder {
    func decode<T>(_ type: T.Type, from text: String) -> T { fatalError("never called by a stub") }
}

struct LiveMisfitParser: MisfitParser {
    func parse(_ text: String) throws(MisfitParseError) -> Int { text.count }
}
