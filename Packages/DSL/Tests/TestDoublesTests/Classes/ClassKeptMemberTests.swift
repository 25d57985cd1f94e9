import TestDoubles
import Testing

/// `keepingClassCodeFor:`: members no double can answer keep the class's
/// code once the test accepts it; nothing else changes.
@Suite struct ClassKeptMemberTests {
    @Test func aKeptFinalMemberRunsTheClassCodeWhichSeesTheAnswers() throws {
        let stub = try Stub<CDWithFinal>(initializingWith: { CDWithFinal() }, keepingClassCodeFor: .directlyDispatched)
        stub.when { $0.overridable() }.thenReturn(10)
        // `total()` is final: the class's code runs, and calls the answered `overridable()` through its slot.
        #expect(stub().total() == 11)
        stub.verify(.once) { $0.overridable() }
    }

    @Test func aKeptExtensionMemberRunsTheClassCodeInASpy() throws {
        let spy = try Spy<CDWithExtension>(
            initializingWith: { CDWithExtension() }, keepingClassCodeFor: .directlyDispatched)
        #expect(spy().extra() == 2)
        spy.when { $0.base() }.thenReturn(5)
        #expect(spy().extra() == 6)
    }

    /// A recording closure that calls a kept member runs the class's code, which calls an answered member: the
    /// pass must not pass that call off as the closure's.
    @Test func aRecordingOfAKeptMemberNamesItAtTheLine() throws {
        let spy = try Spy<CDWithExtension>(
            initializingWith: { CDWithExtension() }, keepingClassCodeFor: .directlyDispatched)
        let line = #line + 2
        withKnownIssue {
            spy.verify(.never) { $0.extra() }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("the recording closure called extra()") && text.contains("keeps the class's own code")
                && text.contains("made to base()") && issue.sourceLocation?.line == line
        }
    }

    private func refusal<C: AnyObject>(_ make: () -> C) -> StubError? {
        constructionError { try Stub<C>(initializingWith: make, keepingClassCodeFor: .directlyDispatched) }
    }

    @Test func keepingDirectMembersDoesNotAcceptAClassThatMayBeFinal() throws {
        let labeled = try #require(refusal { CDLabeledClock() })
        #expect(labeled.requirement == "label()")
        let plain = try #require(refusal { CDPlainClock() })
        #expect(plain.reason.contains("only inherits the members of CDClock"))
        let fixed = try #require(refusal { CDFixedClock() })
        #expect(fixed.requirement == "now()")
        for error in [labeled, plain, fixed] {
            #expect(error.reason.contains("all metadata shows of a `final class`"))
            #expect(error.fix.contains("Stub<CDClock>(initializingWith:)"))
        }
    }

    @Test func aClassWithNoDirectMemberIgnoresTheOption() throws {
        let stub = try Stub<CDSession>(
            initializingWith: { CDSession(host: "h", id: 1) }, keepingClassCodeFor: [.directlyDispatched, .selfMembers])
        stub.when { $0.fetch(Match.any()) }.thenReturn("answered")
        #expect(stub().fetch("x") == "answered")
    }
}
