import Testing

@testable import TestDoublesTrampolines

protocol Tally: AnyObject {
    func increment(by step: Int) -> Int
    var count: Int { get set }
    func label(_ prefix: String) -> String
}

final class RealTally: Tally, @unchecked Sendable {
    var count = 0
    func increment(by step: Int) -> Int {
        count += step
        return count
    }
    func label(_ prefix: String) -> String { "\(prefix)\(count)" }
}

/// A class-bound protocol: self is the reference itself.
@Suite struct ClassBoundForwardingTests {
    @Test func classBoundCallsReachTheSameObject() throws {
        #expect(
            try ProtocolProbe.requirementKinds(of: (any Tally).self)
                == [.method, .getter, .setter, .modifyCoroutine, .method])
        let real = RealTally()
        let target = try ForwardingTarget(real, as: (any Tally).self)
        #expect(target.isClassBound)
        #expect(target.selfValue == UInt(bitPattern: Unmanaged.passUnretained(real).toOpaque()))
        let counter = try forwardingDouble(
            (any Tally).self, to: target,
            requirements: [
                0: ForwardedRequirement(plan: try CallPlan(arguments: [.word], result: .word)),
                1: ForwardedRequirement(plan: try CallPlan(arguments: [], result: .word)),
                2: ForwardedRequirement(plan: try CallPlan(arguments: [.word], result: .empty)),
                4: ForwardedRequirement(
                    plan: try CallPlan(arguments: [.words(byteCount: 16)], result: .words(byteCount: 16))),
            ]
        ).value
        #expect(counter.increment(by: 5) == 5)
        counter.count = 40
        #expect(real.count == 40)
        #expect(counter.count == 40)
        #expect(counter.label("n=") == "n=40")
        #expect(target.value(as: (any Tally).self) === real)
    }
}
