import Foundation
import TestDoubles
import Testing

// Shapes from layout, graphics, audio and text SDKs: Core Graphics geometry
// (`CGFloat`, `CGPoint`, `CGSize`, `CGRect`, `AffineTransform`), half floats
// and SIMD vectors, contiguous sample buffers and raw pointers a handler
// writes through, and identity-like values (`ObjectIdentifier`, key paths,
// `Unicode.Scalar`, `NSRange`, string index ranges). Each value must reach
// the handler, the recorder and a spy's conformer exactly, and come back
// exactly.

protocol S5LayoutEngine: Sendable {
    func frame(at index: Int, in bounds: CGRect, spacing: CGFloat) -> CGRect
    func hitTest(_ point: CGPoint, in frames: [CGRect]) -> Int?
    func fit(_ size: CGSize, into box: CGSize) -> CGSize
    func transform(scale: CGFloat, rotation: Double, offset: CGPoint) -> AffineTransform
    func union(of rects: CGRect...) -> CGRect
    func inset(_ rect: CGRect, top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) -> CGRect
}

struct S5LiveLayout: S5LayoutEngine {
    func frame(at index: Int, in bounds: CGRect, spacing: CGFloat) -> CGRect {
        CGRect(
            x: bounds.minX, y: bounds.minY + CGFloat(index) * (44 + spacing), width: bounds.width, height: 44)
    }
    func hitTest(_ point: CGPoint, in frames: [CGRect]) -> Int? { frames.firstIndex { $0.contains(point) } }
    func fit(_ size: CGSize, into box: CGSize) -> CGSize {
        let scale = min(box.width / size.width, box.height / size.height)
        return CGSize(width: size.width * scale, height: size.height * scale)
    }
    func transform(scale: CGFloat, rotation: Double, offset: CGPoint) -> AffineTransform {
        AffineTransform(
            m11: scale, m12: CGFloat(rotation), m21: -CGFloat(rotation), m22: scale, tX: offset.x, tY: offset.y)
    }
    func union(of rects: CGRect...) -> CGRect { rects.dropFirst().reduce(rects.first ?? .null) { $0.union($1) } }
    func inset(_ rect: CGRect, top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) -> CGRect {
        CGRect(
            x: rect.minX + left, y: rect.minY + top, width: rect.width - left - right,
            height: rect.height - top - bottom)
    }
}

protocol S5SignalProcessor {
    func apply(gain: Float, to samples: UnsafeMutableBufferPointer<Float>) -> Int
    func checksum(of bytes: UnsafeRawBufferPointer) -> UInt32
    func downmix(_ frames: ContiguousArray<Float>) -> ContiguousArray<Float>
    func centroid(of points: [SIMD3<Float>]) -> SIMD3<Float>
    func blend(_ a: SIMD4<Double>, _ b: SIMD4<Double>, t: Double) -> SIMD4<Double>
    #if !(os(macOS) && arch(x86_64))
    func quantize(_ level: Float16, steps: Int) -> Float16
    #endif
}

final class S5LiveProcessor: S5SignalProcessor {
    func apply(gain: Float, to samples: UnsafeMutableBufferPointer<Float>) -> Int {
        for index in samples.indices { samples[index] *= gain }
        return samples.count
    }
    func checksum(of bytes: UnsafeRawBufferPointer) -> UInt32 {
        var sum: UInt32 = 0
        for byte in bytes { sum = sum &* 31 &+ UInt32(byte) }
        return sum
    }
    func downmix(_ frames: ContiguousArray<Float>) -> ContiguousArray<Float> {
        var mixed = ContiguousArray<Float>()
        for index in stride(from: 0, to: frames.count - 1, by: 2) {
            let pair: Float = frames[index] + frames[index + 1]
            mixed.append(pair / 2)
        }
        return mixed
    }
    func centroid(of points: [SIMD3<Float>]) -> SIMD3<Float> {
        points.reduce(.zero, +) / Float(max(points.count, 1))
    }
    func blend(_ a: SIMD4<Double>, _ b: SIMD4<Double>, t: Double) -> SIMD4<Double> { a + (b - a) * t }
    #if !(os(macOS) && arch(x86_64))
    func quantize(_ level: Float16, steps: Int) -> Float16 {
        (level * Float16(steps)).rounded() / Float16(steps)
    }
    #endif
}

