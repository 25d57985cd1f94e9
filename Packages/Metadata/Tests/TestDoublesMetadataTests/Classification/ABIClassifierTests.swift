import Testing

@testable import TestDoublesMetadata

/// One row of the expected-classification table: a type and its lowering on
/// each architecture, spelled as ``ValueLowering/description``.
struct ClassificationCase: CustomTestStringConvertible, Sendable {
    let type: Any.Type
    let x86_64: String
    let arm64: String
    var testDescription: String { "\(type)" }

    init(_ type: Any.Type, _ both: String) {
        self.type = type
        self.x86_64 = both
        self.arm64 = both
    }

    init(_ type: Any.Type, x86_64: String, arm64: String) {
        self.type = type
        self.x86_64 = x86_64
        self.arm64 = arm64
    }
}

let scalarCases: [ClassificationCase] = [
    .init(Int8.self, "direct[int1@0]"),
    .init(UInt8.self, "direct[int1@0]"),
    .init(Int16.self, "direct[int2@0]"),
    .init(UInt16.self, "direct[int2@0]"),
    .init(Int32.self, "direct[int4@0]"),
    .init(UInt32.self, "direct[int4@0]"),
    .init(Int64.self, "direct[int8@0]"),
    .init(UInt64.self, "direct[int8@0]"),
    .init(Int.self, "direct[int8@0]"),
    .init(UInt.self, "direct[int8@0]"),
    .init(Bool.self, "direct[int1@0]"),
    .init(Float.self, "direct[fp4@0]"),
    .init(Double.self, "direct[fp8@0]"),
    .init(Float16.self, "direct[fp2@0]"),
    .init(String.self, "direct[int8@0, int8@8]"),
    .init(Character.self, "direct[int8@0, int8@8]"),
    .init([Int].self, "direct[int8@0]"),
    .init([Int: String].self, "direct[int8@0]"),
    .init(Set<Int>.self, "direct[int8@0]"),
    .init(UnsafeRawPointer.self, "direct[int8@0]"),
]

let optionalCases: [ClassificationCase] = [
    .init(Optional<Int>.self, "direct[int8@0, int1@8]"),
    .init(Optional<Int8>.self, "direct[int2@0]"),
    .init(Optional<Bool>.self, "direct[int1@0]"),
    .init(Optional<Float>.self, "direct[int8@0]"),
    .init(Optional<Double>.self, "direct[int8@0, int1@8]"),
    .init(Optional<String>.self, "direct[int8@0, int8@8]"),
    .init(Optional<Character>.self, "direct[int8@0, int8@8]"),
    .init(Optional<[Int]>.self, "direct[int8@0]"),
    .init(Optional<CLObject>.self, "direct[int8@0]"),
    .init(Optional<SIMD4<Float>>.self, "direct[int8@0, int8@8, int1@16]"),
    .init(Optional<(Int) -> Int>.self, "direct[int8@0, int8@8]"),
    .init(Optional<any Error>.self, "direct[int8@0]"),
    .init(Optional<Any>.self, "indirect"),
]

let enumCases: [ClassificationCase] = [
    .init(CLCLike.self, "direct[int1@0]"),
    .init(CLMulti.self, "direct[int8@0, int8@8, int1@16]"),
    .init(CLSinglePayload.self, "direct[int8@0, int8@8, int1@16]"),
    .init(CLOnlyCase.self, "direct[fp8@0]"),
]

let structCases: [ClassificationCase] = [
    .init(CLMixed.self, "direct[fp4@0, int2@4]"),
    .init(CLInt32Pair.self, "direct[int8@0]"),
    .init(CLFourWords.self, "direct[int8@0, int8@8, int8@16, int8@24]"),
    .init(CLFiveWords.self, "indirect"),
    .init(CLAllFloat.self, "direct[fp4@0, fp4@4, fp8@8]"),
    .init(CLFiveDoubles.self, "indirect"),
    .init(CLMixedBig.self, "direct[int8@0, fp8@8, int4@16]"),
    .init(CLThreeBytes.self, "direct[int4@0]"),
    .init(CLThreeShorts.self, "direct[int8@0]"),
    .init(CLNested.self, "direct[int2@0, fp4@4, int2@8]"),
    .init(CLHasOnlyCase.self, "direct[fp4@0, fp8@8]"),
    .init(CLEmpty.self, "empty"),
    .init(Void.self, "empty"),
    .init(CLHoldsAny.self, "indirect"),
    .init(CLHoldsWeak.self, "indirect"),
]

