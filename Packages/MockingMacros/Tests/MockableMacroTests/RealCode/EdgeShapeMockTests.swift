import Foundation
import SwiftMockingMacros
import Testing

/// Requirement shapes beyond the common ones: constrained associated types,
/// `mutating`, attributes, closure results, existentials, failable and
/// throwing initializers, generic subscripts, result-type overloads,
/// keyword names and `nonisolated` members.
@Suite struct EdgeShapeMockTests {
    @Test func associatedTypeWithSeveralConstraints() async throws {
        let mock = MockModelStore<Note, String>()
        let note = Note(id: UUID(), body: "b")
        when(mock.fetch("all")).thenReturn([note])
        when(mock.model(id: .equal(note.id))).thenReturn(note)
        when(mock.upsert(.isEmpty())).thenThrow(NetworkError.status(400))
        func load<S: ModelStore>(_ store: S, _ query: S.Query) async throws -> [S.Model] {
            try await store.fetch(query)
        }
        #expect(try await load(mock, "all") == [note])
        #expect(mock.model(id: note.id) == note)
        let none: [Note] = []
        #expect(throws: NetworkError.status(400)) { try mock.upsert(none) }
        verify(mock.fetch(.any)).called(1)
    }

    @Test func mutatingRequirementThroughAValue() {
        let mock = MockCounter()
        when(mock.value).thenReturn(3)
        var counter: any Counter = mock
        counter.increment(by: 2)
        counter.increment(by: 1)
        #expect(counter.value == 3)
        verify(mock.increment(by: .any)).called(2)
        verify(mock.increment(by: 2)).called(1)
    }

    @Test func attributesClosureResultsAndExistentials() async {
        let mock = MockCoordinator()
        when(mock.start(animated: true)).thenReturn(true)
        when(mock.makeHandler()).thenReturn { @Sendable number in "#\(number)" }
        when(mock.fetchAll()).thenReturn(.failure(.offline))
        when(mock.perform(.any)).do { block in Task { @MainActor in block() } }
        let coordinator: any Coordinator & Sendable = mock
        coordinator.start(animated: true)
        #expect(coordinator.start(animated: false) == false)
        #expect(coordinator.makeHandler()(4) == "#4")
        coordinator.register("observer")
        coordinator.report(NetworkError.status(500))
        await coordinator.updateUI("title")
        #expect(await coordinator.fetchAll() == .failure(.offline))
        verify(mock.start(animated: .any)).called(2)
        verify(mock.register(.any(that: { $0.description == "observer" }))).called(1)
        verify(mock.report(.error(NetworkError.self))).called(1)
        verify(mock.report(.anyError())).called(1)
        verify(mock.updateUI("title")).called(1)
        verify(mock.fetchAll()).called(1)
    }

    @Test func resultMatchers() async {
        let mock = MockCoordinator()
        when(mock.fetchAll()).thenReturn(.success([]))
        _ = await (mock as any Coordinator).fetchAll()
        let success: ArgMatcher<Result<[Note], NetworkError>> = .success(.isEmpty())
        let failure: ArgMatcher<Result<[Note], NetworkError>> = .failure(.equal(.offline))
        #expect(success(.success([])))
        #expect(!success(.failure(.offline)))
        #expect(failure(.failure(.offline)))
        #expect(!failure(.success([])))
    }

    @Test func initializersAndGenericSubscripts() throws {
        let decoder = try #require(MockDecoder(data: Data()))
        _ = try MockDecoder(path: "/tmp")
        when(decoder[.any] as Interaction<String, None, Int?>).thenReturn(5)
        let note = Note(id: UUID(), body: "n")
        when(decoder.decode(.any)).thenReturn(note)
        let reading: any Decoder = decoder
        let number: Int? = reading["count"]
        let text: String? = reading["name"]
        #expect(number == 5)
        #expect(text == nil)
        #expect(try reading.decode(Note.self) == note)
        verify(decoder[.equal("count")] as Interaction<String, None, Int?>).called(1)
    }

    @Test func overloadsByResultTypeAndKeywordNames() {
        let mock = MockConverter()
        when(mock.value(for: "n") as Interaction<String, None, Int>).thenReturn(1)
        when(mock.value(for: "n") as Interaction<String, None, String>).thenReturn("one")
        when(mock.search(in: .any, default: .any)).thenReturn([0])
        when(mock.class).thenReturn("Converter")
        let converter: any Converter = mock
        let number: Int = converter.value(for: "n")
        let text: String = converter.value(for: "n")
        #expect(number == 1)
        #expect(text == "one")
        #expect(converter.search(in: 0..<3, default: 9) == [0])
        #expect(converter.class == "Converter")
        verify(mock.search(in: .equal(0..<3), default: 9)).called(1)
        verify(mock.value(for: .any) as Interaction<String, None, Int>).called(1)
    }

    @MainActor @Test func nonisolatedRequirementInAMainActorProtocol() {
        let mock = MockScreenTracker()
        when(mock.identifier()).thenReturn("tracker")
        var tracker: any ScreenTracker = mock
        tracker.didAppear("home")
        tracker.visibleScreens = ["home"]
        #expect(tracker.identifier() == "tracker")
        verify(mock.didAppear("home")).called(1)
        verify(mock.visibleScreens <- .contains("home")).called(1)
    }

    @Test func nonisolatedRequirementFromAnotherTask() async {
        let mock = MockScreenTracker()
        when(mock.identifier()).thenReturn("off-main")
        let identifier = await Task.detached { mock.identifier() as String }.value
        #expect(identifier == "off-main")
    }
}
