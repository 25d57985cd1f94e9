#if compiler(>=6.2)
import Testing

@testable import TestDoublesMetadata

private final class InlineArrayElementObject {}

private struct SamplesAndChannel {
    var samples: InlineArray<2, Float>
    var channel: UInt8
}

/// `InlineArray<N, Element>` as Swift 6.3.1 passes it on x86_64, measured with `swiftc -emit-ir` at
/// `-Onone` and `-O` (the same signatures): a struct of `N` elements, each lowered as itself, so
/// floating-point elements stay separate parts, small integers merge within an 8-byte chunk, a
/// metatype element is a thick word, and more than four parts go by address (`<4, Float>` is
/// `(float, float, float, float)`, `<5, Float>` `ptr dereferenceable(20)`, `<17, UInt8>`
/// `(i64, i64, i8)`, `<3, Bool>` `i32`, `<2, String>` `(i64, ptr, i64, ptr)`). Results lower the same
/// way (`<4, Float>` returns `{float, float, float, float}`, `<5, Int>` an `sret`).
@Suite struct InlineArrayClassificationTests {
    static let rows: [(Any.Type, String)] = [
        (InlineArray<1, Float>.self, "direct[fp4@0]"),
        (InlineArray<2, Float>.self, "direct[fp4@0, fp4@4]"),
        (InlineArray<3, Float>.self, "direct[fp4@0, fp4@4, fp4@8]"),
        (InlineArray<4, Float>.self, "direct[fp4@0, fp4@4, fp4@8, fp4@12]"),
        (InlineArray<5, Float>.self, "indirect"),
        (InlineArray<3, Double>.self, "direct[fp8@0, fp8@8, fp8@16]"),
        (InlineArray<4, Double>.self, "direct[fp8@0, fp8@8, fp8@16, fp8@24]"),
        (InlineArray<5, Double>.self, "indirect"),
        (InlineArray<4, Int>.self, "direct[int8@0, int8@8, int8@16, int8@24]"),
        (InlineArray<5, Int>.self, "indirect"),
        (InlineArray<3, UInt8>.self, "direct[int4@0]"),
        (InlineArray<8, UInt8>.self, "direct[int8@0]"),
        (InlineArray<16, UInt8>.self, "direct[int8@0, int8@8]"),
        (InlineArray<17, UInt8>.self, "direct[int8@0, int8@8, int1@16]"),
        (InlineArray<32, UInt8>.self, "direct[int8@0, int8@8, int8@16, int8@24]"),
        (InlineArray<33, UInt8>.self, "indirect"),
        (InlineArray<64, UInt8>.self, "indirect"),
        (InlineArray<1000, UInt8>.self, "indirect"),
        (InlineArray<4, Int16>.self, "direct[int8@0]"),
        (InlineArray<3, Bool>.self, "direct[int4@0]"),
        (InlineArray<2, String>.self, "direct[int8@0, int8@8, int8@16, int8@24]"),
        (InlineArray<3, String>.self, "indirect"),
        (InlineArray<4, InlineArrayElementObject>.self, "direct[int8@0, int8@8, int8@16, int8@24]"),
        (InlineArray<5, InlineArrayElementObject>.self, "indirect"),
        (InlineArray<0, Int>.self, "empty"),
        (InlineArray<3, Void>.self, "empty"),
        (InlineArray<2, Int?>.self, "direct[int8@0, int1@8, int8@16, int1@24]"),
        (InlineArray<1, Any>.self, "indirect"),
        (InlineArray<2, SIMD4<Float>>.self, "direct[vec16@0, vec16@16]"),
        (InlineArray<3, SIMD2<Float>>.self, "indirect"),
        (InlineArray<2, InlineArray<2, Float>>.self, "direct[fp4@0, fp4@4, fp4@8, fp4@12]"),
        (InlineArray<2, Int.Type>.self, "direct[int8@0, int8@8]"),
        (InlineArray<2, Int.Type?>.self, "direct[int8@0, int8@8]"),
        (InlineArray<2, (Int) -> Int>.self, "direct[int8@0, int8@8, int8@16, int8@24]"),
        (SamplesAndChannel.self, "direct[fp4@0, fp4@4, int1@8]"),
        ((InlineArray<2, Float>, Int).self, "direct[fp4@0, fp4@4, int8@8]"),
    ]

    #if arch(x86_64)
    @Test func argumentsLowerAsMeasured() throws {
        for (type, expected) in Self.rows {
            #expect(try ABIClassifier.classify(type, for: .x86_64).description == expected, "\(type)")
        }
    }

    @Test func resultsLowerAsMeasured() throws {
        for (type, expected) in Self.rows where type != (InlineArray<2, Float>, Int).self {
            #expect(try ABIClassifier.classifyResult(type, for: .x86_64).description == expected, "\(type)")
        }
    }
    #else
    @Test func anInlineArrayIsRefusedWhereItsPassingWasNotMeasured() {
        #expect(throws: MetadataError.self) { try ABIClassifier.classify(InlineArray<4, Float>.self, for: .arm64) }
    }
    #endif

    @Test func theStorageMetadataGivesCountAndElement() throws {
        let fields = try StructMetadata(TypeMetadata(InlineArray<4, Float>.self)).fields()
        let storage = try FixedArrayMetadata(#require(fields.first).type)
        #expect(storage.count == 4)
        #expect(storage.element == TypeMetadata(Float.self))
        #expect(Array(storage.elementOffsets) == [0, 4, 8, 12])
    }

    @Test func anElementIsStoredInline() throws {
        let marker: Set = [ObjectIdentifier(Double.self)]
        #expect(try TypeMetadata(InlineArray<3, Double>.self).storesInline(anyOf: marker))
        #expect(try !TypeMetadata(InlineArray<3, [Double]>.self).storesInline(anyOf: marker))
    }
}
#endif
