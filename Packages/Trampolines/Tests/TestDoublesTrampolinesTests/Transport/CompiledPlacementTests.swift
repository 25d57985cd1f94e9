import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// Plans checked against `swiftc -S -O` of Builtin-typed functions for both
/// targets, whatever the host: stack word `n` is `8 × n` bytes above the
/// stack pointer at the call. The plans append the witness convention's
/// `Self` words after the visible arguments, which moves none of them.
@Suite struct CompiledPlacementTests {
    private let int64 = ValueLowering.word
    private let int8 = ValueLowering.direct([LoweredFragment(.integer, offset: 0, size: 1)])
    private let double = ValueLowering.double
    private let vector = ValueLowering.direct([LoweredFragment(.vector, offset: 0, size: 16)])

    @Test func integersSpillToEightByteSlots() throws {
        // stackInts(8 × Int64, Int8, Int64) -> Int64: the last argument is read at
        // 32(%rsp) on entry (offset 24) on x86_64 and [sp, #8] on arm64.
        let arguments = Array(repeating: int64, count: 8) + [int8, int64]
        let x86 = try CallPlan(convention: .x86_64, arguments: arguments, result: int64)
        #expect(locations(x86.arguments[0]) == [.generalPurpose(0)])
        #expect(x86.arguments[6...].flatMap(locations) == [0, 8, 16, 24].map { .stack($0 / 8) })
        #expect(TrampolineConvention.stackWordCount(of: x86.arguments) * 8 == 32)
        #expect(locations(x86.result) == [.generalPurpose(0)])
        let arm = try CallPlan(convention: .arm64, arguments: arguments, result: int64)
        #expect(locations(arm.arguments[7]) == [.generalPurpose(7)])
        #expect(arm.arguments[8...].flatMap(locations) == [.stack(0), .stack(1)])
    }

    @Test func vectorsOnTheStackAreSixteenByteAligned() throws {
        // stackVec(8 × SIMD4<Float>, 9 × Int64, SIMD4<Float>): the last vector is at
        // 40(%rsp) on entry (offset 32) on x86_64 and [sp, #16] on arm64.
        let arguments = Array(repeating: vector, count: 8) + Array(repeating: int64, count: 9) + [vector]
        let x86 = try CallPlan(convention: .x86_64, arguments: arguments, result: vector)
        #expect(try locations(#require(x86.arguments.last)) == [.stack(32 / 8)])
        #expect(TrampolineConvention.stackWordCount(of: x86.arguments) * 8 == 48)
        let arm = try CallPlan(convention: .arm64, arguments: arguments, result: vector)
        #expect(try locations(#require(arm.arguments.last)) == [.stack(16 / 8)])
        #expect(locations(arm.result) == [.vector(0)])
    }

    @Test func floatingPointBankIsIndependent() throws {
        // stackDouble(8 × Double, 8 × Int64, Double, Double): last at offset 24 / 8.
        let arguments = Array(repeating: double, count: 8) + Array(repeating: int64, count: 8) + [double, double]
        let x86 = try CallPlan(convention: .x86_64, arguments: arguments, result: double)
        #expect(try locations(#require(x86.arguments.last)) == [.stack(24 / 8)])
        let arm = try CallPlan(convention: .arm64, arguments: arguments, result: double)
        #expect(try locations(#require(arm.arguments.last)) == [.stack(8 / 8)])
        #expect(locations(arm.arguments[8]) == [.generalPurpose(0)])
    }

    @Test func mixedStructUsesBothBanks() throws {
        // (Mixed{Int, Double, Int32}, String): rdi/xmm0/rsi, then rdx/rcx; the
        // indirect result's address travels in rax, not in an argument register.
        struct Mixed {
            var a: Int
            var d: Double
            var i: Int32
        }
        let arguments = [
            try ABIClassifier.classify(Mixed.self, for: .x86_64),
            try ABIClassifier.classify(String.self, for: .x86_64),
        ]
        let plan = try CallPlan(convention: .x86_64, arguments: arguments, result: .indirect)
        #expect(locations(plan.arguments[0]) == [.generalPurpose(0), .vector(0), .generalPurpose(1)])
        #expect(locations(plan.arguments[1]) == [.generalPurpose(2), .generalPurpose(3)])
        #expect(plan.result == .indirect)
    }

