import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

@Suite struct TrampolineConventionTests {
    static let wide = Array(repeating: ValueLowering.word, count: 8) + Array(repeating: .double, count: 10)

    static func first(_ location: ArgumentLocation) -> FragmentLocation? {
        guard case .direct(let parts) = location else { return nil }
        return parts.first?.location
    }

    @Test func x86_64SpillsTheSeventhIntegerAndTheNinthDouble() throws {
        let placed = try TrampolineConvention.x86_64.placeArguments(Self.wide).map(Self.first)
        #expect(placed[0..<6] == [0, 1, 2, 3, 4, 5].map { .generalPurpose($0) }[...])
        #expect(placed[6..<8] == [.stack(0), .stack(1)])
        #expect(placed[8..<16] == (0..<8).map { .vector($0) }[...])
        #expect(placed[16..<18] == [.stack(2), .stack(3)])
    }

    @Test func arm64KeepsEightIntegersInRegisters() throws {
        let placed = try TrampolineConvention.arm64.placeArguments(Self.wide).map(Self.first)
        #expect(placed[0..<8] == (0..<8).map { .generalPurpose($0) }[...])
        #expect(placed[8..<16] == (0..<8).map { .vector($0) }[...])
        #expect(placed[16..<18] == [.stack(0), .stack(1)])
    }

    @Test func banksAdvanceIndependentlyAndIndirectTakesAWord() throws {
        let mixed = ValueLowering.direct([
            LoweredFragment(.integer, offset: 0, size: 8),
            LoweredFragment(.floatingPoint, offset: 8, size: 8),
            LoweredFragment(.integer, offset: 16, size: 4),
        ])
        let placed = try TrampolineConvention.x86_64.placeArguments([mixed, .indirect, .empty, .double])
        #expect(
            placed[0]
                == .direct([
                    PlacedFragment(LoweredFragment(.integer, offset: 0, size: 8), at: .generalPurpose(0)),
                    PlacedFragment(LoweredFragment(.floatingPoint, offset: 8, size: 8), at: .vector(0)),
                    PlacedFragment(LoweredFragment(.integer, offset: 16, size: 4), at: .generalPurpose(1)),
                ]))
        #expect(placed[1] == .indirect(.generalPurpose(2)))
        #expect(placed[2] == .empty)
        #expect(
            placed[3] == .direct([PlacedFragment(LoweredFragment(.floatingPoint, offset: 0, size: 8), at: .vector(1))]))
    }

    @Test func aValueMaySplitBetweenTheLastRegisterAndTheStack() throws {
        let placed = try TrampolineConvention.x86_64.placeArguments(
            Array(repeating: .word, count: 5) + [.words(byteCount: 16)])
        guard case .direct(let parts) = placed[5] else {
            Issue.record("not direct")
            return
        }
        #expect(parts.map(\.location) == [.generalPurpose(5), .stack(0)])
    }

    @Test func firstGeneralPurposeSkipsReservedRegisters() throws {
        let placed = try TrampolineConvention.arm64.placeArguments([.word], firstGeneralPurpose: 1)
        #expect(Self.first(placed[0]) == .generalPurpose(1))
    }

    @Test func wideVectorFragmentsGoToTheStackAtSixteenByteBoundaries() throws {
        let vector16 = ValueLowering.direct([LoweredFragment(.vector, offset: 0, size: 16)])
        let scalar = ValueLowering.direct([LoweredFragment(.floatingPoint, offset: 0, size: 8)])
        // An 8-byte vector fragment takes word 0; the 16-byte one skips word 1.
        let placed = try TrampolineConvention.x86_64.placeArguments(
            Array(repeating: vector16, count: 8) + [scalar, vector16, .word])
        #expect(placed[8...].map(Self.first) == [.stack(0), .stack(2), .generalPurpose(0)])
        #expect(TrampolineConvention.stackWordCount(of: placed) == 4)
    }

    @Test func malformedFragmentsAreRejected() {
        let wideInteger = ValueLowering.direct([LoweredFragment(.integer, offset: 0, size: 16)])
        #expect(throws: TrampolineError.self) { try TrampolineConvention.x86_64.placeArguments([wideInteger]) }
        #expect(throws: TrampolineError.self) { try TrampolineConvention.x86_64.placeResult(wideInteger) }
    }

    @Test func aConventionWithMoreResultRegistersThanTheFrameSavesIsRefusedWhenPlacing() throws {
        let generous = TrampolineConvention(
            generalPurposeArgumentCount: 6, vectorArgumentCount: 8, generalPurposeResultCount: 8,
            vectorResultCount: 8)
        // Four words fit the frame's four result slots; a fifth has none, so the plan is refused, not written.
        guard case .direct(let parts) = try generous.placeResult(.words(byteCount: 32)) else {
            Issue.record("not direct")
            return
        }
        #expect(parts.map(\.location) == (0..<4).map { .generalPurpose($0) })
        #expect(throws: TrampolineError.resultTooWide(generalPurpose: 5, vector: 0)) {
            try generous.placeResult(.words(byteCount: 40))
        }
        #expect(throws: TrampolineError.resultTooWide(generalPurpose: 5, vector: 0)) {
            try generous.placeAsyncResult(.words(byteCount: 40))
        }
    }

    @Test func resultsUseAtMostFourRegistersPerBank() throws {
        #expect(try TrampolineConvention.arm64.placeResult(.words(byteCount: 32)) != .indirect)
        #expect(throws: TrampolineError.resultTooWide(generalPurpose: 5, vector: 0)) {
            try TrampolineConvention.arm64.placeResult(.words(byteCount: 40))
        }
        let mixed = ValueLowering.direct([
            LoweredFragment(.floatingPoint, offset: 0, size: 8),
            LoweredFragment(.integer, offset: 8, size: 8),
            LoweredFragment(.floatingPoint, offset: 16, size: 4),
        ])
        guard case .direct(let parts) = try TrampolineConvention.x86_64.placeResult(mixed) else {
            Issue.record("not direct")
            return
        }
        #expect(parts.map(\.location) == [.vector(0), .generalPurpose(0), .vector(1)])
        #expect(try TrampolineConvention.x86_64.placeResult(.indirect) == .indirect)
        #expect(try TrampolineConvention.x86_64.placeResult(.empty) == .empty)
    }

    @Test func stackWordCountCoversEveryStackFragment() throws {
        #expect(TrampolineConvention.stackWordCount(of: try TrampolineConvention.x86_64.placeArguments(Self.wide)) == 4)
        #expect(TrampolineConvention.stackWordCount(of: try TrampolineConvention.arm64.placeArguments(Self.wide)) == 2)
        #expect(TrampolineConvention.stackWordCount(of: try TrampolineConvention.arm64.placeArguments([.word])) == 0)
    }
}
