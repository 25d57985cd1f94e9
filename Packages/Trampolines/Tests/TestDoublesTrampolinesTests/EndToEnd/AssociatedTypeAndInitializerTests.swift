import Synchronization
import Testing

@testable import TestDoublesTrampolines

protocol Box {
    associatedtype Item
    func first() -> Item
}

protocol Seeded {
    init(seed: Int)
    var seed: Int { get }
}

@Suite struct AssociatedTypeAndInitializerTests {
    let convention = TrampolineConvention.host

    @Test func associatedTypeSlotHoldsTheBoundMetadata() throws {
        let kinds = try ProtocolProbe.requirementKinds(of: (any Box).self)
        #expect(kinds == [.associatedTypeAccessFunction, .method])
        let (value, _) = try fabricate(
            (any Box).self, slots: [.associatedType(String.self), .requirement(dispatchIndex: 0)]
        ) { frame in
            // A dependent result is indirect whatever its concrete size.
            frame.setResult("first item", at: .indirect)
        }
        func open<B: Box>(_ box: B) -> (Any.Type, Any) { (B.Item.self, box.first()) }
        let (itemType, item) = open(value)
        #expect(ObjectIdentifier(itemType) == ObjectIdentifier(String.self))
        #expect(item as? String == "first item")
    }

    @Test func initializerRequirementReturnsAFreshPayload() throws {
        #expect(try ProtocolProbe.requirementKinds(of: (any Seeded).self) == [.initializer, .getter])
        let seeds = Mutex<[UInt: Int]>([:])
        let initArguments = try convention.placeArguments([.word])
        let word = try convention.placeResult(.word)
        let conformance = Mutex<FabricatedConformance?>(nil)
        let (value, fabricated) = try fabricate((any Seeded).self) { frame in
            switch frame.slot {
            case 0:
                let seed = frame.argument(Int.self, at: initArguments[0], ownership: .owned)
                guard let reference = conformance.withLock({ $0 })?.retainedPayloadReference() else { return }
                seeds.withLock { $0[reference] = seed }
                frame.setResult(reference, at: .indirect)  // Self of an opaque protocol: indirect
            case 1:
                let reference = FabricatedConformance.payloadReference(
                    fromSelfRegister: frame.selfRegister, isClassBound: false)
                frame.setResult(seeds.withLock { $0[reference] ?? -1 }, at: word)
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }
        conformance.withLock { $0 = fabricated }
        #expect(value.seed == -1)
        let made = type(of: value).init(seed: 42)
        #expect(made.seed == 42)
        #expect(ObjectIdentifier(type(of: made)) == ObjectIdentifier(fabricated.payloadType))
        #expect(ObjectIdentifier(type(of: made)) == ObjectIdentifier(type(of: value)))
        conformance.withLock { $0 = nil }
    }
}
