import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

class FCWide {
    let base: Int

    init(base: Int) { self.base = base }

    // Nine integers: past the register budget of both architectures (six on
    // x86_64, eight on arm64), so the last ones travel on the stack.
    // swift-format-ignore
    func sum(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int, _ i: Int) -> Int {
        base + a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i
    }
}

@Suite struct FabricatedClassPlanTests {
    private let nine = Array(repeating: ValueLowering.word, count: 9)

    @Test func aClassMembersPlanHasNoSelfWords() throws {
        let plan = try CallPlan.classMember(arguments: nine, result: .word)
        let witness = try CallPlan(arguments: nine, result: .word)
        #expect(plan.arguments == witness.arguments)
        #expect(plan.result == witness.result)
        #expect(plan.selfMetadata == .empty)
        #expect(plan.selfWitnessTable == .empty)
        let spilled = 9 - CallFrame.generalPurposeArgumentCount
        #expect(plan.stackWordCount == spilled)
        // The witness's two Self words follow the arguments on the stack.
        #expect(witness.stackWordCount == spilled + 2)
    }

    @Test func stackArgumentsReachTheHandlerAndTheClasssCode() throws {
        let plan = try CallPlan.classMember(arguments: nine, result: .word)
        let fabricated = try FabricatedClass(copying: ClassMetadata(TypeMetadata(FCWide.self)))
        let slot = try #require(fabricated.vtable.slots.first { $0.method.displayName()?.hasPrefix("sum(") == true })
        let parentCode = UInt(bitPattern: try #require(slot.implementation))
        let calls = FCCalls()
        try fabricated.routeToTrampolines([slot]) { frame in
            let values = plan.arguments.map { frame.argument(Int.self, at: $0) }
            calls.append(values.map(String.init).joined(separator: " "))
            if values[0] == 0 {
                do {
                    try frame.forwardToClassImplementation(
                        UnsafeRawPointer(bitPattern: parentCode)!, stackWordCount: plan.stackWordCount)
                } catch { calls.append("refused \(error)") }
            } else {
                frame.setResult(values.reduce(0, +), at: plan.result)
            }
        }
        let wide = try fabricated.adopt { FCWide(base: 1000) }
        #expect(wide.sum(1, 2, 3, 4, 5, 6, 7, 8, 9) == 45)
        #expect(wide.sum(0, 1, 1, 1, 1, 1, 1, 1, 10) == 1000 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 90)
        #expect(calls.all == ["1 2 3 4 5 6 7 8 9", "0 1 1 1 1 1 1 1 10"])
    }
}