    @Test func indirectValues() throws {
        let sync = try CallPlan(convention: .arm64, arguments: [.indirect, int64], result: .indirect)
        #expect(sync.result == .indirect)
        #expect(locations(sync.arguments[0]) == [.generalPurpose(0)])
        #expect(sync.arguments[0] == .indirect(.generalPurpose(0)))
        #expect(locations(sync.arguments[1]) == [.generalPurpose(1)])
        // Async: the indirect result address is the first argument register.
        let async = try CallPlan(convention: .x86_64, arguments: [int64], result: .indirect, isAsync: true)
        #expect(async.result == .indirect)
        #expect(locations(async.arguments[0]) == [.generalPurpose(1)])
    }

    @Test func tooManyResultPartsAreNeverReturnedInRegisters() {
        let five = ValueLowering.direct((0..<5).map { LoweredFragment(.integer, offset: $0 * 8, size: 8) })
        #expect(throws: TrampolineError.resultTooWide(generalPurpose: 5, vector: 0)) {
            try CallPlan(convention: .x86_64, arguments: [], result: five)
        }
        // Classification makes such a value indirect before it is planned.
        let layout = TypeLayout.naturallyAligned(Array(repeating: .integer(size: 8), count: 5))
        #expect(ABIClassifier.classify(layout, for: .x86_64) == .indirect)
    }

    @Test func zeroSizedValuesTakeNoRegister() throws {
        let empty = ABIClassifier.classify(TypeLayout.empty, for: .x86_64)
        let plan = try CallPlan(convention: .x86_64, arguments: [empty, int64], result: empty)
        #expect(plan.arguments[0] == .empty)
        #expect(locations(plan.arguments[1]) == [.generalPurpose(0)])
        #expect(plan.result == .empty)
    }
}

/// Plans of whole function types: parameters lowered as Swift lowers them (a
/// tuple parameter is one argument per element, an `inout` one an address),
/// the result classified whole.
@Suite struct FunctionTypePlacementTests {
    @Test func placesAFunctionTypesParametersAndResult() throws {
        typealias Shape = (inout Int, (UInt8, Double), String) -> (Int, Int, Int, Int, Int)
        let x86 = try plan(of: Shape.self, on: .x86_64)
        // inout → address in rdi; the tuple is flattened: UInt8 in rsi, Double in xmm0;
        // String in rdx/rcx; the 5-word result is returned through the address in rax.
        #expect(x86.arguments.count == 4)
        #expect(x86.arguments[0] == .indirect(.generalPurpose(0)))
        #expect(
            x86.arguments[1]
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 1), at: .generalPurpose(1))
                ]))
        #expect(
            x86.arguments[2]
                == .direct([PlacedFragment(LoweredFragment(.floatingPoint, offset: 0, size: 8), at: .vector(0))]))
        #expect(x86.result == .indirect)
        let arm = try plan(of: Shape.self, on: .arm64)
        #expect(arm.result == .indirect)
        #expect(
            arm.arguments[3]
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(2)),
                    PlacedFragment(LoweredFragment(.integer, offset: 8, size: 8), at: .generalPurpose(3)),
                ]))
    }

    @Test func asyncFunctionsTakeTheirIndirectResultAddressFirst() throws {
        typealias Shape = (Int) async -> (Int, Int, Int, Int, Int)
        let arm = try plan(of: Shape.self, on: .arm64)
        #expect(arm.result == .indirect)
        #expect(
            arm.arguments[0]
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(1))
                ]))
    }

    /// The plan of a call to a function of `functionType` on `architecture`.
    private func plan(of functionType: Any.Type, on architecture: Architecture) throws -> CallPlan {
        let function = try FunctionMetadata(TypeMetadata(functionType))
        var arguments: [ValueLowering] = []
        for parameter in function.parameters {
            if parameter.ownership == .inout {
                arguments.append(.indirect)
            } else {
                arguments += try ABIClassifier.classifyParameter(parameter.type.type, for: architecture)

            }
        }
        let result = try ABIClassifier.classifyResult(function.resultType.type, for: architecture)
        return try CallPlan(
            convention: architecture == .x86_64 ? .x86_64 : .arm64, arguments: arguments, result: result,
            isAsync: function.isAsync)
    }
}

/// Every frame location of a placed argument: its fragments', or its address's.
private func locations(_ argument: ArgumentLocation) -> [FragmentLocation] {
    switch argument {
    case .empty: []
    case .direct(let parts): parts.map(\.location)
    case .indirect(let address): [address]
    case .mixed(let direct, let addressed): direct.map(\.location) + addressed.map(\.pointer)
    }
}

/// Every frame location of a direct result's fragments (none for an empty or indirect one).
private func locations(_ result: ResultLocation) -> [FragmentLocation] {
    if case .direct(let parts) = result { parts.map(\.location) } else { [] }
}
