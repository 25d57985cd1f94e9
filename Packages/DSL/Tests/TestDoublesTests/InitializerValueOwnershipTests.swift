import TestDoubles
import Testing

/// What an initializer requirement may be answered with: a value of the same
/// stub (it makes a new value of that stub), never another stub's value or a
/// value that is not a stub's.
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

    #if compiler(>=6.2)
    @Test func anotherStubsValueStopsWithADiagnostic() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stub = try Stub<any Player>()
            let other = try Stub<any Player>()
            other.when { $0.title }.thenReturn("other stub")
            stub.when { type(of: $0).init(seed: Match.any()) }.thenReturn(other())
            _ = type(of: stub()).init(seed: 4)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains("Stub<TestDoublesTests.Player>: init(seed:) answers with a new value of the same stub"))
        #expect(message.contains("(the one created at TestDoublesTests/InitializerValueOwnershipTests.swift:"))
        #expect(message.contains("its behavior produced a value of another stub"))
    }

    @Test func anotherClassBoundStubsValueStopsWithADiagnostic() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stub = try Stub<any SharedWorkshop>()
            let other = try Stub<any SharedWorkshop>()
            stub.when { type(of: $0).init(seed: Match.any()) }.then { (seed: Int) in other() }
            _ = type(of: stub()).init(seed: 5)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("its behavior produced a value of another stub"))
    }

    @Test func aValueThatIsNotAStubsStopsWithADiagnostic() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stub = try Stub<any Player>()
            stub.when { type(of: $0).init(seed: Match.any()) }.thenReturn(LivePlayer(seed: 0))
            _ = type(of: stub()).init(seed: 6)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("which is not a fabricated value"))
    }
    #endif
}
