import TestDoubles
import Testing

/// What an initializer requirement may be answered with: a value of the same
/// stub (it makes a new value of that stub); another stub's value or a value
/// that is not a stub's is an issue, and the caller still gets a value of this stub.
@Suite struct InitializerValueOwnershipTests {
    @Test func aValueOfTheSameStubMakesANewObjectOfIt() throws {
        let stub = try Stub<any SharedWorkshop>()
        stub.when { $0.label() }.thenReturn("shared")
        let subject = stub()
        let inits = stub.when { type(of: $0).init(seed: Match.any()) }
        inits.thenReturn(subject)
        let made = type(of: subject).init(seed: 1)
        // The configured value is accepted, and the caller gets a new object of the same stub, not the configured one.
        #expect(made !== subject)
        #expect(made.label() == "shared")
        // A value the initializer made is a value of the same stub too.
        inits.thenReturn(made)
        let again = type(of: subject).init(seed: 2)
        #expect(again !== made)
        #expect(again !== subject)
        #expect(again.label() == "shared")
        #expect(inits.arguments() == [1, 2])
    }

    @Test func aValueOfTheSameOpaqueStubAnswersItsConfiguration() throws {
        let stub = try Stub<any Player>()
        stub.when { $0.title }.thenReturn("this stub")
        let other = try Stub<any Player>()
        other.when { $0.title }.thenReturn("other stub")
        let inits = stub.when { type(of: $0).init(seed: Match.any()) }
        inits.then { (seed: Int) in stub() }
        let made = type(of: stub()).init(seed: 3)
        #expect(made.title == "this stub")
        #expect(other().title == "other stub")
        stub.verify(.exactly(1)) { type(of: $0).init(seed: Match.equal(3)) }
    }

    // Another stub's value, or a value that is no stub's, is a mistake in the test: an issue at the stub's
    // creation, and the caller gets a new value of this stub (its configuration answers), never the other value.

    @Test func anotherStubsValueIsAnIssueAndANewValueOfThisStub() throws {
        let stub = try Stub<any Player>()
        stub.when { $0.title }.thenReturn("this stub")
        let other = try Stub<any Player>()
        other.when { $0.title }.thenReturn("other stub")
        stub.when { type(of: $0).init(seed: Match.any()) }.thenReturn(other())
        var made: (any Player)?
        withKnownIssue {
            made = type(of: stub()).init(seed: 4)
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("Stub<TestDoublesTests.Player>: init(seed:) answers with a new value of the same stub")
                && text.contains("its behavior produced a value of another stub")
        }
        #expect(made?.title == "this stub")
    }

    @Test func anotherClassBoundStubsValueIsAnIssueAndANewValueOfThisStub() throws {
        let stub = try Stub<any SharedWorkshop>()
        stub.when { $0.label() }.thenReturn("this stub")
        let other = try Stub<any SharedWorkshop>()
        other.when { $0.label() }.thenReturn("other stub")
        stub.when { type(of: $0).init(seed: Match.any()) }.then { (seed: Int) in other() }
        var made: (any SharedWorkshop)?
        withKnownIssue {
            made = type(of: stub()).init(seed: 5)
        } matching: { issue in
            String(describing: issue).contains("its behavior produced a value of another stub")
        }
        #expect(made?.label() == "this stub")
        #expect(made !== other())
    }

    @Test func aValueThatIsNotAStubsIsAnIssueAndANewValueOfThisStub() throws {
        let stub = try Stub<any Player>()
        stub.when { $0.title }.thenReturn("this stub")
        stub.when { type(of: $0).init(seed: Match.any()) }.thenReturn(LivePlayer(seed: 0))
        var made: (any Player)?
        withKnownIssue {
            made = type(of: stub()).init(seed: 6)
        } matching: { issue in
            String(describing: issue).contains("which is not a value of a stub")
        }
        #expect(made?.title == "this stub")
        #expect(!(made is LivePlayer))
    }
}
