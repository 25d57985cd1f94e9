import Foundation
import SwiftMockingMacros
import Testing

/// Completion handlers, associated types, static requirements, initializers
/// and method generics, mocked by `@Mockable`.
@Suite struct CallbackAndGenericMockTests {
    @Test func completionHandlerIsCalledByADoAction() {
        let mock = MockLegacyLoader()
        when(mock.load(.any, completion: .any)).do { url, completion in
            completion(url.scheme == "https" ? .success(Data("ok".utf8)) : .failure(.offline))
        }
        when(mock.count(completion: .any)).do { completion in completion(3, nil) }
        let loader: any LegacyLoader = mock
        let results = Collected<Result<Data, NetworkError>>()
        loader.load(URL(string: "https://a.example")!) { results.append($0) }
        loader.load(URL(string: "ftp://a.example")!) { results.append($0) }
        let counts = Collected<Int?>()
        loader.count { value, _ in counts.append(value) }
        #expect(results.values == [.success(Data("ok".utf8)), .failure(.offline)])
        #expect(counts.values == [3])
        verify(mock.load(.any, completion: .any)).called(2)
    }

    @Test func capturedCompletionCanBeCalledLater() {
        let mock = MockLegacyLoader()
        let loader: any LegacyLoader = mock
        let results = Collected<Result<Data, NetworkError>>()
        loader.load(URL(string: "https://a.example")!) { results.append($0) }
        #expect(results.values.isEmpty)
        verify(mock.load(.any, completion: .any)).captured { _, completion in
            completion(.failure(.status(500)))
        }
        #expect(results.values == [.failure(.status(500))])
    }

    @Test func optionalClosureParameter() {
        let mock = MockLegacyLoader()
        when(mock.subscribe(.notNil())).thenReturn(1)
        when(mock.subscribe(.nil())).thenReturn(0)
        let loader: any LegacyLoader = mock
        #expect(loader.subscribe { _ in } == 1)
        #expect(loader.subscribe(nil) == 0)
        verify(mock.subscribe(.any)).called(2)
    }

    @Test func associatedTypesWithPrimaryTypes() {
        let mock = MockKeyValueCache<String, Profile>()
        let ada = Profile(id: UUID(), name: "Ada")
        when(mock.value(for: "ada")).thenReturn(ada)
        when(mock.count).thenReturn(1)
        let cache: any KeyValueCache<String, Profile> = mock
        cache.insert(ada, for: "ada")
        #expect(cache.value(for: "ada") == ada)
        #expect(cache.value(for: "bob") == nil)
        #expect(cache.count == 1)
        cache.removeAll()
        verify(mock.insert(.equal(ada), for: "ada")).called(1)
        verify(mock.value(for: .any)).called(2)
        verify(mock.removeAll()).called(1)
    }

    @Test func genericFunctionOverAnAssociatedTypeProtocol() {
        func warm<C: KeyValueCache>(_ cache: C, key: C.Key, value: C.Value) -> Int {
            cache.insert(value, for: key)
            return cache.count
        }
        let mock = MockKeyValueCache<Int, String>()
        when(mock.count).thenReturn(5)
        #expect(warm(mock, key: 1, value: "one") == 5)
        verify(mock.insert("one", for: 1)).called(1)
    }

    #if compiler(>=6.1)  // the .mocking and .withDefaults traits
    @Test(.mocking) func staticRequirementsAndInitializers() {
        when(MockFeatureFlags.isEnabled("dark-mode")).thenReturn(true)
        when(MockFeatureFlags.defaultEnvironment).thenReturn("staging")
        func check<F: FeatureFlags>(_ type: F.Type) -> (Bool, Bool, String) {
            (type.isEnabled("dark-mode"), type.isEnabled("other"), type.defaultEnvironment)
        }
        let answer = check(MockFeatureFlags.self)
        #expect(answer == (true, false, "staging"))
        // A bare zero-argument call on the mock type is ambiguous: call through the protocol.
        let flagsType: any FeatureFlags.Type = MockFeatureFlags.self
        flagsType.reset()
        verify(MockFeatureFlags.isEnabled(.any)).called(2)
        verify(MockFeatureFlags.reset()).called(1)
        verify(MockFeatureFlags.defaultEnvironment).called(1)
        let flags = MockFeatureFlags(environment: "prod")
        when(flags.variant(of: "x")).thenReturn("B")
        #expect((flags as any FeatureFlags).variant(of: "x") == "B")
        #expect((flags as any FeatureFlags).variant(of: "y") == nil)
    }
    #endif

    #if compiler(>=6.1)  // the .mocking and .withDefaults traits
    @Test(.mocking) func staticClearForgetsStaticCalls() {
        let flagsType: any FeatureFlags.Type = MockFeatureFlags.self
        flagsType.reset()
        verify(MockFeatureFlags.reset()).called(1)
        MockFeatureFlags.clear()
        verify(MockFeatureFlags.reset()).neverCalled()
    }
    #endif

    @Test func genericMethodsWithConstraints() throws {
        let mock = MockStorage()
        when(mock.load(.any(Profile.Type.self), key: "me")).thenReturn(Profile(id: UUID(), name: "Me"))
        when(mock.store(.any(Int.self), key: .any)).thenThrow(NetworkError.offline)
        when(mock.all(in: .any([String].self))).thenReturn(2)
        let storage: any Storage = mock
        #expect(try storage.load(Profile.self, key: "me")?.name == "Me")
        #expect(try storage.load(Profile.self, key: "other") == nil)
        #expect(throws: NetworkError.offline) { try storage.store(1, key: "n") }
        try storage.store("text", key: "s")
        #expect(storage.all(in: ["a", "b"]) == 2)
        verify(mock.store(.any(String.self), key: "s")).called(1)
        verify(mock.store(.equal(1), key: "n")).called(1)
        verify(mock.store(.any(Double.self), key: .any)).neverCalled()
    }
}
