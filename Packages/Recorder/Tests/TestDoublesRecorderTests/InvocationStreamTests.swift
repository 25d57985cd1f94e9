import Testing

@testable import TestDoublesRecorder

@Suite struct InvocationStreamTests {
    @Test func callsOfOtherTypesAreReportedAtThePatternOnceEachAndTheRestStillArrive() async {
        let double = ServiceDouble()
        let (lookups, line) = (double.when { $0.lookup(Match.any()) }.thenReturn(1), #line)
        let keys: InvocationStream<String> = lookups.stream()
        let service = double()
        for key in ["a", nil, "b", nil, "c"] { _ = service.lookup(key) }
        var received: [String?] = []
        let found = await issues {
            var iterator = keys.makeAsyncIterator()
            for _ in 0..<3 { received.append(await iterator.next()) }
        }
        #expect(received == ["a", "b", "c"])
        #expect(found.map(\.kind) == [.invalidRecording, .invalidRecording])
        #expect(found.map(\.location?.line) == [line, line])
        #expect(found.map(\.location?.fileID) == [#fileID, #fileID])
        let message = found.first?.message ?? ""
        #expect(message.hasPrefix("stream(): the handler's parameter for argument 1 is String, but the call passed a "))
        #expect(message.contains("Optional<String>"))
        #expect(message.hasSuffix("lookup(nil))"))
        #expect(found.map(\.message).allSatisfy { $0.contains("(call #") })
        #expect(Set(found.map(\.message)).count == 2)
    }

    @Test func theTextMatchesTheOneArgumentsReports() async {
        let double = ServiceDouble()
        let events = double.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let numbers: InvocationStream<(Int, Int)> = events.stream()
        double().track(event: "purchase", value: 42)
        double().track(event: "refund", value: 7)
        let fromArguments = issues {
            let typed: [(Int, Int)] = events.arguments()
            #expect(typed.isEmpty)
        }
        let fromStream = await issues {
            var iterator = numbers.makeAsyncIterator()
            #expect(await iterator.next(within: .milliseconds(20)) == nil)
        }
        #expect(fromArguments.count == 2)
        #expect(fromStream.map(\.message) == fromArguments.map { "stream" + $0.message.dropFirst("arguments".count) })
        #expect(
            fromStream.first?.message.contains("argument 1 (event) is Int, but the call passed a String") == true)
    }

    @Test func callsMadeOnAnotherTaskAreReportedOnTheIteratingTask() async throws {
        let double = ServiceDouble()
        let lookups = double.when { $0.lookup(Match.any()) }.thenReturn(1)
        let keys: InvocationStream<String> = lookups.stream()
        let service = double()
        Task.detached {
            _ = service.lookup(nil)
            _ = service.lookup("after")
        }
        var received: String?
        let found = await issues {
            var iterator = keys.makeAsyncIterator()
            received = await iterator.next(within: .seconds(60))
        }
        #expect(received == "after")
        #expect(found.map(\.kind) == [.invalidRecording])
        let issue = try #require(found.first)
        #expect(issue.message.hasPrefix("stream(): "))
    }
}
