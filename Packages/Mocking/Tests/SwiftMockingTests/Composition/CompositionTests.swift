import SwiftMocking
import Testing

protocol Clock: Sendable {
    func now() -> Int
    func sleep(seconds: Int) async throws
}

/// A struct cannot inherit `Mock`: it composes one.
struct ClockMock: Clock, MockProviding {
    let mock = Mock()

    func now() -> Interaction<Void, None, Int> { Interaction(.any, spy: self.mock.now) }
    func sleep(seconds: ArgMatcher<Int>) -> Interaction<Int, AsyncThrows, Void> {
        Interaction(seconds, spy: self.mock.sleep)
    }

    func now() -> Int { Mock.adapt(self.mock.now, ()) }
    func sleep(seconds: Int) async throws { return try await Mock.adaptThrowing(self.mock.sleep, seconds) }
}

protocol Counter: Actor {
    func increment(by amount: Int) async -> Int
    var label: String { get async }
}

/// An actor composes a mock; its members are nonisolated.
actor CounterMock: Counter {
    nonisolated let mock = Mock()

    nonisolated func increment(by amount: ArgMatcher<Int>) -> Interaction<Int, Async, Int> {
        Interaction(amount, spy: self.mock.increment)
    }
    nonisolated func label(_ void: Void = ()) -> Interaction<Void, None, String> {
        Interaction(.any, spy: self.mock.label)
    }

    nonisolated func increment(by amount: Int) async -> Int { await Mock.adapt(self.mock.increment, amount) }
    nonisolated var label: String { Mock.adapt(self.mock.label, ()) }
}

/// A base class that conformers of a class-constrained protocol must inherit.
class SampleBase {
    var title = "base"
    init() {}
}

protocol ViewControllerService: SampleBase {
    func load(page: Int) -> [String]
    var isVisible: Bool { get set }
    static func make() -> String
}

/// The composed shape for a class-constrained protocol: the superclass slot
/// goes to the constraint, the spies to `mock` and `staticMock`.
final class MockViewControllerService: SampleBase, ViewControllerService, MockProviding, @unchecked Sendable {
    let mock = Mock()
    static let staticMock = Mock()

    func load(page: ArgMatcher<Int>) -> Interaction<Int, None, [String]> { Interaction(page, spy: self.mock.load) }
    func isVisible(_ void: Void = ()) -> SettableInteraction<Void, None, Bool> {
        SettableInteraction(
            get: Interaction(.any, spy: self.mock.isVisible),
            setInteraction: { newValue in
                let writeSpy: Spy<Void, Bool, None, Void> = self.mock.setIsVisible
                let writeInteraction: Interaction<Void, Bool, None, Void> = Interaction(.any, newValue, spy: writeSpy)
                return writeInteraction
            })
    }
    static func make() -> Interaction<Void, None, String> { Interaction(.any, spy: staticMock.make) }

    func load(page: Int) -> [String] { Mock.adapt(self.mock.load, page) }
    var isVisible: Bool {
        set { return Mock.adapt(self.mock.setIsVisible, (), newValue) }
        get { Mock.adapt(self.mock.isVisible, ()) }
    }
    static func make() -> String { Mock.adapt(staticMock.make, ()) }
}

@Suite struct CompositionTests {
    @Test func aStructComposesAMock() async throws {
        let clock = ClockMock()
        when(clock.now()).thenReturn(42)
        when(clock.sleep(seconds: .greaterThan(10))).thenThrow(PriceError(code: 10))
        let copy = clock  // copies of a struct share the spies
        let service: Clock = copy
        #expect(service.now() == 42)
        try await service.sleep(seconds: 1)
        await #expect(throws: PriceError(code: 10)) { try await service.sleep(seconds: 11) }
        verify(clock.now()).called(1)
        verify(clock.sleep(seconds: .any)).called(2)
        clock.clear()
        verifyNever(clock.now())
        #expect(issueMessages { verifyZeroInteractions(clock) }.isEmpty)
    }

    @Test func anActorComposesAMock() async {
        let counter = CounterMock()
        when(counter.increment(by: .any)).thenReturn { amount in amount + 1 }
        when(counter.label).thenReturn("c")
        let service: any Counter = counter
        #expect(await service.increment(by: 2) == 3)
        #expect(await service.label == "c")
        verify(counter.increment(by: 2)).called(1)
        #expect(
            issueMessages { verifyZeroInteractions(counter.mock) } == [
                "Expected zero interactions with Mock but found 2 invocation(s)"
            ])
    }

    @Test func aClassConstrainedProtocolComposesAMockBesideItsSuperclass() {
        let mock = MockViewControllerService()
        when(mock.load(page: 1)).thenReturn(["a"])
        when(MockViewControllerService.make()).thenReturn("made")
        let service: ViewControllerService = mock
        #expect(service.load(page: 1) == ["a"])
        #expect(service.title == "base")
        service.isVisible = true
        #expect(service.isVisible == false)
        #expect(MockViewControllerService.make() as String == "made")
        verify(mock.load(page: .any)).called(1)
        verify(mock.isVisible <- true).called(1)
        verify(mock.isVisible).called(1)
        verify(MockViewControllerService.make()).called(1)
        #expect(
            issueMessages { verifyZeroInteractions(mock) } == [
                "Expected zero interactions with MockViewControllerService but found 3 invocation(s)"
            ])
        MockViewControllerService.staticMock.clear()
        verifyNever(MockViewControllerService.make())
    }
}