struct S5Track: Sendable {
    var title: String
    var seconds: Int
}

protocol S5TextAndIdentity: AnyObject, Sendable {
    func register(_ owner: ObjectIdentifier, name: String)
    func name(of owner: ObjectIdentifier) -> String?
    func sortKey(for path: PartialKeyPath<S5Track> & Sendable) -> String
    func column(for path: AnyKeyPath & Sendable) -> Int
    func category(of scalar: Unicode.Scalar) -> Character
    func clamp(_ range: NSRange, toLength length: Int) -> NSRange
    func firstRange(of needle: String, in haystack: String) -> Range<String.Index>?
}

/// The app's registry: linked, so a Stub reads the protocol's signatures from it.
final class S5AppRegistry: S5TextAndIdentity, @unchecked Sendable {
    private var names: [ObjectIdentifier: String] = [:]
    func register(_ owner: ObjectIdentifier, name: String) { names[owner] = name }
    func name(of owner: ObjectIdentifier) -> String? { names[owner] }
    func sortKey(for path: PartialKeyPath<S5Track> & Sendable) -> String { "\(path)" }
    func column(for path: AnyKeyPath & Sendable) -> Int { 0 }
    func category(of scalar: Unicode.Scalar) -> Character { "?" }
    func clamp(_ range: NSRange, toLength length: Int) -> NSRange { range }
    func firstRange(of needle: String, in haystack: String) -> Range<String.Index>? { haystack.range(of: needle) }
}

@Suite struct RealCodeS5GeometryAndBufferTests {
    static let bounds = CGRect(x: 0.5, y: 20, width: 375, height: 812.25)

    @Test func rectsPointsAndSizesTravelExactly() throws {
        let layout = try Stub<any S5LayoutEngine>()
        let answer = CGRect(x: 16, y: 88.5, width: 343.25, height: 44)
        layout.when { $0.frame(at: Match.any(), in: Match.any(), spacing: Match.any()) }
            .then { (index: Int, bounds: CGRect, spacing: CGFloat) in
                #expect(index == 2)
                #expect(bounds == Self.bounds)
                #expect(spacing == 8.125)
                return answer
            }
        layout.when { $0.hitTest(Match.equal(CGPoint(x: 10, y: 100)), in: Match.any()) }.thenReturn(1)
        layout.when { $0.hitTest(Match.any(), in: Match.any()) }.thenReturn(nil)
        layout.when { $0.fit(Match.any(), into: Match.any()) }
            .then { (size: CGSize, box: CGSize) in CGSize(width: box.width, height: size.height / 2) }

        let engine = layout()
        #expect(engine.frame(at: 2, in: Self.bounds, spacing: 8.125) == answer)
        let frames = [CGRect(x: 0, y: 0, width: 320, height: 44), CGRect(x: 0, y: 52, width: 320, height: 44)]
        #expect(engine.hitTest(CGPoint(x: 10, y: 100), in: frames) == 1)
        #expect(engine.hitTest(CGPoint(x: -1, y: 0), in: frames) == nil)
        #expect(
            engine.fit(CGSize(width: 1920, height: 1080), into: CGSize(width: 390, height: 844))
                == CGSize(width: 390, height: 540))

