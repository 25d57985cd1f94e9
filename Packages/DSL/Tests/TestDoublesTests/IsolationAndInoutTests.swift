import TestDoubles
import Testing

protocol Normalizer {
    func normalize(_ text: inout String, limit: Int) -> Bool
}
struct LiveNormalizer: Normalizer {
    func normalize(_ text: inout String, limit: Int) -> Bool {
        text = String(text.prefix(limit))
        return true
    }
}

@MainActor protocol ScreenDelegate {
    func didShow(_ screen: String) -> Int
}
@MainActor struct LiveScreenDelegate: ScreenDelegate {
    func didShow(_ screen: String) -> Int { screen.count }
}

protocol Clocked: Sendable {
    func tick(_ count: Int) -> Int
}
struct LiveClocked: Clocked {
    func tick(_ count: Int) -> Int { count }
}

@Suite struct IsolationAndInoutTests {
    @Test func inoutArgumentIsRecordedAndLeftUnchanged() throws {
        let stub = try Stub<any Normalizer>()
        let calls = stub.when {
            var text: String = Match.any()
            return $0.normalize(&text, limit: Match.any())
        }
        calls.thenReturn(false)
        var text = "unchanged"
        #expect(stub().normalize(&text, limit: 3) == false)
        #expect(text == "unchanged")
        let recorded: [(String, Int)] = calls.arguments()
        #expect(recorded.map(\.0) == ["unchanged"])
        #expect(recorded.map(\.1) == [3])
    }

    @Test @MainActor func mainActorProtocol() throws {
        let stub = try Stub<any ScreenDelegate>()
        let shows = stub.when { $0.didShow(Match.any()) }
        shows.then { (screen: String) in screen.count * 2 }
        #expect(stub().didShow("home") == 8)
        #expect(shows.arguments() == ["home"])
    }

    @Test func sendableProtocolValueIsUsableAcrossTasks() async throws {
        let stub = try Stub<any Clocked>()
        let ticks = stub.when { $0.tick(Match.any()) }
        ticks.then { (count: Int) in count + 1 }
        let clocked = stub()
        let results = await withTaskGroup(of: Int.self) { group in
            for index in 0..<100 { group.addTask { clocked.tick(index) } }
            var all: [Int] = []
            for await result in group { all.append(result) }
            return all.sorted()
        }
        #expect(results == Array(1...100))
        let recorded: [Int] = ticks.arguments()
        #expect(recorded.sorted() == Array(0..<100))
    }
}
