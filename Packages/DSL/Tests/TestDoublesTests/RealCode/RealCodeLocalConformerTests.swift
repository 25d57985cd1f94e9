import Foundation
import TestDoubles
import Testing

// Tests often declare the real conformer they spy on inside the test itself.
// Such a type is local to the function: the runtime double must still read
// the protocol's signatures from its witnesses.

protocol SDKTelemetrySink: Sendable {
    func emit(_ name: String, value: Double, tags: [String: String])
    func flush(timeout: TimeInterval) async throws -> Int
    var endpoint: URL { get }
}

@Suite struct RealCodeLocalConformerTests {
    @Test func aSpyForwardsToAConformerDeclaredInTheTest() async throws {
        final class CountingSink: SDKTelemetrySink, @unchecked Sendable {
            private let lock = NSLock()
            private var names: [String] = []
            var emitted: [String] { lock.withLock { names } }
            func emit(_ name: String, value: Double, tags: [String: String]) {
                lock.withLock { names.append("\(name)=\(value)\(tags.isEmpty ? "" : "+tags")") }
            }
            func flush(timeout: TimeInterval) async throws -> Int { lock.withLock { names.count } }
            var endpoint: URL { URL(string: "https://telemetry.example.com/v1")! }
        }
        let sink = CountingSink()
        let spy = try Spy<any SDKTelemetrySink>(forwardingTo: sink)
        spy().emit("launch", value: 1.5, tags: [:])
        spy().emit("tap", value: 2, tags: ["screen": "home"])
        #expect(try await spy().flush(timeout: 3) == 2)
        #expect(spy().endpoint.host == "telemetry.example.com")
        #expect(sink.emitted == ["launch=1.5", "tap=2.0+tags"])
        spy.verify { $0.emit("tap", value: 2, tags: ["screen": "home"]) }
        await spy.verify { try await $0.flush(timeout: 3) }
    }

    @Test func aStubFindsItsSignaturesThroughALocalConformer() async throws {
        struct NullSink: SDKTelemetrySink {
            func emit(_ name: String, value: Double, tags: [String: String]) {}
            func flush(timeout: TimeInterval) async throws -> Int { 0 }
            var endpoint: URL { URL(fileURLWithPath: "/dev/null") }
        }
        _ = NullSink()
        let sink = try Stub<any SDKTelemetrySink>()
        sink.when { $0.emit(Match.any(), value: Match.any(), tags: Match.any()) }.thenDoNothing()
        await sink.when { try await $0.flush(timeout: Match.any()) }.thenReturn(7)
        sink().emit("a", value: 0.25, tags: ["k": "v"])
        #expect(try await sink().flush(timeout: 1) == 7)
        let emitted: [(String, Double, [String: String])] =
            sink.when { $0.emit(Match.any(), value: Match.any(), tags: Match.any()) }.arguments()
        #expect(emitted.map(\.0) == ["a"])
        #expect(emitted.map(\.1) == [0.25])
        #expect(emitted.map(\.2) == [["k": "v"]])
    }
}