        let hits: [(CGPoint, [CGRect])] = layout.when { $0.hitTest(Match.any(), in: Match.any()) }.arguments()
        #expect(hits.map(\.0) == [CGPoint(x: 10, y: 100), CGPoint(x: -1, y: 0)])
        #expect(hits.allSatisfy { $0.1 == frames })
        layout.verify(1...1) { $0.frame(at: 2, in: Self.bounds, spacing: 8.125) }
    }

    @Test func transformsVariadicRectsAndSixFloatArgumentsReachTheConformer() throws {
        let spy = try Spy<any S5LayoutEngine>(forwardingTo: S5LiveLayout())
        let engine = spy()
        let transform = engine.transform(scale: 2.5, rotation: 0.25, offset: CGPoint(x: -3, y: 7.75))
        #expect(transform == AffineTransform(m11: 2.5, m12: 0.25, m21: -0.25, m22: 2.5, tX: -3, tY: 7.75))
        let a = CGRect(x: 0, y: 0, width: 10, height: 10)
        let b = CGRect(x: 20, y: -5, width: 5, height: 5)
        #expect(engine.union(of: a, b) == CGRect(x: 0, y: -5, width: 25, height: 15))
        #expect(engine.union() == .null)
        #expect(
            engine.inset(Self.bounds, top: 47, left: 0.5, bottom: 34, right: 1.5)
                == CGRect(x: 1, y: 67, width: 373, height: 731.25))

        spy.when { $0.transform(scale: Match.any(), rotation: Match.any(), offset: Match.any()) }
            .thenReturn(AffineTransform(translationByX: 1, byY: 2))
        #expect(engine.transform(scale: 1, rotation: 0, offset: .zero) == AffineTransform(translationByX: 1, byY: 2))
        // A variadic parameter matches element by element: one pattern per arity.
        let pairs: [[CGRect]] = spy.when { $0.union(of: Match.any(), Match.any()) }.arguments()
        #expect(pairs == [[a, b]])
        let empties: [[CGRect]] = spy.when { $0.union() }.arguments()
        #expect(empties == [[]])
        spy.verify(.exactly(0)) { $0.union(of: Match.any()) }
        let insets: [(CGRect, CGFloat, CGFloat, CGFloat, CGFloat)] =
            spy.when {
                $0.inset(Match.any(), top: Match.any(), left: Match.any(), bottom: Match.any(), right: Match.any())
            }
            .arguments()
        #expect(insets.count == 1)
        #expect(insets.first.map { [$0.1, $0.2, $0.3, $0.4] } == [47, 0.5, 34, 1.5])
        #expect(insets.first?.0 == Self.bounds)
    }

    @Test func aHandlerWritesThroughTheCallersSampleBuffer() throws {
        let processor = try Stub<any S5SignalProcessor>()
        processor.when { $0.apply(gain: Match.any(), to: Match.any()) }
            .then { (gain: Float, samples: UnsafeMutableBufferPointer<Float>) in
                for index in samples.indices { samples[index] = samples[index] * gain + 1 }
                return samples.count
            }
        processor.when { $0.checksum(of: Match.any()) }
            .then { (bytes: UnsafeRawBufferPointer) in UInt32(bytes.count) << 16 | UInt32(bytes.last ?? 0) }

        var samples: [Float] = [0.5, -0.25, 1]
        let written = samples.withUnsafeMutableBufferPointer { processor().apply(gain: 2, to: $0) }
        #expect(written == 3)
        #expect(samples == [2, 0.5, 3])
        let payload: [UInt8] = [1, 2, 3, 250]
        #expect(payload.withUnsafeBytes { processor().checksum(of: $0) } == (4 << 16 | 250))
    }

    @Test func aSpyForwardsBuffersVectorsAndHalfFloats() throws {
        let spy = try Spy<any S5SignalProcessor>(forwardingTo: S5LiveProcessor())
        let processor = spy()
        var samples: [Float] = [0.5, -0.25, 1]
        #expect(samples.withUnsafeMutableBufferPointer { processor.apply(gain: -2, to: $0) } == 3)
        #expect(samples == [-1, 0.5, -2])
        let bytes: [UInt8] = [7, 0, 255]
        let expected = S5LiveProcessor().checksum(of: UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(expected == 0)
        let sum: UInt32 = 7 * 31 * 31 + 255
        #expect(bytes.withUnsafeBytes { processor.checksum(of: $0) } == sum)
        #expect(processor.downmix([1, 3, -2, 4, 0.5, 0.25]) == [2, 1, 0.375])
        let points: [SIMD3<Float>] = [SIMD3(1, 2, 3), SIMD3(3, 4, 5)]
        #expect(processor.centroid(of: points) == SIMD3(2, 3, 4))
        #expect(processor.blend(SIMD4(0, 1, 2, 3), SIMD4(4, 5, 6, 7), t: 0.25) == SIMD4(1, 2, 3, 4))
        #if !(os(macOS) && arch(x86_64))
        #expect(processor.quantize(0.3, steps: 4) == 0.25)
        let levels: [(Float16, Int)] = spy.when { $0.quantize(Match.any(), steps: Match.any()) }.arguments()
        #expect(levels.map(\.0) == [0.3])
        #expect(levels.map(\.1) == [4])
        spy.when { $0.quantize(Match.any(), steps: Match.equal(8)) }.thenReturn(Float16(0.125))
        #expect(processor.quantize(0.1, steps: 8) == 0.125)
        #endif

        spy.when { $0.blend(Match.any(), Match.any(), t: Match.any()) }
            .then { (a: SIMD4<Double>, b: SIMD4<Double>, t: Double) in a * t + b }
        #expect(processor.blend(SIMD4(1, 2, 3, 4), SIMD4(0.5, 0.5, 0.5, 0.5), t: 2) == SIMD4(2.5, 4.5, 6.5, 8.5))
        let blends: [(SIMD4<Double>, SIMD4<Double>, Double)] =
            spy.when { $0.blend(Match.any(), Match.any(), t: Match.any()) }.arguments()
        #expect(blends.map(\.0) == [SIMD4(0, 1, 2, 3), SIMD4(1, 2, 3, 4)])
        #expect(blends.map(\.2) == [0.25, 2])
        let mixes: [ContiguousArray<Float>] = spy.when { $0.downmix(Match.any()) }.arguments()
        #expect(mixes == [[1, 3, -2, 4, 0.5, 0.25]])
    }

    @Test func identitiesKeyPathsScalarsAndRangesTravelExactly() throws {
        final class Owner {}
        let owner = Owner()
        let other = Owner()
        let registry = try Stub<any S5TextAndIdentity>()
        registry.when { $0.register(Match.any(), name: Match.any()) }.thenDoNothing()
        registry.when { $0.name(of: ObjectIdentifier(owner)) }.thenReturn("owner")
        registry.when { $0.name(of: Match.any()) }.thenReturn(nil)
        registry.when { $0.sortKey(for: Match.any()) }
            .then { (path: PartialKeyPath<S5Track> & Sendable) in path == \S5Track.title ? "title" : "other" }
        registry.when { $0.column(for: Match.any()) }
            .then { (path: AnyKeyPath & Sendable) in path == \S5Track.seconds ? 2 : -1 }
        registry.when { $0.category(of: Match.any()) }
            .then { (scalar: Unicode.Scalar) in scalar.properties.isAlphabetic ? "L" : "O" }
        registry.when { $0.clamp(Match.any(), toLength: Match.any()) }
            .then { (range: NSRange, length: Int) in
                NSRange(location: range.location, length: min(range.length, length - range.location))
            }
        let haystack = "Grüße aus Köln"
        let expected = haystack.range(of: "Köln")
        registry.when { $0.firstRange(of: Match.any(), in: Match.any()) }
            .then { (needle: String, text: String) in text.range(of: needle) }

        let service = registry()
        service.register(ObjectIdentifier(owner), name: "owner")
        #expect(service.name(of: ObjectIdentifier(owner)) == "owner")
        #expect(service.name(of: ObjectIdentifier(other)) == nil)
        #expect(service.sortKey(for: \S5Track.title) == "title")
        #expect(service.sortKey(for: \S5Track.seconds) == "other")
        #expect(service.column(for: \S5Track.seconds) == 2)
        #expect(service.category(of: "ß") == "L")
        #expect(service.category(of: "\u{1F600}") == "O")
        #expect(service.clamp(NSRange(location: 3, length: 10), toLength: 8) == NSRange(location: 3, length: 5))
        let found = service.firstRange(of: "Köln", in: haystack)
        #expect(found == expected)
        #expect(found.map { String(haystack[$0]) } == "Köln")

        let registered: [(ObjectIdentifier, String)] =
            registry.when { $0.register(Match.any(), name: Match.any()) }.arguments()
        #expect(registered.map(\.0) == [ObjectIdentifier(owner)])
        let scalars: [Unicode.Scalar] = registry.when { $0.category(of: Match.any()) }.arguments()
        #expect(scalars == ["ß", "\u{1F600}"])
        registry.verify(1...1) { $0.name(of: ObjectIdentifier(other)) }
        registry.verify(1...1) { $0.clamp(NSRange(location: 3, length: 10), toLength: 8) }
    }
}
