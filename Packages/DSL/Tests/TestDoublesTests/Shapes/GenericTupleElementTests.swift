import TestDoubles
import Testing

/// A tuple parameter holding a method generic's value (`(Value, Int)`): the
/// runtime stub does not decode it (the witness receives the generic element
/// by address, its type only as the method's generic argument), so Stub and
/// Spy refuse the protocol at construction, naming the requirement and the
/// tuple, and a ManualStub conformer is the fix.
protocol GenericPairing {
    func weigh<Value>(_ pair: (Value, Int)) -> Int
}

struct LiveGenericPairing: GenericPairing {
    func weigh<Value>(_ pair: (Value, Int)) -> Int { pair.1 * 10 }
}

@Suite struct GenericTupleElementTests {
    private static func refusal(_ make: () throws -> Void) -> String? {
        do {
            try make()
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func aStubRefusesNamingTheRequirementAndTheTuple() throws {
        let message = Self.refusal { _ = try Stub<any GenericPairing>() }
        #expect(message?.contains("requirement weigh(_:)") == true)
        #expect(message?.contains("is a tuple holding a generic parameter of the method") == true)
        #expect(message?.contains("ManualStub") == true)
    }

    @Test func aSpyRefusesTheSameWay() throws {
        let message = Self.refusal { _ = try Spy<any GenericPairing>(forwardingTo: LiveGenericPairing()) }
        #expect(message?.contains("requirement weigh(_:)") == true)
        #expect(message?.contains("is a tuple holding a generic parameter of the method") == true)
    }
}
