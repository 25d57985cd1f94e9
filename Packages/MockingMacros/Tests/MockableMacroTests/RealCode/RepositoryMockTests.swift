import Foundation
import SwiftMockingMacros
import Testing

/// A repository of Codable models and an analytics client, mocked by
/// `@Mockable`: key-path matchers, optionals, sets, dictionaries, overloads.
@Suite struct RepositoryMockTests {
    let ada = Profile(id: UUID(), name: "Ada", email: "ada@example.org")
    let grace = Profile(id: UUID(), name: "Grace", email: nil)

    @Test func optionalResultsAndKeyPathMatchers() async throws {
        let mock = MockProfileRepository()
        when(mock.profile(id: .equal(ada.id))).thenReturn(ada)
        when(mock.profiles(matching: .startsWith("A"), limit: .in(1...10))).thenReturn([ada])
        let repository: any ProfileRepository = mock
        #expect(try await repository.profile(id: ada.id) == ada)
        #expect(try await repository.profiles(matching: "Ad", limit: 5) == [ada])
        try await repository.save(grace)
        verify(mock.save(.any(where: \.name, "Grace"))).called(1)
        verify(mock.save(.any(where: \.email, nil))).called(1)
        verify(mock.save(.any(where: \.name, "Ada"))).neverCalled()
        verify(mock.profiles(matching: "Ad", limit: 5)).called(1)
    }

    @Test func unstubbedOptionalResultIsNil() async throws {
        let mock = MockProfileRepository()
        let repository: any ProfileRepository = mock
        #expect(try await repository.profile(id: ada.id) == nil)
        #expect(try await repository.profiles(matching: "x", limit: 1) == [])
        #expect(repository.cachedCount == 0)
        verify(mock.cachedCount).called(1)
    }

    @Test func asyncThrowingVoidMemberCanBeStubbedToThrow() async throws {
        let mock = MockProfileRepository()
        when(mock.save(.any(where: \.email, nil))).thenThrow(NetworkError.status(422))
        let repository: any ProfileRepository = mock
        try await repository.save(ada)
        await #expect(throws: NetworkError.status(422)) { try await repository.save(grace) }
        await verify(mock.save(.equal(grace))).throws()
        await verify(mock.save(.equal(grace))).throws(.error(NetworkError.self))
        // Ada's save matched no throwing stub.
        await expectFailure(atLine: #line + 1, containing: "Did not find any invocation that throws") {
            await verify(mock.save(.equal(ada))).throws()
        }
        await expectFailure(atLine: #line + 1, containing: "Did not match any thrown error") {
            await verify(mock.save(.equal(grace))).throws(.error(CancellationError.self))
        }
    }

    @Test func setArgumentsAndCountResults() throws {
        let mock = MockProfileRepository()
        when(mock.delete(ids: .hasCount(2))).thenReturn(2)
        when(mock.delete(ids: .isEmpty())).thenThrow(NetworkError.status(400))
        let repository: any ProfileRepository = mock
        #expect(try repository.delete(ids: [ada.id, grace.id]) == 2)
        #expect(throws: NetworkError.status(400)) { try repository.delete(ids: []) }
        verify(mock.delete(ids: .contains(ada.id))).called(1)
        verify(mock.delete(ids: .any)).called(2)
        verify(mock.delete(ids: .any)).throws(.error(NetworkError.self))
    }

    @Test func specificStubWinsRegardlessOfOrderAndLatestWinsAmongEquals() async throws {
        let mock = MockProfileRepository()
        when(mock.profiles(matching: "A", limit: 1)).thenReturn([ada])
        when(mock.profiles(matching: .any, limit: .any)).thenReturn([])
        when(mock.profiles(matching: .any, limit: .any)).thenReturn([grace])
        let repository: any ProfileRepository = mock
        #expect(try await repository.profiles(matching: "A", limit: 1) == [ada])
        #expect(try await repository.profiles(matching: "B", limit: 1) == [grace])
    }

    @Test func analyticsDictionariesAndOverloads() async {
        let mock = MockAnalytics()
        let analytics: any Analytics = mock
        analytics.track("open", properties: ["screen": "home"])
        analytics.track("close")
        analytics.setProperty(42, forKey: "age")
        analytics.setProperty(nil, forKey: "nickname")
        await analytics.flush()
        verify(mock.track("open", properties: .equal(["screen": "home"]))).called(1)
        verify(mock.track(.any, properties: .any)).called(1)
        verify(mock.track("close")).called(1)
        verify(mock.track(.any)).called(1)
        verify(mock.setProperty(.notNil(), forKey: "age")).called(1)
        verify(mock.setProperty(.nil(), forKey: .any)).called(1)
        verify(mock.setProperty(.any(that: { ($0 as? Int) == 42 }), forKey: .any)).called(1)
        verify(mock.flush()).called(1)
        var keys: [String] = []
        verify(mock.setProperty(.any, forKey: .any)).captured { _, key in keys.append(key) }
        #expect(keys == ["age", "nickname"])
    }

    @Test func callOrderAcrossMocks() async throws {
        try await MockScope.withCleanEnvironment {
            let repository = MockProfileRepository()
            let analytics = MockAnalytics()
            when(repository.profile(id: .any)).thenReturn(ada)
            _ = try await (repository as any ProfileRepository).profile(id: ada.id)
            (analytics as any Analytics).track("loaded")
            try await (repository as any ProfileRepository).save(ada)
            verifyInOrder([
                repository.profile(id: .any),
                analytics.track("loaded"),
                repository.save(.equal(ada)),
            ])
            verifyInOrder {
                repository.profile(id: .any)
                repository.save(.any)
            }
            expectFailure(atLine: #line + 1, containing: "interactions") {
                verifyInOrder([repository.save(.any), analytics.track("loaded")])
            }
        }
    }

    @Test func zeroInteractions() async throws {
        let repository = MockProfileRepository()
        verifyZeroInteractions(repository)
        _ = (repository as any ProfileRepository).cachedCount
        expectFailure(atLine: #line + 1, containing: "found 1 invocation") {
            verifyZeroInteractions(repository)
        }
        repository.clear()
        verifyZeroInteractions(repository)
    }
}
