import Foundation
import TestDoublesManual
import Testing

// Standalone closure doubles for the callbacks a feature takes directly:
// a formatter with several arguments, a variadic logger, an async loader.

@MainActor @Suite struct ClosureDoubleRealTests {
    @Test func multiArgumentFormatter() {
        let format = ClosureDouble<(Int, String, Bool), String>()
        let plural = format.whenArguments { (count: Int, _: String, _: Bool) in count != 1 }
        plural.thenArguments { (count: Int, unit: String, short: Bool) in
            short ? "\(count)\(unit.prefix(1))" : "\(count) \(unit)s"
        }
        format.whenAny().thenReturn("one")
        let function: (Int, String, Bool) -> String = format.expandedFunction()
        #expect(function(2, "item", false) == "2 items")
        #expect(function(3, "minute", true) == "3m")
        #expect(function(1, "item", false) == "one")
        plural.verify(2...2)
        #expect(format.invocations.map(\.0) == [2, 3, 1])
        #expect(format.invocations.map(\.1) == ["item", "minute", "item"])
    }

    @Test func variadicLogger() {
        let log = VariadicClosureDouble<String, Void>()
        log.whenAny().thenDoNothing()
        let function: (String...) -> Void = log.variadicFunction()
        function("a", "b")
        function()
        #expect(log.invocations == [["a", "b"], []])
    }

    @Test func asyncThrowingLoaderSequence() async throws {
        let loader = AsyncThrowingClosureDouble<URL, Data>()
        loader.whenAny().thenThrow(URLError(.timedOut)).thenReturn(Data([1, 2]))
        let function = loader.function
        let url = URL(string: "https://example.com/a")!
        await #expect(throws: URLError.self) { try await function(url) }
        #expect(try await function(url) == Data([1, 2]))
        #expect(loader.invocations == [url, url])
    }
}
