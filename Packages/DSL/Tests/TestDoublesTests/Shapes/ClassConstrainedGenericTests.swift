import TestDoubles
import Testing

/// A class-bound protocol a method's generic parameter can be constrained to.
protocol RetainedObserver: AnyObject {}

/// A base class a method's generic parameter can be constrained to.
class ObservedBase {}

/// Method generics whose values are class references: the witness passes
/// them as one word, not by address.
protocol ObjectRetaining {
    func keep<T: AnyObject>(_ object: T) -> T
}

protocol ObserverRetaining {
    func attach<T: RetainedObserver>(_ observer: T) -> Int
}

protocol BaseRetaining {
    func adopt<T: ObservedBase>(_ object: T)
}

/// A method generic with an ordinary protocol constraint beside them, which is served.
protocol ValueRetaining {
    func keep<T: Equatable>(_ value: T) -> T
}

struct LiveObjectRetaining: ObjectRetaining {
    func keep<T: AnyObject>(_ object: T) -> T { object }
}

struct LiveObserverRetaining: ObserverRetaining {
    func attach<T: RetainedObserver>(_ observer: T) -> Int { 0 }
}

struct LiveBaseRetaining: BaseRetaining {
    func adopt<T: ObservedBase>(_ object: T) {}
}

struct LiveValueRetaining: ValueRetaining {
    func keep<T: Equatable>(_ value: T) -> T { value }
}

/// Before this was refused, recording `keep(Match.any(using:))` read the
/// reference as an address and the generic metadata from the wrong word,
/// and the test process crashed.
@Suite struct ClassConstrainedGenericTests {
    private static func refusal(_ construct: () throws -> Any) -> String? {
        do {
            _ = try construct()
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func anyObjectConstraintFailsClosedByName() throws {
        let text = try #require(Self.refusal { try Stub<any ObjectRetaining>() })
        #expect(text.contains("keep(_:)"))
        #expect(text.contains("T1 is constrained to classes"))
        #expect(!text.contains("τ_"))
    }

    @Test func classBoundProtocolConstraintFailsClosed() throws {
        let text = try #require(Self.refusal { try Stub<any ObserverRetaining>() })
        #expect(text.contains("attach(_:)"))
        #expect(text.contains("constrained to classes"))
    }

    @Test func superclassConstraintFailsClosed() throws {
        let text = try #require(Self.refusal { try Spy<any BaseRetaining>(forwardingTo: LiveBaseRetaining()) })
        #expect(text.contains("adopt(_:)"))
        #expect(text.contains("constrained to classes"))
    }

    @Test func aValueConstraintIsStillServed() throws {
        let stub = try Stub<any ValueRetaining>()
        stub.when { $0.keep(Match.any(using: 0)) }.then { (value: Int) in value * 2 }
        #expect(stub().keep(21) == 42)
    }
}
