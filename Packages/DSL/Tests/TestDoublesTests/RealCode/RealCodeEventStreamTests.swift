import Foundation
import TestDoubles
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Event sources in the shape of Foundation's async APIs: notifications as an
// AsyncStream, a byte stream behind an async throwing call, progress as
// AsyncThrowingStream of a tuple holding a class, and styled text as an
// AttributedString.

protocol SDKEventSource: Sendable {
    func notifications(named name: Notification.Name) -> AsyncStream<Notification>
    func bytes(from url: URL) async throws -> AsyncThrowingStream<UInt8, any Error>
    func responses(for requests: [URLRequest]) -> AsyncThrowingStream<(Data, HTTPURLResponse), any Error>
    func styled(_ text: String, bold: Bool) -> AttributedString
    func plain(_ text: AttributedString) async -> String
}

struct SDKLiveEventSource: SDKEventSource {
    func notifications(named name: Notification.Name) -> AsyncStream<Notification> {
        AsyncStream { continuation in
            continuation.yield(Notification(name: name, object: nil, userInfo: ["n": 1]))
            continuation.finish()
        }
    }
    func bytes(from url: URL) async throws -> AsyncThrowingStream<UInt8, any Error> {
        AsyncThrowingStream { continuation in
            for byte in url.lastPathComponent.utf8 { continuation.yield(byte) }
            continuation.finish()
        }
    }
    func responses(for requests: [URLRequest]) -> AsyncThrowingStream<(Data, HTTPURLResponse), any Error> {
        AsyncThrowingStream { continuation in
            for request in requests {
                let url = request.url ?? URL(string: "https://x")!
                let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)!
                continuation.yield((Data(url.path.utf8), response))
            }
            continuation.finish()
        }
    }
    func styled(_ text: String, bold: Bool) -> AttributedString { AttributedString(bold ? text.uppercased() : text) }
    func plain(_ text: AttributedString) async -> String { String(text.characters) }
}

@Suite struct RealCodeEventStreamTests {
    static let didSync = Notification.Name("SDKDidSync")
    static let asset = URL(string: "https://cdn.example.com/a/b.bin")!

    @MainActor @Test func aNotificationStreamYieldsWhatTheTestSends() async throws {
        let source = try Stub<any SDKEventSource>()
        let (stream, continuation) = AsyncStream.makeStream(of: Notification.self)
        source.when { $0.notifications(named: Self.didSync) }.thenReturn(stream)
        let events = source().notifications(named: Self.didSync)
        continuation.yield(Notification(name: Self.didSync, object: nil, userInfo: ["changes": 3]))
        continuation.yield(Notification(name: Self.didSync, object: nil, userInfo: ["changes": 0]))
        continuation.finish()
        var changes: [Int] = []
        for await event in events { changes.append(event.userInfo?["changes"] as? Int ?? -1) }
        #expect(changes == [3, 0])
        source.verify { $0.notifications(named: Notification.Name("SDKDidSync")) }
    }

    @MainActor @Test func anAsyncThrowingByteStreamEndsWithTheConfiguredError() async throws {
        let source = try Stub<any SDKEventSource>()
        await source.when { try await $0.bytes(from: Match.any()) }.then { (url: URL) in
            AsyncThrowingStream { continuation in
                for byte in url.lastPathComponent.utf8.prefix(3) { continuation.yield(byte) }
                continuation.finish(throwing: URLError(.networkConnectionLost))
            }
        }
        var received: [UInt8] = []
        do {
            for try await byte in try await source().bytes(from: Self.asset) { received.append(byte) }
            Issue.record("the stream did not throw")
        } catch let error as URLError {
            #expect(error.code == .networkConnectionLost)
        }
        #expect(received == Array("b.b".utf8))
    }

    @Test func aStreamOfDataAndResponseTuples() async throws {
        let source = try Stub<any SDKEventSource>()
        let ok = HTTPURLResponse(url: Self.asset, statusCode: 206, httpVersion: "HTTP/1.1", headerFields: nil)!
        source.when { $0.responses(for: Match.any()) }.then { (requests: [URLRequest]) in
            AsyncThrowingStream { continuation in
                for (index, _) in requests.enumerated() { continuation.yield((Data([UInt8(index)]), ok)) }
                continuation.finish()
            }
        }
        let requests = [URLRequest(url: Self.asset), URLRequest(url: Self.asset.appendingPathExtension("sig"))]
        var parts: [(Data, HTTPURLResponse)] = []
        for try await part in source().responses(for: requests) { parts.append(part) }
        #expect(parts.map(\.0) == [Data([0]), Data([1])])
        #expect(parts.allSatisfy { $0.1 === ok })
        #expect(source.when { $0.responses(for: Match.any()) }.arguments() == [requests])
    }

    @Test func attributedStringsInAndOut() async throws {
        let source = try Stub<any SDKEventSource>()
        var title = AttributedString("Hello ")
        title.append(AttributedString("world"))
        source.when { $0.styled(Match.any(), bold: Match.equal(true)) }.thenReturn(title)
        await source.when { await $0.plain(Match.any()) }.then { (text: AttributedString) in
            String(text.characters).uppercased()
        }
        let styled = source().styled("ignored", bold: true)
        #expect(styled == title)
        #expect(String(styled.characters) == "Hello world")
        #expect(await source().plain(styled) == "HELLO WORLD")
        let seen: [AttributedString] = await source.when { await $0.plain(Match.any()) }.arguments()
        #expect(seen == [title])
    }

    @Test func aSpyForwardsEveryStream() async throws {
        let spy = try Spy<any SDKEventSource>(forwardingTo: SDKLiveEventSource())
        var names: [String] = []
        for await event in spy().notifications(named: Self.didSync) { names.append(event.name.rawValue) }
        #expect(names == ["SDKDidSync"])
        var bytes: [UInt8] = []
        for try await byte in try await spy().bytes(from: Self.asset) { bytes.append(byte) }
        #expect(bytes == Array("b.bin".utf8))
        var paths: [String] = []
        for try await (data, response) in spy().responses(for: [URLRequest(url: Self.asset)]) {
            paths.append(String(decoding: data, as: UTF8.self))
            #expect(response.statusCode == 200)
        }
        #expect(paths == ["/a/b.bin"])
        #expect(await spy().plain(spy().styled("abc", bold: true)) == "ABC")
        spy.verify { $0.styled("abc", bold: true) }
    }
}
