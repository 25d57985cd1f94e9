import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// One requirement of a forwarding test protocol: its plan and whether it is async.
struct ForwardedRequirement: Sendable {
    var plan: CallPlan
    var isAsync: Bool { plan.isAsync }
}

/// Builds a fabricated conformance of `P` whose handler forwards every call
/// (requirement `i` dispatches with index `i`) to `target`'s own witnesses.
func forwardingDouble<P>(
    _ type: P.Type, to target: ForwardingTarget, requirements: [Int: ForwardedRequirement],
    observed: Observations<Int>? = nil, stackPointers: Observations<UInt>? = nil
) throws -> (value: P, conformance: FabricatedConformance) {
    let descriptor = try ProtocolProbe.protocolDescriptor(of: type)
    let kinds = try ProtocolProbe.requirementKinds(of: descriptor)
    let descriptorAddress = UInt(bitPattern: descriptor)
    let slots: [WitnessSlot] = kinds.indices.map { index in
        requirements[index]?.isAsync == true
            ? .asyncRequirement(dispatchIndex: index) : .requirement(dispatchIndex: index)
    }
    return try fabricate(type, slots: slots) { frame in
        observed?.append(frame.slot)
        stackPointers?.append(UInt(bitPattern: frame.stackArguments))
        guard let requirement = requirements[frame.slot] else {
            Issue.record("no plan for requirement \(frame.slot)")
            return
        }
        do {
            let witness = try target.witness(
                forRequirementAt: frame.slot, of: UnsafeRawPointer(bitPattern: descriptorAddress)!)
            if requirement.isAsync {
                try frame.forwardSuspending(to: target, witness: witness, plan: requirement.plan)
            } else {
                try frame.forward(to: target, witness: witness, plan: requirement.plan)
            }
        } catch {
            Issue.record("forwarding requirement \(frame.slot) failed: \(error)")
        }
    }
}

/// The lowerings of 8 `Int` then 10 `Double` arguments.
let eightIntsTenDoubles = Array(repeating: ValueLowering.word, count: 8) + Array(repeating: .double, count: 10)
