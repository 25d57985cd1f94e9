import Foundation
import SwiftMockingMacros
import Testing

/// Unnamed parameters, closure and async properties, generic beside concrete
/// overloads, tuples, `Self` results and a composed class-constrained mock.
@Suite struct MoreShapeMockTests {
    @Test func unnamedParameters() {
        let mock = MockListDelegate()
        when(mock.name(name: .any)).thenReturn("n")
        let delegate: any ListDelegate = mock
        delegate.list("table", didSelectRowAt: 3)
        delegate.listDidReload("table")
        #expect(delegate.name(name: "x") == "n")
        verify(mock.list("table", didSelectRowAt: 3)).called(1)
        verify(mock.listDidReload(.any)).called(1)
        verify(mock.name(name: "x")).called(1)
    }

    @Test func closureAndAsyncProperties() async throws {
        let mock = MockEventSource()
        let seen = Collected<String>()
        when(mock.onEvent).thenReturn { @Sendable event in seen.append(event) }
        when(mock.latest).thenReturn("last")
        var source: any EventSource = mock
        source.onEvent?("tap")
        source.onEvent = nil
        #expect(try await source.latest == "last")
        #expect(source.handlers.isEmpty)
        #expect(seen.values == ["tap"])
        verify(mock.onEvent <- .nil()).called(1)
        verify(mock.onEvent).called(1)
        verify(mock.latest).called(1)
    }

    @Test func genericBesideConcreteOverload() {
        let mock = MockEncoder()
        when(mock.encode(.any(Int.self))).thenReturn(Data([1]))
        when(mock.encode(.any(String.self))).thenReturn(Data([2]))
        when(mock.join(.any([String].self))).thenReturn("a-b")
        let encoder: any Encoder = mock
        #expect(encoder.encode(5) == Data([1]))
        #expect(encoder.encode("s") == Data([2]))
        #expect(encoder.join(["a", "b"]) == "a-b")
        encoder.move(to: (x: 1, y: 2))
        verify(mock.move(to: .any(that: { $0.x == 1 && $0.y == 2 }))).called(1)
        verify(mock.encode(.any(String.self))).called(1)
    }

    @Test func selfResults() {
        let mock = MockCopyable()
        let other = MockCopyable()
        when(mock.copy()).thenReturn(other)
        #expect(mock.copy() === other)
        verify(mock.copy()).called(1)
    }

    #if compiler(>=6.1)  // the .mocking and .withDefaults traits
    @Test(.mocking) func composedClassConstrainedMockWithStatics() async {
        let mock = MockRoutable()
        when(MockRoutable.route).thenReturn("/home")
        when(MockRoutable.register(.any)).thenReturn(true)
        let screen: any Routable = mock
        #expect(screen.title == nil)
        screen.title = "Home"
        #expect(screen.title == "Home")
        screen.isActive = true
        await screen.navigate(to: "/next")
        func register<R: Routable>(_ type: R.Type) -> (String, Bool) { (type.route, type.register("x")) }
        let registered = register(MockRoutable.self)
        #expect(registered == ("/home", true))
        verify(mock.navigate(to: .startsWith("/"))).called(1)
        verify(mock.isActive <- true).called(1)
        verify(MockRoutable.register("x")).called(1)
        verify(MockRoutable.route).called(1)
        MockRoutable.staticMock.clear()
        verify(MockRoutable.register(.any)).neverCalled()
        expectFailure(atLine: #line + 1, containing: "found 2 invocation") {
            verifyZeroInteractions(mock)
        }
        mock.clear()
        verifyZeroInteractions(mock)
    }
    #endif
}

/// Both names a suite may use for a mock whose options follow another attribute.
@MainActor
@Suite struct AttributeOrderNamingTests {
    @Test func theOptionsNameAndTheSeedsNameAreTheSameClass() {
        let mock = ToastPresenterMock()
        let seedNamed: MockToastPresenter = mock
        (seedNamed as any ToastPresenter).show("saved")
        verify(seedNamed.show("saved")).called(1)
        #expect(MockToastPresenter.self == ToastPresenterMock.self)
    }
}