let referenceCases: [ClassificationCase] = [
    .init(CLObject.self, "direct[int8@0]"),
    .init((any CLProtocol).self, "indirect"),
    .init(Any.self, "indirect"),
    .init(AnyObject.self, "direct[int8@0]"),
    .init((any CLClassProtocol).self, "direct[int8@0, int8@8]"),
    .init((any Error).self, "direct[int8@0]"),
    .init(((Int) -> Int).self, "direct[int8@0, int8@8]"),
    .init((@convention(c) (Int32) -> Int32).self, "direct[int8@0]"),
    .init((Int, Double, Int8).self, "direct[int8@0, fp8@8, int1@16]"),
    .init((UInt8, UInt16, UInt32, UInt64).self, "direct[int8@0, int8@8]"),
    .init(Int.Type.self, "empty"),
    .init((any CLProtocol).Type.self, "empty"),
    .init(CLObject.Type.self, "direct[int8@0]"),
    .init((any CLProtocol.Type).self, "direct[int8@0, int8@8]"),
    // An optional thin metatype travels as its tag byte; an optional thick one as the word.
    .init(Int.Type?.self, "direct[int1@0]"),
    .init(CLObject.Type?.self, "direct[int8@0]"),
    .init(Any.Type?.self, "direct[int8@0]"),
    // A generic field keeps a metatype thick; a concrete field is thin.
    .init(CLGenericBox<Int.Type>.self, "direct[int8@0]"),
    .init(CLGenericBox<Int.Type?>.self, "direct[int8@0]"),
    .init(CLThinField.self, "direct[int8@0]"),
    // A one-byte field in a word of its own reads as the word (its other bytes are padding).
    .init(CLOptionalThinField.self, "direct[int8@0, int8@8]"),
    .init(CLOptionalThinBeforeByte.self, "direct[int2@0]"),
]

let simdCases: [ClassificationCase] = [
    .init(SIMD2<Float>.self, x86_64: "direct[fp4@0, fp4@4]", arm64: "direct[vec8@0]"),
    .init(SIMD3<Float>.self, "direct[vec16@0]"),
    .init(SIMD4<Float>.self, "direct[vec16@0]"),
    .init(SIMD8<Float>.self, "direct[vec16@0, vec16@16]"),
    .init(SIMD16<Float>.self, "direct[vec16@0, vec16@16, vec16@32, vec16@48]"),
    .init(SIMD2<Int32>.self, x86_64: "direct[int8@0]", arm64: "direct[vec8@0]"),
    .init(SIMD4<Int32>.self, "direct[vec16@0]"),
    .init(SIMD8<Int32>.self, "direct[vec16@0, vec16@16]"),
    .init(SIMD16<Int32>.self, "direct[vec16@0, vec16@16, vec16@32, vec16@48]"),
    .init(SIMD2<Double>.self, "direct[vec16@0]"),
    .init(SIMD4<Double>.self, "direct[vec16@0, vec16@16]"),
    .init(SIMD8<Double>.self, "direct[vec16@0, vec16@16, vec16@32, vec16@48]"),
    .init(SIMD16<Double>.self, "indirect"),
]

@Suite struct ABIClassifierTests {
    @Test(
        arguments: scalarCases + optionalCases + enumCases + structCases + referenceCases + simdCases
    )
    func classificationOnBothArchitectures(_ row: ClassificationCase) throws {
        #expect(try ABIClassifier.classify(row.type, for: .x86_64).description == row.x86_64)
        #expect(try ABIClassifier.classify(row.type, for: .arm64).description == row.arm64)
    }

    @Test func fixtureLayoutsNeedNoMetadata() {
        let mixed = TypeLayout.naturallyAligned([.floatingPoint(size: 4), .integer(size: 1), .integer(size: 1)])
        #expect(mixed.size == 6)
        #expect(ABIClassifier.classify(mixed, for: .arm64).description == "direct[fp4@0, int2@4]")
        let five = TypeLayout.naturallyAligned(Array(repeating: .integer(size: 8), count: 5))
        #expect(ABIClassifier.classify(five, for: .x86_64) == .indirect)
        let four = TypeLayout.naturallyAligned(Array(repeating: .floatingPoint(size: 8), count: 4))
        #expect(ABIClassifier.classify(four, for: .x86_64).description == "direct[fp8@0, fp8@8, fp8@16, fp8@24]")
        #expect(ABIClassifier.classify(.addressOnly(size: 8, alignment: 8), for: .arm64) == .indirect)
        #expect(ABIClassifier.classify(.empty, for: .x86_64) == .empty)
        #expect(ABIClassifier.classify(.opaque(size: 9), for: .x86_64).description == "direct[int8@0, int1@8]")
    }

    @Test func layoutFromMetadata() throws {
        #expect(
            try TypeLayout(of: Int.self)
                == .aggregate(size: 8, alignment: 8, fields: [.init(offset: 0, layout: .integer(size: 8))]))
        #expect(try TypeLayout(of: CLEmpty.self) == .empty)
        #expect(try TypeLayout(of: (any CLProtocol).self) == .addressOnly(size: 40, alignment: 8))
        #expect(try TypeLayout(of: CLMulti.self) == .opaque(size: 17))
        #expect(TypeLayout.builtin(spelled: "Bf32_Bv4_") == .vector(count: 4, elementSize: 4, isFloatingPoint: true))
        #expect(TypeLayout.builtin(spelled: "Bi1_") == .integer(size: 1))
        #expect(TypeLayout.builtin(spelled: "Bf80_") == nil)
        #expect(TypeLayout.builtin(spelled: "Bx") == nil)
        #expect(TypeLayout.builtin(spelled: "Bf80_Bv2_") == nil)
    }

    @Test func tupleParametersAreFlattened() throws {
        let arguments = try ABIClassifier.classifyParameter((UInt8, (UInt16, Double)).self, for: .x86_64)
        #expect(arguments.map(\.description) == ["direct[int1@0]", "direct[int2@0]", "direct[fp8@0]"])
        #expect(try ABIClassifier.classifyParameter(Void.self, for: .arm64).isEmpty)
        #expect(
            try ABIClassifier.classifyParameter(Int.self, for: .arm64) == [
                .direct([.init(.integer, offset: 0, size: 8)])
            ])
    }
}
