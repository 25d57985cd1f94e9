#if canImport(XCTest)
import Foundation
import SwiftMockingMacros
import SwiftMockingTestSupport
import XCTest

/// An XCTest case as a migrating suite writes it: `MockingTestCase` scopes
/// static spies and the recorder per test, `CaptureBox` collects from
/// `@Sendable` handlers.
final class XCTestMigrationTests: MockingTestCase {
    func testRepositoryRoundTrip() async throws {
        let mock = MockProfileRepository()
        let ada = Profile(id: UUID(), name: "Ada")
        let saved = CaptureBox<Profile>()
        when(mock.profile(id: .any)).thenReturn(ada)
        when(mock.save(.any)).do { saved.append($0) }
        let repository: any ProfileRepository = mock
        let loaded = try await repository.profile(id: ada.id)
        XCTAssertEqual(loaded, ada)
        try await repository.save(ada)
        XCTAssertEqual(saved.values, [ada])
        verify(mock.profile(id: .equal(ada.id))).called(1)
        verify(mock.save(.any)).called(1)
    }

    func testStaticSpiesStartEmptyInEachTest() {
        let flags: any FeatureFlags.Type = MockFeatureFlags.self
        flags.reset()
        verify(MockFeatureFlags.reset()).called(1)
        XCTAssertEqual(MockScope.invocationRecorder.count, 1)
    }

    func testStaticSpiesStartEmptyAgain() {
        verify(MockFeatureFlags.reset()).neverCalled()
        XCTAssertEqual(MockScope.invocationRecorder.count, 0)
    }

    // Async, on the main actor inside: SwiftPM 6.0.3's test discovery on Linux calls a
    // synchronous `@MainActor` test method from a nonisolated context and does not compile.
    func testMainActorDelegate() async {
        await MainActor.run {
            let mock = MockLoginViewDelegate()
            let delegate: any LoginViewDelegate = mock
            delegate.didTapLogin(username: "u", password: "p")
            verify(mock.didTapLogin(username: "u", password: "p")).called(1)
        }
    }
}
#endif
