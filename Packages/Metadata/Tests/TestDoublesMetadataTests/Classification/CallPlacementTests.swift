import Testing

@testable import TestDoublesMetadata

/// Placements checked against `swiftc -S -O` of Builtin-typed functions for
/// both targets (stack offsets are relative to the stack pointer at the call).
@Suite struct CallPlacementTests {
    private let int64 = ValuePassing.direct([.init(.integer, offset: 0, size: 8)])
    private let int8 = ValuePassing.direct([.init(.integer, offset: 0, size: 1)])
    private let double = ValuePassing.direct([.init(.floatingPoint, offset: 0, size: 8)])
    private let vector = ValuePassing.direct([.init(.vector, offset: 0, size: 16)])

    private func locations(_ value: PlacedValue) -> [ValueLocation] {
        switch value {
        case .direct(let parts): parts.map(\.location)
        case .indirect(let address): [address]
        }
    }

    @Test func registerNames() {
        let x86 = CallingConvention(.x86_64)
        #expect(x86.argumentGeneralRegisters.map { $0.name(on: .x86_64) } == ["rdi", "rsi", "rdx", "rcx", "r8", "r9"])
        #expect(x86.resultGeneralRegisters.map { $0.name(on: .x86_64) } == ["rax", "rdx", "rcx", "r8"])
        #expect(x86.argumentVectorRegisters.map { $0.name(on: .x86_64) }.last == "xmm7")
        #expect(x86.selfRegister.name(on: .x86_64) == "r13")
        #expect(x86.errorRegister.name(on: .x86_64) == "r12")
        #expect(x86.asyncContextRegister.name(on: .x86_64) == "r14")
        #expect(x86.indirectResultRegister.name(on: .x86_64) == "rax")
        let arm = CallingConvention(.arm64)
        #expect(arm.argumentGeneralRegisters.map { $0.name(on: .arm64) } == (0..<8).map { "x\($0)" })
        #expect(arm.resultGeneralRegisters.map { $0.name(on: .arm64) } == ["x0", "x1", "x2", "x3"])
        #expect(arm.resultVectorRegisters.map { $0.name(on: .arm64) } == ["v0", "v1", "v2", "v3"])
        #expect(arm.selfRegister.name(on: .arm64) == "x20")
        #expect(arm.errorRegister.name(on: .arm64) == "x21")
        #expect(arm.asyncContextRegister.name(on: .arm64) == "x22")
        #expect(arm.indirectResultRegister.name(on: .arm64) == "x8")
    }

    @Test func integersSpillToEightByteSlots() {
        // stackInts(8 × Int64, Int8, Int64) -> Int64: the last argument is read at
        // 32(%rsp) on entry (offset 24) on x86_64 and [sp, #8] on arm64.
        let arguments = Array(repeating: int64, count: 8) + [int8, int64]
        let x86 = CallPlacement(arguments: arguments, result: int64, architecture: .x86_64)
        #expect(locations(x86.arguments[0]) == [.register(.general(7))])
        #expect(x86.arguments[6...].flatMap(locations) == [0, 8, 16, 24].map { .stack(offset: $0) })
        #expect(x86.stackSize == 32)
        #expect(locations(x86.result) == [.register(.general(0))])
        let arm = CallPlacement(arguments: arguments, result: int64, architecture: .arm64)
        #expect(locations(arm.arguments[7]) == [.register(.general(7))])
        #expect(arm.arguments[8...].flatMap(locations) == [.stack(offset: 0), .stack(offset: 8)])
    }

    @Test func vectorsOnTheStackAreSixteenByteAligned() {
        // stackVec(8 × SIMD4<Float>, 9 × Int64, SIMD4<Float>): the last vector is at
        // 40(%rsp) on entry (offset 32) on x86_64 and [sp, #16] on arm64.
        let arguments = Array(repeating: vector, count: 8) + Array(repeating: int64, count: 9) + [vector]
        let x86 = CallPlacement(arguments: arguments, result: vector, architecture: .x86_64)
        #expect(locations(x86.arguments.last!) == [.stack(offset: 32)])
        #expect(x86.stackSize == 48)
        let arm = CallPlacement(arguments: arguments, result: vector, architecture: .arm64)
        #expect(locations(arm.arguments.last!) == [.stack(offset: 16)])
        #expect(locations(arm.result) == [.register(.vector(0))])
    }

    @Test func floatingPointBankIsIndependent() {
        // stackDouble(8 × Double, 8 × Int64, Double, Double): last at offset 24 / 8.
        let arguments = Array(repeating: double, count: 8) + Array(repeating: int64, count: 8) + [double, double]
        let x86 = CallPlacement(arguments: arguments, result: double, architecture: .x86_64)
        #expect(locations(x86.arguments.last!) == [.stack(offset: 24)])
        let arm = CallPlacement(arguments: arguments, result: double, architecture: .arm64)
        #expect(locations(arm.arguments.last!) == [.stack(offset: 8)])
        #expect(locations(arm.arguments[8]) == [.register(.general(0))])
    }

