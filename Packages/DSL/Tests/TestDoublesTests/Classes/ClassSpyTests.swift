import TestDoubles
import Testing

@Suite struct ClassSpyTests {
    @Test func aSpyAnswersOneMethodAndTheOthersReachTheClass() throws {
        let spy = try Spy<CDSession>(initializingWith: { CDSession(host: "h", id: 1) })
        spy.when { $0.fetch(Match.equal("x")) }.thenReturn("stubbed")
        let session = spy()
        #expect(session.fetch("x") == "stubbed")
        #expect(session.fetch("y") == "h/y")
        #expect(session.add(2, 3) == 5)
        #expect(session.scale(1.5) == 3)
        #expect(throws: CDError.refused(-1)) { try session.connect(timeout: -1) }
        #expect(try session.connect(timeout: 1))
        session.record("one")
        #expect(session.log == ["one"])
        #expect(session[4] == "row 4 of h")
        spy.verify(.once) { $0.fetch(Match.equal("y")) }
        #expect(spy.history.forwarded.callCount >= 7)
    }

    @Test func settersAndModifyAccessesReachTheInstancesStorage() throws {
        let spy = try Spy<CDSession>(initializingWith: { CDSession(host: "h", id: 1) })
        let session = spy()
        session.host = "new"
        #expect(session.fetch("p") == "new/p")
        session.retries += 2
        session.retries += 3
        #expect(session.retries == 5)
        session[0] = "from subscript"
        #expect(session.host == "from subscript")
        // A subscript's `_modify` reads the class's getter with the index and hands the result to its setter.
        session[1] += "!"
        #expect(session.host == "row 1 of from subscript!")
        spy.verify(.once) { $0.retries = Match.equal(5) }
        spy.verify(.once) { $0.host = Match.equal("new") }
    }

    @Test func theClassesOwnCodeSeesTheSpysAnswers() throws {
        let spy = try Spy<CDSession>(initializingWith: { CDSession(host: "h", id: 1) })
        spy.when { $0.add(Match.any(), Match.any()) }.thenReturn(9)
        // summary() runs the class's code, which calls fetch (forwarded) and add (answered).
        #expect(spy().summary() == "h/a 9")
        spy.verify(.once) { $0.summary() }
        spy.verify(.once) { $0.add(Match.equal(1), Match.equal(2)) }
    }

    @Test func aSpyOfASubclassForwardsToTheOverride() throws {
        let spy = try Spy<CDSecureSession>(initializingWith: { CDSecureSession(host: "h", id: 1) })
        spy.when { $0.token() }.thenReturn(0)
        #expect(spy().fetch("p") == "secure h/p")
        #expect(spy().token() == 0)
    }
}
