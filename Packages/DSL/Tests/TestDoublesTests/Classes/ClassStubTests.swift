import TestDoubles
import Testing

@Suite struct ClassStubTests {
    @Test func aStubIsARealInstanceAnsweringMethodsOfEveryEffect() throws {
        let stub = try Stub<CDSession>(initializingWith: { CDSession(host: "h", id: 3) })
        stub.when { $0.fetch(Match.equal("x")) }.thenReturn("stubbed x")
        stub.when { $0.add(Match.any(), Match.equal(2)) }.then { (first: Int, second: Int) in first * 100 + second }
        stub.when { $0.scale(Match.any()) }.thenReturn(0.25)
        stub.when { try $0.connect(timeout: Match.equal(1)) }.thenThrow(CDError.offline)
        stub.when { try $0.connect(timeout: Match.any()) }.thenReturn(false)
        stub.when { $0.record(Match.any()) }.thenDoNothing()
        let session = stub()
        #expect(session.fetch("x") == "stubbed x")
        #expect(session.add(7, 2) == 702)
        #expect(session.scale(3) == 0.25)
        #expect(throws: CDError.offline) { try session.connect(timeout: 1) }
        #expect(try session.connect(timeout: 5) == false)
        session.record("ignored")
        // The instance is the class's, made by its own initializer.
        let asAny: Any = session
        #expect(asAny is CDSession)
        #expect(session.id == 3)
        stub.verify(.once) { $0.add(Match.equal(7), Match.any()) }
        stub.verify(.once) { $0.record(Match.equal("ignored")) }
    }

    @Test func propertiesSubscriptsAndModifyAccessesAreAnswered() throws {
        let stub = try Stub<CDSession>(initializingWith: { CDSession(host: "h", id: 1) })
        stub.when { $0.isOnline }.thenReturn(true)
        stub.when { $0.host }.thenReturn("stub host")
        stub.whenSet { $0.host = Match.any() }.thenDoNothing()
        stub.when { $0.retries }.thenReturn(4)
        stub.whenSet { $0.retries = Match.any() }.thenDoNothing()
        stub.when { $0[Match.equal(2)] }.thenReturn("two")
        stub.whenSet { $0[Match.any()] = Match.any() }.thenDoNothing()
        let session = stub()
        #expect(session.isOnline)
        #expect(session.host == "stub host")
        session.host = "other"
        session.retries += 1
        #expect(session[2] == "two")
        session[5] = "five"
        session[2] += "!"
        stub.verify(.once) { $0.host = Match.equal("other") }
        // `+=` starts from the getter's answer and sets the final value.
        stub.verify(.once) { $0.retries = Match.equal(5) }
        stub.verify(.once) { $0[Match.equal(5)] = Match.equal("five") }
        stub.verify(.once) { $0[Match.equal(2)] = Match.equal("two!") }
    }

    @Test func anUnmatchedCallIsReportedAndAnsweredAsByAProtocolStub() throws {
        let stub = try Stub<CDSession>(initializingWith: { CDSession(host: "h", id: 1) })
        var answer = -1
        withKnownIssue { answer = stub().add(1, 1) }
        #expect(answer == 0)
    }

    @Test func anInheritedOverrideAndANewMemberOfASubclassAreAnswered() throws {
        let stub = try Stub<CDSecureSession>(initializingWith: { CDSecureSession(host: "h", id: 1) })
        stub.when { $0.fetch(Match.any()) }.thenReturn("sub")
        stub.when { $0.token() }.thenReturn(1)
        let session: CDSession = stub()
        #expect(session.fetch("p") == "sub")
        #expect(stub().token() == 1)
    }

    @Test func theInstanceIsReleasedWithItsDouble() throws {
        let before = CDTracked.deinits
        weak var weakInstance: CDTracked?
        do {
            let stub = try Stub<CDTracked>(initializingWith: { CDTracked(name: "t") })
            stub.when { $0.greet() }.thenReturn("hi")
            weakInstance = stub()
            #expect(weakInstance?.greet() == "hi")
        }
        #expect(weakInstance == nil)
        #expect(CDTracked.deinits == before + 1)
    }
}
