import Foundation
import TestDoubles
import Testing

// Region-based isolation as a media pipeline uses it: a decoder hands over a
// freshly made, non-`Sendable` frame with a `sending` result, and a cache
// takes ownership of one through a `sending` parameter, across actors.

/// A decoded frame: a mutable buffer, not `Sendable`.
final class CRFrame {
    var pixels: [UInt8]
    var timestamp: Double
    init(pixels: [UInt8], timestamp: Double) {
        self.pixels = pixels
        self.timestamp = timestamp
    }
}

protocol CRFrameDecoder: Sendable {
    func decode(_ packet: [UInt8], at timestamp: Double) async throws -> sending CRFrame
    func store(_ frame: sending CRFrame, key: String) async
    func thumbnail(of frame: sending CRFrame) -> sending CRFrame
}

struct CRHardwareFrameDecoder: CRFrameDecoder {
    func decode(_ packet: [UInt8], at timestamp: Double) async throws -> sending CRFrame {
        CRFrame(pixels: packet, timestamp: timestamp)
    }
    func store(_ frame: sending CRFrame, key: String) async {}
    func thumbnail(of frame: sending CRFrame) -> sending CRFrame { frame }
}

/// The consumer: an actor that owns the frames it is handed.
actor CRFrameRenderer {
    private var rendered: [Double] = []
    private let decoder: any CRFrameDecoder
    init(decoder: any CRFrameDecoder) { self.decoder = decoder }

    func render(_ packets: [[UInt8]]) async throws -> [Double] {
        for (index, packet) in packets.enumerated() {
            let frame = try await decoder.decode(packet, at: Double(index))
            frame.pixels.reverse()  // the renderer owns the frame now
            rendered.append(frame.timestamp + Double(frame.pixels.first ?? 0))
            await decoder.store(frame, key: "frame-\(index)")
        }
        return rendered
    }
}

@Suite struct RealCodeSendingTransferTests {
    @Test func aSendingResultMadeByTheHandlerIsOwnedByTheCallingActor() async throws {
        let decoder = try Stub<any CRFrameDecoder>()
        await decoder.when { try await $0.decode(Match.any(), at: Match.any()) }.then {
            (packet: [UInt8], timestamp: Double) async throws -> CRFrame in
            CRFrame(pixels: packet, timestamp: timestamp * 10)
        }
        // A `sending` parameter takes a fresh placeholder, made inside the closure.
        let stores = await decoder.when {
            await $0.store(Match.any(using: CRFrame(pixels: [], timestamp: 0)), key: Match.any())
        }
        stores.thenDoNothing()

        let renderer = CRFrameRenderer(decoder: decoder())
        let rendered = try await renderer.render([[1, 2, 3], [4, 5]])
        #expect(rendered == [3, 15])

        let keys: [(CRFrame, String)] = stores.arguments()
        #expect(keys.map(\.1) == ["frame-0", "frame-1"])
        #expect(keys.map(\.0.pixels) == [[3, 2, 1], [5, 4]])
    }

    @MainActor @Test func aSendingParameterReachesTheHandlerAsTheSameInstance() throws {
        let decoder = try Stub<any CRFrameDecoder>()
        let thumbnails = decoder.when(returning: CRFrame(pixels: [], timestamp: 0)) {
            $0.thumbnail(of: Match.any(using: CRFrame(pixels: [], timestamp: 0)))
        }
        thumbnails.then { (frame: CRFrame) -> CRFrame in
            CRFrame(pixels: Array(frame.pixels.prefix(2)), timestamp: frame.timestamp)
        }
        let thumbnail = decoder().thumbnail(of: CRFrame(pixels: [9, 8, 7], timestamp: 4))
        #expect(thumbnail.pixels == [9, 8])
        #expect(thumbnail.timestamp == 4)
        thumbnails.verify(1...1)
    }

    @Test func aParkedSendingResultIsResumedWithAFreshFrame() async throws {
        let decoder = try Stub<any CRFrameDecoder>()
        let parked = await decoder.when { try await $0.decode(Match.any(), at: Match.any()) }.thenSuspend()
        let renderer = CRFrameRenderer(decoder: decoder())
        await decoder.when { await $0.store(Match.any(using: CRFrame(pixels: [], timestamp: 0)), key: Match.any()) }
            .thenDoNothing()
        let rendering = Task { try await renderer.render([[0]]) }
        #expect(await parked.waitForCall(within: .seconds(10)))
        parked.resume(returning: CRFrame(pixels: [1, 7], timestamp: 100))
        #expect(try await rendering.value == [107])
    }
}
