import Testing

@testable import TestDoublesMetadata

private struct TaggedAmount {
    var tag: Int8
    var amount: Int128
}

private struct TwoAmounts {
    var first: Int128
    var second: UInt128
}

private struct TwoAmountsAndATag {
    var first: Int128
    var second: Int128
    var tag: Int8
}

/// `Int128` and `UInt128` as `swiftc -emit-ir` lowers them (Swift 6.0.3 and
/// 6.3.1, x86_64 and arm64): one `i128` is two parts of a register pair,
/// `{i8, i128}` three parts, `{i128, i128}` four, `{i128, i128, i8}` five
/// (passed by address: its witness reads the second field at 24(%rdi)), and
/// `Int128?` the enum bytes `{i64, i64, i8}`.
@Suite struct WideIntegerClassificationTests {
    @Test(arguments: [
        ClassificationCase(Int128.self, "direct[pair8@0, int8@8]"),
        ClassificationCase(UInt128.self, "direct[pair8@0, int8@8]"),
        ClassificationCase(TaggedAmount.self, "direct[int1@0, pair8@16, int8@24]"),
        ClassificationCase(TwoAmounts.self, "direct[pair8@0, int8@8, pair8@16, int8@24]"),
        ClassificationCase(TwoAmountsAndATag.self, "indirect"),
        ClassificationCase(Optional<Int128>.self, "direct[int8@0, int8@8, int1@16]"),
    ])
    func classification(_ row: ClassificationCase) throws {
        #expect(try ABIClassifier.classify(row.type, for: .x86_64).description == row.x86_64)
        #expect(try ABIClassifier.classify(row.type, for: .arm64).description == row.arm64)
    }

    @Test func theBuiltinIsOneSixteenByteInteger() throws {
        #expect(TypeLayout.builtin(spelled: "Bi128_") == .integer(size: 16))
        #expect(TypeLayout.builtin(spelled: "Bi96_") == nil)
        #expect(TypeLayout.builtin(spelled: "Bi256_") == nil)
        #expect(try TypeLayout(of: Int128.self).size == 16)
    }

    @Test func aTupleParameterGivesEachElementItsOwnPair() throws {
        let lowered = try ABIClassifier.classifyParameter((Int, Int128).self, for: .arm64)
        #expect(lowered.map(\.description) == ["direct[int8@0]", "direct[pair8@0, int8@8]"])
    }
}
