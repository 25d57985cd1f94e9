import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// Requirements with and without vector values, for the entry that spills
/// only the integer registers.
protocol IntegerRegisterService {
    func combine(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int) -> Int
}

/// A synchronous call whose plan places no value in a vector register goes
/// through `td_sync_trampoline_entry_gp`, which spills and reloads only the
/// integer registers; a plan with any vector value keeps the full entry.
@Suite struct IntegerRegisterEntryTests {
    let convention = TrampolineConvention.host
    static let vector = ValueLowering.direct([LoweredFragment(.vector, offset: 0, size: 16)])

    @Test func aPlanOfWordsUsesNoVectorRegister() throws {
        #expect(try !CallPlan(arguments: [.word, .word], result: .word).usesVectorRegisters)
        #expect(try !CallPlan(arguments: [], result: .empty).usesVectorRegisters)
    }

    @Test func aVectorArgumentOrResultUsesOne() throws {
        #expect(try CallPlan(arguments: [.word, .double], result: .word).usesVectorRegisters)
        #expect(try CallPlan(arguments: [.word], result: .double).usesVectorRegisters)
        #expect(try CallPlan(arguments: [Self.vector], result: .empty).usesVectorRegisters)
    }

    @Test func callsThroughTheIntegerEntryReadEveryArgumentAndReturnTheResult() throws {
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any IntegerRegisterService).self)
        let arguments = try convention.placeArguments(Array(repeating: .word, count: 8))
        let result = try convention.placeResult(.word)
        let conformance = try FabricatedConformance(
            [
                WitnessTableLayout(
                    protocolDescriptor: descriptor, slots: [.integerRegisterRequirement(dispatchIndex: 0)])
            ]
        ) { frame in
            var total = 0
            for (position, location) in arguments.enumerated() {
                total = total &* 31 &+ frame.argument(Int.self, at: location) &+ position
            }
            frame.setResult(total, at: result)
        }
        let service = try conformance.materialize(as: (any IntegerRegisterService).self)
        func expected(_ values: [Int]) -> Int {
            values.enumerated().reduce(0) { $0 &* 31 &+ $1.element &+ $1.offset }
        }
        #expect(service.combine(1, 2, 3, 4, 5, 6, 7, 8) == expected([1, 2, 3, 4, 5, 6, 7, 8]))
        #expect(service.combine(-1, .max, .min, 0, 9, -9, 42, 7) == expected([-1, .max, .min, 0, 9, -9, 42, 7]))
    }
}
