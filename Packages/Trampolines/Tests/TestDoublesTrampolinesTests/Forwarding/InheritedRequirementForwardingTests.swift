import CTestDoublesTrampolines
import Testing

@testable import TestDoublesTrampolines

protocol Coded {
    func code() -> Int
}

protocol Badge: Coded {
    func scaled(_ factor: Int) -> Int
}

struct RealBadge: Badge {
    var value: Int
    func code() -> Int { value }
    func scaled(_ factor: Int) -> Int { value * factor }
}

/// Requirements of base protocols: the dispatch numbering of the hierarchy
/// (bases first) reaches the base protocol's table through the runtime.
@Suite struct InheritedRequirementForwardingTests {
    /// Calls a sync witness on a hand-made frame and returns result register 0.
    func call(_ target: ForwardingTarget, dispatchIndex: Int, plan: CallPlan, gp: [UInt] = []) throws -> UInt {
        try withUnsafeTemporaryAllocation(byteCount: Int(TD_FRAME_SIZE), alignment: 16) { raw in
            raw.initializeMemory(as: UInt8.self, repeating: 0)
            let frame = CallFrame(raw.baseAddress!)
            for (index, word) in gp.enumerated() { frame.setWord(word, at: Int(TD_FRAME_GP) + index * 8) }
            try frame.forward(to: target, witness: target.witness(forDispatchIndex: dispatchIndex), plan: plan)
            return frame.returnGeneralPurposeRegister(0)
        }
    }

    @Test func baseAndDerivedRequirementsByDispatchIndex() throws {
        let target = try ForwardingTarget(RealBadge(value: 21), as: (any Badge).self)
        #expect(try call(target, dispatchIndex: 0, plan: CallPlan(arguments: [], result: .word)) == 21)
        #expect(try call(target, dispatchIndex: 1, plan: CallPlan(arguments: [.word], result: .word), gp: [2]) == 42)
        #expect(throws: ForwardingError.missingWitness(requirementIndex: 2)) {
            try target.witness(forDispatchIndex: 2)
        }
    }
}
