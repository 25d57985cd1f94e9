import Testing

@testable import TestDoublesMetadata

/// An image's segments are kept as bounds: they read back as the ranges given, and containment is the ranges'.
@Suite struct LoadedImageTests {
    @Test func segmentsReadBackAsGivenAndContainmentIsTheRanges() {
        let ranges: [Range<UInt>] = [0x1000..<0x2000, 0x3000..<0x3001, 0x5000..<0x5000]
        var image = LoadedImage(path: "/a", loadBias: 0x1000, segments: ranges)
        #expect(image.segments == ranges)
        for address: UInt in [0, 0xFFF, 0x1000, 0x1FFF, 0x2000, 0x2FFF, 0x3000, 0x3001, 0x5000, .max] {
            #expect(
                image.contains(address) == ranges.contains { $0.contains(address) }, "0x\(String(address, radix: 16))")
        }
        image.segments = [0x8000..<0x9000]
        #expect(image.contains(0x8000) && !image.contains(0x1000))
        #expect(image == LoadedImage(path: "/a", loadBias: 0x1000, segments: [0x8000..<0x9000]))
        #expect(image != LoadedImage(path: "/a", loadBias: 0x1000, segments: [0x8000..<0x9001]))
    }

    @Test func loadedImagesContainTheirSegments() {
        let images = LoadedImage.currentlyLoaded()
        #expect(!images.isEmpty)
        for image in images {
            #expect(!image.segments.isEmpty, "\(image.path)")
            for segment in image.segments {
                #expect(image.contains(segment.lowerBound) && image.contains(segment.upperBound - 1), "\(image.path)")
            }
        }
    }
}
