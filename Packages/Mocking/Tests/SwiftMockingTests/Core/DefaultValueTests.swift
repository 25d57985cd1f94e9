import SwiftMocking
import TestDoublesRecorder
import Testing

@Suite struct DefaultValueTests {
    struct User: Equatable, Sendable {
        var name: String
    }

    protocol Directory {
        func user(id: Int) -> User
        func users() -> [User]
        func tags() -> Set<String>
        func scores() -> [String: Int]
        func nickname() -> String?
        func ratio() -> Float
    }

    final class MockDirectory: Mock, @unchecked Sendable, Directory {
        func user(id: ArgMatcher<Int>) -> Interaction<Int, None, User> { Interaction(id, spy: super.user) }
        func user(id: Int) -> User { adapt(super.user, id) }
        func users() -> [User] { adapt(super.users, ()) }
        func tags() -> Set<String> { adapt(super.tags, ()) }
        func scores() -> [String: Int] { adapt(super.scores, ()) }
        func nickname() -> String? { adapt(super.nickname, ()) }
        func ratio() -> Float { adapt(super.ratio, ()) }
    }

    @Test func theDefaultRegistryCoversTheStandardTypes() {
        let registry = DefaultProvidableRegistry.default
        #expect(registry.getDefaultForType(Int.self) == 0)
        #expect(registry.getDefaultForType(Double.self) == 0)
        #expect(registry.getDefaultForType(Float.self) == 0)
        #expect(registry.getDefaultForType(Bool.self) == false)
        #expect(registry.getDefaultForType(String.self) == "")
        #expect(registry.getDefaultForType([Int].self) == [])
        #expect(registry.getDefaultForType(Set<String>.self) == [])
        #expect(registry.getDefaultForType([String: Int].self) == [:])
        #expect(registry.getDefaultForType(Void.self) != nil)
        let optional = registry.getDefaultForType(String?.self)
        #expect(optional != nil && optional! == nil)
        #expect(registry.getDefaultForType(User.self) == nil)
        #expect(registry.getDefaultForType(Int64.self) == nil)
        #expect(DefaultProvidableRegistry().getDefaultForType(Int.self) == nil)
    }

    @Test func unstubbedMembersAnswerFromTheRegistry() {
        let mock = MockDirectory()
        let directory: Directory = mock
        #expect(directory.users() == [] && directory.tags() == [] && directory.scores() == [:])
        #expect(directory.nickname() == nil && directory.ratio() == 0)
    }

    @Test func aCustomDefaultIsRegisteredOnACopy() {
        let mock = MockDirectory()
        var registry = DefaultProvidableRegistry.default
        registry.register(DefaultProviding(User.self) { User(name: "default") })
        mock.defaultProviderRegistry = registry
        let directory: Directory = mock
        #expect(directory.user(id: 1) == User(name: "default"))
        registry.deregister(.valueProvider(User(name: "ignored")))
        #expect(registry.getDefaultForType(User.self) == nil)
    }

    @Test func keysAreBareTypeNames() {
        var registry = DefaultProvidableRegistry.default
        registry.register(.valueProvider([7]))
        #expect(registry.getDefaultForType([Int].self) == [7])
        #expect(registry.getDefaultForType([String].self) == nil)  // same key, the cast fails
        registry.register(.numeric(Int64.self))
        #expect(registry.getDefaultForType(Int64.self) == 0)
        let parsed = MetatypeParser.parse([String: [Int]].self)
        #expect(parsed.name == "Dictionary")
        #expect(parsed.genericArguments.map(\.name) == ["String", "Array"])
        #expect(parsed.genericArguments.last?.genericArguments.map(\.name) == ["Int"])
    }

    @Test func anUnstubbedCallWithNoDefaultIsReportedAndAnsweredWithAZeroValue() {
        let mock = MockPricingService()
        mock.defaultProviderRegistry = DefaultProvidableRegistry()
        let service: PricingService = mock
        var answer = -1.0
        let messages = issueMessages { answer = service.discount(for: "x", percent: 2) }
        #expect(answer == 0)
        #expect(
            messages == [
                "Unstubbed method \"MockPricingService.discount.\" No configured return value for inputs: (x, 2.0). "
                    + "Stub it with when(mock.discount(for: .any, percent: .any)).thenReturn(…), or give Double a "
                    + "default value (DefaultProvidableRegistry.register, or the .withDefaults trait); answered with 0.0 meanwhile"
            ])
        verify(mock.discount(for: "x", percent: 2.0)).called(1)
    }

    @Test func anUnstubbedAsyncCallIsReportedToo() async {
        let mock = MockPricingService()
        mock.defaultProviderRegistry = DefaultProvidableRegistry()
        let service: PricingService = mock
        var answer: [String] = ["unset"]
        let messages = await issueMessages { answer = await service.load() }
        #expect(answer == [])
        #expect(messages.count == 1 && messages[0].contains("when(mock.load()).thenReturn(…)"))
    }

    @Test func aSpyWithoutRegistryThrowsForThrowingMembers() async {
        let spy = Spy<Int, AsyncThrows, Int>(label: "Service.fetch")
        spy.defaultProviderRegistry = nil
        await #expect(throws: MockingError.unStubbed("Service.fetch", inputs: "(3)")) { try await spy(3) }
    }

    final class Session: Sendable {
        let token: String
        init(token: String) { self.token = token }
    }

    protocol SessionSource {
        func session() -> Session
    }

    final class MockSessionSource: Mock, @unchecked Sendable, SessionSource {
        func session() -> Interaction<Void, None, Session> { Interaction(.any, spy: super.session) }
        func session() -> Session { adapt(super.session, ()) }
    }

    @Test func anUnstubbedClassResultIsAnsweredWithARegisteredPlaceholder() {
        let registered = Session(token: "placeholder")
        Match.Placeholders.register { registered }
        defer { Match.Placeholders.unregister(Session.self) }
        let mock = MockSessionSource()
        let source: SessionSource = mock
        var answer: Session?
        let messages = issueMessages { answer = source.session() }
        #expect(answer === registered)
        #expect(messages.count == 1 && messages[0].contains("when(mock.session()).thenReturn(…)"))
        verify(mock.session()).called(1)
    }
}
