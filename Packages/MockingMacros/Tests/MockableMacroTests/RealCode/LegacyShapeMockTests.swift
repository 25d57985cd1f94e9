import Foundation
import SwiftMockingMacros
import Testing

/// Pre-concurrency completion handlers, generic endpoints, closure-typed
/// properties, effect overloads and generic closure transforms.
@Suite struct LegacyShapeMockTests {
    @Test func nonSendableCompletionHandlers() {
        let mock = MockLegacyAPI()
        let note = Note(id: UUID(), body: "n")
        when(mock.fetch(completion: .any)).do { completion in completion(.success([note])) }
        when(mock.load(completion: .notNil())).do { completion in completion?(Data([1]), nil) }
        let api: any LegacyAPI = mock
        var fetched: [Note] = []
        api.fetch { result in fetched = (try? result.get()) ?? [] }
        var loaded: Data?
        api.load { data, _ in loaded = data }
        api.load(completion: nil)
        #expect(fetched == [note])
        #expect(loaded == Data([1]))
        verify(mock.load(completion: .nil())).called(1)
        verify(mock.load(completion: .any)).called(2)
    }

    @Test func genericEndpoints() async throws {
        let mock = MockLegacyAPI()
        let note = Note(id: UUID(), body: "n")
        when(mock.request(.any(Endpoint<Note>.self))).thenReturn(note)
        when(mock.request(.equal(Endpoint<Int>(path: "/count")))).thenReturn(3)
        when(mock.request(.any(Endpoint<Int>.self))).thenThrow(NetworkError.status(404))
        let api: any LegacyAPI = mock
        #expect(try await api.request(Endpoint<Note>(path: "/note")) == note)
        #expect(try await api.request(Endpoint<Int>(path: "/count")) == 3)
        await #expect(throws: NetworkError.status(404)) { try await api.request(Endpoint<Int>(path: "/x")) }
        verify(mock.request(.any(where: \Endpoint<Int>.path, "/count"))).called(1)
        verify(mock.request(.any(Endpoint<Int>.self))).called(2)
        verify(mock.request(.any(Endpoint<Note>.self))).called(1)
        try await api.run()
        verify(mock.run()).called(1)
    }

    @Test func closureAndObjectProperties() {
        let mock = MockLegacyAPI()
        let calls = Collected<Int>()
        when(mock.onLogout).thenReturn { @Sendable in calls.append(1) }
        var api: any LegacyAPI = mock
        api.onLogout()
        api.onLogout = {}
        let owner = Cart(items: [])
        api.delegate = owner
        #expect(calls.values == [1])
        verify(mock.onLogout <- .any).called(1)
        verify(mock.delegate <- .some(.any(that: { $0 === owner }))).called(1)
        #expect(api.delegate == nil)
    }

    @Test func overloadsByEffectAndGenericTransforms() async throws {
        let mock = MockObservable<String>()
        when(mock.current() as Interaction<Void, None, String>).thenReturn("sync")
        when(mock.current() as Interaction<Void, Async, String>).thenReturn("async")
        when(mock.observe(.any)).do { handler in handler("pushed") }
        when(mock.map(.any) as Interaction<(String) -> Int, None, [Int]>).thenReturn([1])
        when(mock.version).thenReturn(2)
        let observable: any Observable<String> = mock
        // In an async context the async overload is preferred: read the other from a sync closure.
        let readSync: () -> String = { observable.current() }
        let syncValue = readSync()
        let asyncValue: String = await observable.current()
        #expect(syncValue == "sync")
        #expect(asyncValue == "async")
        var pushed: [String] = []
        _ = observable.observe { pushed.append($0) }
        #expect(pushed == ["pushed"])
        #expect(observable.map { $0.count } == [1])
        #expect(try observable.version == 2)
        verify(mock.current() as Interaction<Void, Async, String>).called(1)
        verify(mock.map(.any) as Interaction<(String) -> Int, None, [Int]>).called(1)
    }
}
