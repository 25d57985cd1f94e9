#if compiler(>=6.2)
import Testing

@testable import TestDoublesMetadata

private final class IAPObject {}

/// Placeholders of `InlineArray`: each element is its element's placeholder.
@Suite struct InlineArrayPlaceholderTests {
    private func elements<Element>(_ array: InlineArray<3, Element>) -> [Element] { array.indices.map { array[$0] } }

    @Test func numbersAreZeroAndStringsEmpty() throws {
        let floats = try #require(Placeholder.value(of: InlineArray<3, Float>.self) as? InlineArray<3, Float>)
        #expect(elements(floats) == [0, 0, 0])
        let strings = try #require(Placeholder.value(of: InlineArray<3, String>.self) as? InlineArray<3, String>)
        #expect(elements(strings) == ["", "", ""])
        let arrays = try #require(Placeholder.value(of: InlineArray<3, [Int]>.self) as? InlineArray<3, [Int]>)
        #expect(elements(arrays).allSatisfy { $0.isEmpty })
        #expect(Placeholder.canSynthesize(InlineArray<0, Int>.self))
        #expect(Placeholder.canSynthesize(InlineArray<100_000, UInt8>.self))
    }

    @Test func metatypeElementsAreStoredThick() throws {
        let types = try #require(Placeholder.value(of: InlineArray<3, Int.Type>.self) as? InlineArray<3, Int.Type>)
        #expect(elements(types).allSatisfy { $0 == Int.self })
    }

    @Test func theStorageIsNeverAskedForButItsElementsAre() throws {
        // The runtime cannot cast a value to the builtin storage type, so it is never resolved; the
        // elements are, as any nested type is.
        let object = IAPObject()
        let value = Placeholder.value(of: InlineArray<3, IAPObject>.self) { type in
            #expect(TypeMetadata(type).kind != .fixedArray)
            return type == IAPObject.self ? object : nil
        }
        let objects = try #require(value as? InlineArray<3, IAPObject>)
        #expect(elements(objects).allSatisfy { $0 === object })
    }

    @Test func anElementWithoutAPlaceholderIsRefused() {
        #expect(!Placeholder.canSynthesize(InlineArray<2, IAPObject>.self))
        #expect(Placeholder.canSynthesize(InlineArray<2, IAPObject?>.self))
    }
}
#endif
