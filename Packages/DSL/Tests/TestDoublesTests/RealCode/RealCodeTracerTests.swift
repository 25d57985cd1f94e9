import TestDoubles
import Testing

/// A tracing logger with the whole call site: five parameters, the message an autoclosure.
protocol RCTracer: Sendable {
    func trace(_ message: @autoclosure () -> String, category: String, file: String, function: String, line: UInt)
}

struct RCOSLogTracer: RCTracer {
    func trace(_ message: @autoclosure () -> String, category: String, file: String, function: String, line: UInt) {}
}

@Suite struct RealCodeTracerTests {
    /// Before: a handler of four or five parameters one of which is the autoclosure did not compile
    /// ("converting non-escaping value to '() -> String' may allow it to escape"): only the one- to
    /// three-parameter `then` forms took a non-escaping function parameter.
    @Test func aFiveParameterHandlerReadsTheMessageAndTheCallSite() throws {
        let tracer = try Stub<any RCTracer>()
        let lines = RCChangeLog()
        tracer.when {
            $0.trace(Match.any(), category: Match.any(), file: Match.any(), function: Match.any(), line: Match.any())
        }.then { (message: () -> String, category: String, _: String, function: String, line: UInt) in
            lines.append("[\(category)] \(function):\(line) \(message())")
        }
        tracer().trace("cache miss", category: "net", file: #fileID, function: "load()", line: 12)
        #expect(lines.all == ["[net] load():12 cache miss"])
    }
}
