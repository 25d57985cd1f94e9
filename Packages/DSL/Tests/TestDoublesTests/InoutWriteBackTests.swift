import TestDoubles
import Testing

/// `inout` parameters in sync, throwing and async requirements, in first and later positions.
protocol TextEditing: Sendable {
    func normalize(_ text: inout String, limit: Int) -> Bool
    func append(_ suffix: String, to text: inout String)
    func bump(_ counter: inout Int, by step: Int) throws -> Int
    func fill(_ buffer: inout [Int], count: Int) async -> Int
    func refill(_ buffer: inout [Int], count: Int) async throws -> Int
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LiveTextEditing: TextEditing {
    func normalize(_ text: inout String, limit: Int) -> Bool { true }
    func append(_ suffix: String, to text: inout String) { text += suffix }
    func bump(_ counter: inout Int, by step: Int) throws -> Int { counter }
    func fill(_ buffer: inout [Int], count: Int) async -> Int { count }
    func refill(_ buffer: inout [Int], count: Int) async throws -> Int { count }
}

/// A `then` handler with an `inout` parameter writes its final value back to
/// the caller's variable through a fabricated `Stub`.
@Suite(.timeLimit(.minutes(5))) struct InoutWriteBackTests {
    @Test func handlerWritesBackTheFirstArgument() throws {
        let stub = try Stub<any TextEditing>()
        let calls = stub.when {
            var text: String = Match.any()
            return $0.normalize(&text, limit: Match.any())
        }
        calls.then { (text: inout String, limit: Int) -> Bool in
            text = String(text.prefix(limit)).uppercased()
            return true
        }
        var text = "normalize me"
        #expect(stub().normalize(&text, limit: 4) == true)
        #expect(text == "NORM")
        // The ledger keeps the value the call received.
        let recorded: [(String, Int)] = calls.arguments()
        #expect(recorded.map(\.0) == ["normalize me"])
    }

    @Test func handlerWritesBackALaterArgument() throws {
        let stub = try Stub<any TextEditing>()
        stub.when {
            var text: String = Match.any()
            $0.append(Match.any(), to: &text)
        }.then { (suffix: String, text: inout String) in text += suffix + suffix }
        var text = "ab"
        stub().append("cd", to: &text)
        #expect(text == "abcdcd")
        stub().append("!", to: &text)
        #expect(text == "abcdcd!!")
    }

    @Test func handlerWithoutInoutParameterLeavesTheVariableUnchanged() throws {
        let stub = try Stub<any TextEditing>()
        stub.when {
            var text: String = Match.any()
            return $0.normalize(&text, limit: Match.any())
        }.then { (text: String, limit: Int) -> Bool in text.count > limit }
        var text = "unchanged"
        #expect(stub().normalize(&text, limit: 3) == true)
        #expect(text == "unchanged")
    }

    @Test func writeBackHappensWhenTheHandlerThrows() throws {
        let stub = try Stub<any TextEditing>()
        let bumps = stub.when {
            var counter: Int = Match.any()
            return try $0.bump(&counter, by: Match.any())
        }
        bumps.then { (counter: inout Int, step: Int) throws -> Int in
            counter += step
            if counter > 10 { throw NetworkError(code: counter) }
            return counter
        }
        var counter = 5
        #expect(try stub().bump(&counter, by: 3) == 8)
        #expect(counter == 8)
        #expect(throws: NetworkError(code: 12)) { try stub().bump(&counter, by: 4) }
        #expect(counter == 12)
        let steps: [(Int, Int)] = bumps.arguments()
        #expect(steps.map(\.0) == [5, 8])
    }

    @Test func asyncHandlerWritesBackAfterSuspending() async throws {
        let stub = try Stub<any TextEditing>()
        await stub.when {
            var buffer: [Int] = Match.any()
            return await $0.fill(&buffer, count: Match.any())
        }.then { (buffer: inout [Int], count: Int) async throws -> Int in
            await Task.yield()
            buffer.append(contentsOf: 1...count)
            return buffer.count
        }
        var buffer = [0]
        #expect(await stub().fill(&buffer, count: 3) == 4)
        #expect(buffer == [0, 1, 2, 3])
    }

    @Test func syncHandlerWritesBackOnAnAsyncThrowingRequirement() async throws {
        let stub = try Stub<any TextEditing>()
        await stub.when {
            var buffer: [Int] = Match.any()
            return try await $0.refill(&buffer, count: Match.any())
        }.then { (buffer: inout [Int], count: Int) -> Int in
            buffer = Array(repeating: count, count: count)
            return count
        }
        var buffer = [9, 9, 9, 9, 9]
        #expect(try await stub().refill(&buffer, count: 2) == 2)
        #expect(buffer == [2, 2])
    }

    @Test func concurrentCallsEachWriteBackTheirOwnVariable() async throws {
        let stub = try Stub<any TextEditing>()
        await stub.when {
            var buffer: [Int] = Match.any()
            return await $0.fill(&buffer, count: Match.any())
        }.then { (buffer: inout [Int], count: Int) async -> Int in
            await Task.yield()
            buffer = [count, count * 2]
            return count
        }
        let editor = stub()
        let results = await withTaskGroup(of: (Int, [Int]).self) { group in
            for index in 0..<200 {
                group.addTask {
                    var buffer: [Int] = []
                    let count = await editor.fill(&buffer, count: index)
                    return (count, buffer)
                }
            }
            var all: [(Int, [Int])] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0.1 == [$0.0, $0.0 * 2] })
    }

    @Test func chainedBehaviorsWriteBackOnlyFromInoutHandlers() throws {
        let stub = try Stub<any TextEditing>()
        stub.when {
            var counter: Int = Match.any()
            return try $0.bump(&counter, by: Match.any())
        }
        .thenReturn(-1)
        .then { (counter: inout Int, step: Int) -> Int in
            counter *= step
            return counter
        }
        var counter = 3
        #expect(try stub().bump(&counter, by: 2) == -1)
        #expect(counter == 3)
        #expect(try stub().bump(&counter, by: 2) == 6)
        #expect(counter == 6)
    }

    @Test func spyWritesBackFromItsHandlerAndFromTheRealImplementation() throws {
        let spy = try Spy<any TextEditing>(forwardingTo: LiveTextEditing())
        spy.when {
            // Matchers bind to arguments in the order they are made: the suffix's first.
            let suffix: String = Match.equal("?")
            var text: String = Match.any()
            $0.append(suffix, to: &text)
        }.then { (suffix: String, text: inout String) in text = suffix + text }
        let editor = spy()
        var text = "a"
        editor.append("b", to: &text)  // forwarded: the real append writes through the same address
        #expect(text == "ab")
        editor.append("?", to: &text)  // overridden
        #expect(text == "?ab")
        let history: [(String, String)] = spy.recorder.invocations.map {
            ($0.arguments[0] as? String ?? "", $0.arguments[1] as? String ?? "")
        }
        #expect(history.map(\.0) == ["b", "?"])
        #expect(history.map(\.1) == ["a", "ab"])
    }

    #if compiler(>=6.2)
    @Test func writingAValueOfAnotherTypeStopsWithADiagnostic() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let stub = try Stub<any TextEditing>()
            stub.when {
                var counter: Int = Match.any()
                return try $0.bump(&counter, by: Match.any())
            }.then { (counter: inout Any, step: Int) -> Int in
                counter = "not an Int"
                return step
            }
            var counter = 1
            _ = try stub().bump(&counter, by: 2)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("cannot write \"not an Int\" of type String back to its inout argument 1 of type Int"))
    }
    #endif
}
