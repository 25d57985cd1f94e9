import TestDoubles
import Testing

/// Initializer requirements through `when { type(of: $0).init(…) }`: every
/// effect, the value they make, and class-bound protocols.
@Suite struct InitializerShapeTests {
    @Test func throwingInitializerAnswersThenThrowsTheConfiguredError() throws {
        let stub = try Stub<any Workshop>()
        stub.when { $0.name }.thenReturn("bench")
        let inits = stub.when { try type(of: $0).init(named: Match.any(), size: Match.any()) }
        inits.thenReturn(stub()).thenThrow(WorkshopError.full)
        let subject = stub()
        let made = try type(of: subject).init(named: "lathe", size: 3)
        #expect(made.name == "bench")
        #expect(type(of: made) == type(of: subject))
        #expect(throws: WorkshopError.full) { try type(of: made).init(named: "drill", size: -4) }
        let received: [(String, Int)] = inits.arguments()
        #expect(received.map(\.0) == ["lathe", "drill"])
        #expect(received.map(\.1) == [3, -4])
        stub.verify(.exactly(2)) { try type(of: $0).init(named: Match.any(), size: Match.any()) }
        stub.verify(.exactly(1)) { try type(of: $0).init(named: Match.equal("drill"), size: Match.equal(-4)) }
    }

    @Test func typedThrowingInitializerThrowsItsErrorType() throws {
        let stub = try Stub<any TypedWorkshop>()
        stub.when { $0.label() }.thenReturn("typed")
        let inits = stub.when { try type(of: $0).init(code: Match.any()) }
        inits.then { (code: Int) in stub() }.thenThrow(WorkshopError.locked(7))
        let made = try type(of: stub()).init(code: 41)
        #expect(made.label() == "typed")
        // The requirement throws(WorkshopError): the error arrives as that type.
        do throws(WorkshopError) {
            _ = try type(of: made).init(code: 42)
            Issue.record("the second call returned")
        } catch {
            #expect(error == .locked(7))
        }
        #expect(inits.arguments() == [41, 42])
    }

    @Test func asyncThrowingInitializerAnswersAndThrows() async throws {
        let stub = try Stub<any AsyncWorkshop>()
        stub.when { $0.label() }.thenReturn("async")
        let inits = await stub.when { try await type(of: $0).init(seed: Match.any(), tag: Match.any()) }
        inits.then { (seed: Int, tag: String) in stub() }.thenThrow(WorkshopError.full)
        let made = try await type(of: stub()).init(seed: .min, tag: "a tag long enough to live on the heap")
        #expect(made.label() == "async")
        await #expect(throws: WorkshopError.full) { _ = try await type(of: made).init(seed: 5, tag: "") }
        let received: [(Int, String)] = inits.arguments()
        #expect(received.map(\.0) == [.min, 5])
        #expect(received.map(\.1) == ["a tag long enough to live on the heap", ""])
    }

    @Test func classBoundInitializerMakesANewObjectOfTheSameStub() throws {
        let stub = try Stub<any SharedWorkshop>()
        stub.when { $0.label() }.thenReturn("shared")
        let inits = stub.when { type(of: $0).init(seed: Match.any()) }
        inits.thenReturn(stub())
        let subject = stub()
        let made = type(of: subject).init(seed: 12)
        let again = type(of: made).init(seed: 13)
        #expect(made !== subject)
        #expect(again !== made)
        #expect(made.label() == "shared")
        #expect(again.label() == "shared")
        #expect(inits.arguments() == [12, 13])
    }
}

enum WorkshopError: Error, Equatable {
    case full
    case locked(Int)
}

protocol Workshop {
    var name: String { get }
    init(named name: String, size: Int) throws
}

struct LiveWorkshop: Workshop {
    var name: String { "" }
    init(named name: String, size: Int) throws {}
}

protocol TypedWorkshop {
    func label() -> String
    init(code: Int) throws(WorkshopError)
}

struct LiveTypedWorkshop: TypedWorkshop {
    func label() -> String { "" }
    init(code: Int) throws(WorkshopError) {}
}

protocol AsyncWorkshop {
    func label() -> String
    init(seed: Int, tag: String) async throws
}

struct LiveAsyncWorkshop: AsyncWorkshop {
    func label() -> String { "" }
    init(seed: Int, tag: String) async throws {}
}

protocol SharedWorkshop: AnyObject {
    func label() -> String
    init(seed: Int)
}

final class LiveSharedWorkshop: SharedWorkshop {
    func label() -> String { "" }
    init(seed: Int) {}
}
