import CTestDoublesTrampolines
import Testing

@testable import TestDoublesTrampolines

/// Forwarding fails closed: nothing is called when a call cannot be re-issued exactly.
@Suite struct ForwardingFailureTests {
    /// A zeroed frame whose stack arguments are `stack` (or none).
    func withFakeFrame(
        async isAsync: Bool = false, stack: UnsafeRawPointer?, _ body: (CallFrame) throws -> Void
    ) rethrows {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Int(TD_FRAME_SIZE), alignment: 16)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: Int(TD_FRAME_SIZE))
        let frame = CallFrame(raw)
        frame.setWord(UInt(bitPattern: stack), at: Int(TD_FRAME_STACK_ARGUMENTS))
        if isAsync { frame.setWord(UInt(TD_FRAME_FLAG_ASYNC), at: Int(TD_FRAME_FLAGS)) }
        try body(frame)
    }

    func target() throws -> (ForwardingTarget, ForwardingWitness) {
        let target = try ForwardingTarget(RealLedger(), as: (any Ledger).self)
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any Ledger).self)
        return (target, try target.witness(forRequirementAt: 0, of: descriptor))
    }

    @Test func moreThanSixteenStackWordsIsRefused() throws {
        let (target, witness) = try target()
        let plan = try CallPlan(arguments: Array(repeating: .word, count: 30), result: .word)
        let words = [UInt](repeating: 7, count: 32)
        words.withUnsafeBytes { stack in
            withFakeFrame(stack: stack.baseAddress) { frame in
                #expect(
                    throws: ForwardingError.tooManyStackWords(count: plan.stackWordCount, limit: 16)
                ) {
                    try frame.forward(to: target, witness: witness, plan: plan)
                }
            }
        }
        #expect(plan.stackWordCount > 16)
    }

    @Test func theAssemblyRefusesOversizedRequestsToo() {
        var request = td_forward_request(
            frame: nil, function: nil, stack_words: nil, stack_word_count: UInt64(TD_FORWARD_MAX_STACK_WORDS) + 1,
            popped_bytes: 0, padding: 0)
        #expect(td_forward_sync(&request) == -1)
    }

    @Test func stackArgumentsGoneAfterSuspensionAreReported() throws {
        let (target, witness) = try target()
        let plan = try CallPlan(arguments: eightIntsTenDoubles, result: .indirect, isAsync: true)
        withFakeFrame(async: true, stack: nil) { frame in
            #expect(throws: ForwardingError.stackArgumentsUnavailable) {
                try frame.prepareForwarding(to: target, witness: witness, plan: plan)
            }
        }
    }

    @Test func syncAndAsyncConventionsDoNotMix() throws {
        let (target, witness) = try target()
        let syncPlan = try CallPlan(arguments: [.word], result: .word)
        let asyncPlan = try CallPlan(arguments: [.word], result: .word, isAsync: true)
        withFakeFrame(stack: nil) { frame in
            #expect(throws: ForwardingError.self) { try frame.forward(to: target, witness: witness, plan: asyncPlan) }
            #expect(throws: ForwardingError.self) {
                try frame.forwardSuspending(to: target, witness: witness, plan: syncPlan)
            }
        }
        withFakeFrame(async: true, stack: nil) { frame in
            #expect(throws: ForwardingError.self) { try frame.forward(to: target, witness: witness, plan: asyncPlan) }
            #expect(!frame.isSuspended)
        }
    }

    @Test func nonExistentialTargetsAreRejected() {
        #expect(throws: ForwardingError.self) { try ForwardingTarget(42, as: Int.self) }
        #expect(throws: ForwardingError.self) { try ForwardingTarget(RealLedger(), as: RealLedger.self) }
    }

    @Test func missingProtocolIsReported() throws {
        let target = try ForwardingTarget(RealLedger(), as: (any Ledger).self)
        let other = try ProtocolProbe.protocolDescriptor(of: (any Tally).self)
        #expect(throws: ForwardingError.missingWitnessTable(protocolDescriptor: UInt(bitPattern: other))) {
            try target.witness(forRequirementAt: 0, of: other)
        }
    }

    @Test func requestLayoutMatchesTheAssembly() {
        #expect(MemoryLayout<td_forward_request>.size == Int(TD_FORWARD_SIZE))
        #expect(MemoryLayout<td_forward_request>.offset(of: \.frame) == Int(TD_FORWARD_FRAME))
        #expect(MemoryLayout<td_forward_request>.offset(of: \.function) == Int(TD_FORWARD_FUNCTION))
        #expect(MemoryLayout<td_forward_request>.offset(of: \.stack_words) == Int(TD_FORWARD_STACK_WORDS))
        #expect(MemoryLayout<td_forward_request>.offset(of: \.stack_word_count) == Int(TD_FORWARD_STACK_WORD_COUNT))
        #expect(MemoryLayout<td_forward_request>.offset(of: \.popped_bytes) == Int(TD_FORWARD_POPPED_BYTES))
    }
}
