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