    @Test func mixedStructUsesBothBanks() throws {
        // (Mixed{Int, Double, Int32}, String): rdi/xmm0/rsi, then rdx/rcx.
        struct Mixed {
            var a: Int
            var d: Double
            var i: Int32
        }
        let arguments = [
            try ABIClassifier.classify(Mixed.self, for: .x86_64), try ABIClassifier.classify(String.self, for: .x86_64),
        ]
        let placement = CallPlacement(arguments: arguments, result: .indirect, architecture: .x86_64)
        #expect(
            locations(placement.arguments[0]) == [
                .register(.general(7)), .register(.vector(0)), .register(.general(6)),
            ])
        #expect(locations(placement.arguments[1]) == [.register(.general(2)), .register(.general(1))])
        #expect(locations(placement.result) == [.register(.general(0))])
    }

    @Test func indirectValues() {
        let sync = CallPlacement(arguments: [.indirect, int64], result: .indirect, architecture: .arm64)
        #expect(locations(sync.result) == [.register(.general(8))])
        #expect(locations(sync.arguments[0]) == [.register(.general(0))])
        #expect(locations(sync.arguments[1]) == [.register(.general(1))])
        // Async: the indirect result address is the first argument register.
        let async = CallPlacement(arguments: [int64], result: .indirect, isAsync: true, architecture: .x86_64)
        #expect(locations(async.result) == [.register(.general(7))])
        #expect(locations(async.arguments[0]) == [.register(.general(6))])
    }

    @Test func tooManyResultPartsFailClosedToIndirect() {
        let five = ValuePassing.direct((0..<5).map { .init(.integer, offset: $0 * 8, size: 8) })
        let placement = CallPlacement(arguments: [], result: five, architecture: .x86_64)
        #expect(locations(placement.result) == [.register(.general(0))])
        if case .direct = placement.result { Issue.record("five parts cannot be returned in registers") }
    }

    @Test func zeroSizedValuesTakeNoRegister() {
        let placement = CallPlacement(arguments: [.direct([]), int64], result: .direct([]), architecture: .x86_64)
        #expect(locations(placement.arguments[0]).isEmpty)
        #expect(locations(placement.arguments[1]) == [.register(.general(7))])
        #expect(locations(placement.result).isEmpty)
    }
}

@Suite struct FunctionTypePlacementTests {
    @Test func placesAFunctionTypesParametersAndResult() throws {
        typealias Shape = (inout Int, (UInt8, Double), String) -> (Int, Int, Int, Int, Int)
        let placement = try CallPlacement(functionType: Shape.self, architecture: .x86_64)
        // inout → address in rdi; the tuple is flattened: UInt8 in rsi, Double in xmm0;
        // String in rdx/rcx; the 5-word result is returned through rax.
        #expect(placement.arguments.count == 4)
        #expect(placement.arguments[0] == .indirect(address: .register(.general(7))))
        #expect(
            placement.arguments[1]
                == .direct([PlacedPart(part: .init(.integer, offset: 0, size: 1), location: .register(.general(6)))]))
        #expect(
            placement.arguments[2]
                == .direct([
                    PlacedPart(part: .init(.floatingPoint, offset: 0, size: 8), location: .register(.vector(0)))
                ]))
        #expect(placement.result == .indirect(address: .register(.general(0))))
        let arm = try CallPlacement(functionType: Shape.self, architecture: .arm64)
        #expect(arm.result == .indirect(address: .register(.general(8))))
        #expect(
            arm.arguments[3]
                == .direct([
                    PlacedPart(part: .init(.integer, offset: 0, size: 8), location: .register(.general(2))),
                    PlacedPart(part: .init(.integer, offset: 8, size: 8), location: .register(.general(3))),
                ]))
    }

    @Test func asyncFunctionsTakeTheirIndirectResultAddressFirst() throws {
        typealias Shape = (Int) async -> (Int, Int, Int, Int, Int)
        let placement = try CallPlacement(functionType: Shape.self, architecture: .arm64)
        #expect(placement.result == .indirect(address: .register(.general(0))))
        #expect(
            placement.arguments[0]
                == .direct([PlacedPart(part: .init(.integer, offset: 0, size: 8), location: .register(.general(1)))]))
    }

    @Test func refusesNonFunctionTypes() {
        #expect(throws: MetadataError.self) { try CallPlacement(functionType: Int.self, architecture: .x86_64) }
    }
}
