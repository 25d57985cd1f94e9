import Testing

@testable import TestDoublesTrampolines

final class Keeper: @unchecked Sendable {
    let name: String
    init(name: String) { self.name = name }
}

/// Five words, one of them a reference: passed indirectly, owned by setters.
struct Roster {
    var keeper: Keeper
    var a, b, c, d: Int
}

protocol Kennel: AnyObject {
    var keeper: Keeper { get set }
    var roster: Roster { get set }
}

final class RealKennel: Kennel, @unchecked Sendable {
    var keeper = Keeper(name: "initial")
    var roster = Roster(keeper: Keeper(name: "roster"), a: 1, b: 2, c: 3, d: 4)
}

/// Owned arguments (setter values) that the handler decodes by moving them
/// out of the frame: the witness gets its own copy, nothing is released twice or leaked.
@Suite struct OwnedArgumentForwardingTests {
    @Test func decodedOwnedArgumentsAreResuppliedToTheWitness() throws {
        #expect(
            try ProtocolProbe.requirementKinds(of: (any Kennel).self)
                == [.getter, .setter, .modifyCoroutine, .getter, .setter, .modifyCoroutine])
        let real = RealKennel()
        let target = try ForwardingTarget(real, as: (any Kennel).self)
        let descriptor = UInt(bitPattern: try ProtocolProbe.protocolDescriptor(of: (any Kennel).self))
        let keeperSetter = try CallPlan(arguments: [.word], result: .empty)
        let rosterSetter = try CallPlan(arguments: [.indirect], result: .empty)
        let decoded = Observations<String>()
        let kennel = try fabricate((any Kennel).self) { frame in
            do {
                let witness = try target.witness(
                    forRequirementAt: frame.slot, of: UnsafeRawPointer(bitPattern: descriptor)!)
                switch frame.slot {
                case 1:
                    let value = frame.argument(Keeper.self, at: keeperSetter.arguments[0], ownership: .owned)
                    decoded.append(value.name)
                    let call = try frame.prepareForwarding(to: target, witness: witness, plan: keeperSetter)
                    try call.supplyOwnedArgument(value, ofType: Keeper.self, at: keeperSetter.arguments[0])
                    call.invoke(into: frame)
                case 4:
                    let value = frame.argument(Roster.self, at: rosterSetter.arguments[0], ownership: .owned)
                    decoded.append(value.keeper.name)
                    let call = try frame.prepareForwarding(to: target, witness: witness, plan: rosterSetter)
                    try call.supplyOwnedArgument(value, ofType: Roster.self, at: rosterSetter.arguments[0])
                    call.invoke(into: frame)
                default:
                    Issue.record("unexpected requirement \(frame.slot)")
                }
            } catch {
                Issue.record("forwarding failed: \(error)")
            }
        }.value
        weak var firstKeeper: Keeper?
        weak var rosterKeeper: Keeper?
        do {
            let keeper = Keeper(name: "ada")
            firstKeeper = keeper
            kennel.keeper = keeper
            let roster = Roster(keeper: Keeper(name: "grace"), a: 5, b: 6, c: 7, d: 8)
            rosterKeeper = roster.keeper
            kennel.roster = roster
        }
        #expect(decoded.all == ["ada", "grace"])
        #expect(real.keeper.name == "ada")
        #expect(real.keeper === firstKeeper)
        #expect(real.roster.keeper.name == "grace" && real.roster.d == 8)
        // The real object holds the only references now; replacing them frees them.
        real.keeper = Keeper(name: "later")
        real.roster.keeper = Keeper(name: "later")
        #expect(firstKeeper == nil, "the setter's value was leaked")
        #expect(rosterKeeper == nil, "the roster's keeper was leaked")
    }

    @Test func aCallThatIsNeverMadeDestroysItsCopies() throws {
        weak var weakKeeper: Keeper?
        try withUnsafeTemporaryAllocation(byteCount: 384, alignment: 16) { raw in
            raw.initializeMemory(as: UInt8.self, repeating: 0)
            let frame = CallFrame(raw.baseAddress!)
            let target = try ForwardingTarget(RealKennel(), as: (any Kennel).self)
            let descriptor = try ProtocolProbe.protocolDescriptor(of: (any Kennel).self)
            let plan = try CallPlan(arguments: [.word], result: .empty)
            let call = try frame.prepareForwarding(
                to: target, witness: try target.witness(forRequirementAt: 1, of: descriptor), plan: plan)
            let keeper = Keeper(name: "unused")
            weakKeeper = keeper
            try call.supplyOwnedArgument(keeper, ofType: Keeper.self, at: plan.arguments[0])
            #expect(throws: ForwardingError.self) {
                try call.supplyOwnedArgument("not a keeper", ofType: Keeper.self, at: plan.arguments[0])
            }
        }
        #expect(weakKeeper == nil)
    }
}
