import Foundation
import SwiftMockingMacros
import Testing

/// Overloads, `inout`, variadics, default-argument extensions, typed throws
/// and optionals, mocked by `@Mockable`.
@Suite struct OverloadMockTests {
    @Test func overloadsByTypeHaveSeparateSpies() {
        let mock = MockLookup()
        when(mock.score(.equal(1))).thenReturn(10)
        when(mock.score(.equal(1.5))).thenReturn(15)
        let lookup: any Lookup = mock
        #expect(lookup.score(1) == 10)
        #expect(lookup.score(1.5) == 15)
        #expect(lookup.score(2.5) == 0)
        verify(mock.score(.any(Int.self))).called(1)
        verify(mock.score(.any(Double.self))).called(2)
    }

    @Test func overloadsByLabelAreStubbedSeparately() {
        let mock = MockLookup()
        when(mock.find(id: .any)).thenReturn("by id")
        when(mock.find(name: .any)).thenReturn("by name")
        let lookup: any Lookup = mock
        #expect(lookup.find(id: 1) == "by id")
        #expect(lookup.find(name: "a") == "by name")
        #expect(lookup.find(2) == "")
        verify(mock.find(name: "a")).called(1)
        verify(mock.find(id: .any)).called(1)
    }

    @Test func defaultArgumentExtensionCallsThroughTheRequirement() {
        let mock = MockLogger()
        let logger: any Logger = mock
        logger.log("hello")
        logger.log("loud", level: 3)
        verify(mock.log("hello", level: 1)).called(1)
        verify(mock.log(.any, level: .greaterThan(1))).called(1)
        verify(mock.log(.contains("l"), level: .any)).called(2)
    }

    @Test func variadicParametersMatchElementByElement() {
        let mock = MockLogger()
        let logger: any Logger = mock
        logger.log(tags: "net", "auth", message: "m")
        logger.log(message: "bare")
        logger.log(tags: "ui", message: "one")
        verify(mock.log(tags: "net", "auth", message: .any)).called(1)
        // No matcher in the variadic position matches no tags.
        verify(mock.log(message: "bare")).called(1)
        verify(mock.log(message: .any)).called(1)
        // One matcher per element: the count must agree.
        verify(mock.log(tags: .any, message: .any)).called(1)
        verify(mock.log(tags: .any, .any, message: .any)).called(1)
        verify(mock.log(tags: .any, .any, .any, message: .any)).neverCalled()
        verify(mock.log(tags: .startsWith("n"), .any, message: .any)).called(1)
        var tags: [[String]] = []
        verify(mock.log(tags: .any, message: .any)).captured { recorded, _ in tags.append(recorded) }
        #expect(tags == [["ui"]])
    }

    @Test func inoutParameterIsRecordedByValue() {
        let mock = MockLogger()
        when(mock.redact(.contains("secret"))).thenReturn(1)
        let logger: any Logger = mock
        var text = "my secret"
        #expect(logger.redact(&text) == 1)
        #expect(text == "my secret")
        verify(mock.redact("my secret")).called(1)
    }

    @Test func typedThrows() async throws {
        let mock = MockTokenStore()
        when(mock.token(for: "ada")).thenReturn("t1")
        when(mock.token(for: "bob")).thenThrow(NetworkError.status(401))
        when(mock.refresh(.any)).thenThrow(NetworkError.offline)
        let store: any TokenStore = mock
        #expect(try store.token(for: "ada") == "t1")
        do throws(NetworkError) {
            _ = try store.token(for: "bob")
            Issue.record("expected a throw")
        } catch {
            // `error` is a NetworkError here: typed throws keep the type.
            #expect(error == .status(401))
        }
        await #expect(throws: NetworkError.offline) { try await store.refresh("t1") }
        verify(mock.token(for: .any)).called(2)
        verify(mock.refresh("t1")).called(1)
    }

    @Test func optionalsOfEverything() async throws {
        let mock = MockOptionals()
        let id = UUID()
        when(mock.lookup(.nil())).thenReturn(nil)
        when(mock.lookup(.some(.equal("a")))).thenReturn(1)
        when(mock.nested(.notNil())).thenReturn("set")
        when(mock.profile(.some(.equal(id)))).thenReturn(Profile(id: id, name: "P"))
        let optionals: any Optionals = mock
        #expect(optionals.lookup("a") == 1)
        #expect(optionals.lookup(nil) == nil)
        #expect(optionals.lookup("b") == nil)
        #expect(optionals.nested(.some(nil)) == "set")
        #expect(optionals.nested(nil) == nil)
        #expect(try await optionals.profile(id)?.name == "P")
        #expect(try await optionals.profile(nil) == nil)
        verify(mock.lookup(.some(.startsWith("b")))).called(1)
        verify(mock.lookup(.nil())).called(1)
        verify(mock.nested(.nil())).called(1)
    }

    @Test func optionalSettableProperty() {
        let mock = MockOptionals()
        let optionals: any Optionals = mock
        var writable = optionals
        writable.current = Profile(id: UUID(), name: "A")
        writable.current = nil
        #expect(optionals.current == nil)
        verify(mock.current <- .notNil()).called(1)
        verify(mock.current <- .nil()).called(1)
        verify(mock.current <- .some(.any(where: \.name, "A"))).called(1)
    }
}
