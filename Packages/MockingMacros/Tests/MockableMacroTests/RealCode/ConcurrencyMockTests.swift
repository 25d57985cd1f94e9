import Foundation
import SwiftMockingMacros
import Testing

/// `@MainActor` and `Sendable` protocols mocked by `@Mockable`, used from
/// main-actor tests and from concurrent tasks.
@Suite struct ConcurrencyMockTests {
    @MainActor @Test func mainActorDelegate() async {
        let mock = MockLoginViewDelegate()
        when(mock.isLoading).thenReturn(true)
        let delegate: any LoginViewDelegate = mock
        delegate.didTapLogin(username: "ada", password: "pw")
        delegate.isLoading = false
        await delegate.show(error: "bad password")
        #expect(delegate.isLoading)
        verify(mock.didTapLogin(username: "ada", password: .any)).called(1)
        verify(mock.show(error: .contains("password"))).called(1)
        verify(mock.isLoading <- false).called(1)
        verify(mock.isLoading).called(1)
    }

    @MainActor @Test func mainActorViewModelAgainstAMock() async throws {
        let mock = MockProfileRepository()
        let ada = Profile(id: UUID(), name: "Ada")
        when(mock.profiles(matching: .any, limit: .any)).thenReturn([ada])
        let model = SearchModel(repository: mock)
        await model.search("A")
        #expect(model.results == [ada])
        verify(mock.profiles(matching: "A", limit: 20)).called(1)
    }

    @Test func sendableMockUsedFromManyTasks() async throws {
        let mock = MockClock()
        let start = Date(timeIntervalSince1970: 0)
        when(mock.now()).thenReturn(start)
        let clock: any Clock = mock
        try await withThrowingTaskGroup(of: Date.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await clock.sleep(for: 0)
                    return clock.now()
                }
            }
            for try await date in group { #expect(date == start) }
        }
        verify(mock.now()).called(20)
        verify(mock.sleep(for: .approximately(0))).called(20)
    }

    @Test func zeroArgumentMembersAreStubbedAndVerified() {
        let mock = MockClock()
        let date = Date(timeIntervalSince1970: 42)
        when(mock.now()).thenReturn(date)
        let clock: any Clock = mock
        #expect(clock.now() == date)
        verify(mock.now()).called(1)
    }

    @Test func unstubbedAsyncThrowingVoidMemberRecords() async throws {
        let mock = MockClock()
        let clock: any Clock = mock
        try await clock.sleep(for: 1.5)
        verify(mock.sleep(for: 1.5)).called(1)
        verify(mock.sleep(for: .between(1, 2))).called(1)
    }
}

/// A main-actor view model, as app code writes it.
@MainActor
final class SearchModel {
    let repository: any ProfileRepository & Sendable
    private(set) var results: [Profile] = []

    init(repository: any ProfileRepository & Sendable) {
        self.repository = repository
    }

    func search(_ query: String) async {
        results = (try? await repository.profiles(matching: query, limit: 20)) ?? []
    }
}
