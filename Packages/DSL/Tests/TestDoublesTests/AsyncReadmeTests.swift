import TestDoubles
import Testing

/// The seed README's event-driven verification examples, as written, through
/// a fabricated `Stub` of its synchronous `Analytics` protocol whose calls
/// happen on another task.
@Suite(.timeLimit(.minutes(5))) struct AsyncReadmeTests {
    @Test func waitForACallOnAnotherTaskInsteadOfSleeping() async throws {
        let analytics = try Stub<any Analytics>()
        analytics.when { $0.track(event: Match.any(), value: Match.any()) }.thenDoNothing()
        let sut = analytics()
        let sync = Task { sut.track(event: "sync_completed", value: 1) }

        let syncCompleted = analytics.when {
            $0.track(event: Match.equal("sync_completed"), value: Match.any())
        }
        await syncCompleted.verify(1..., within: .seconds(60))
        await sync.value
        syncCompleted.verify(1...1)
    }

    @Test func streamYieldsMatchingCallsMadeAfterItIsCreated() async throws {
        let analytics = try Stub<any Analytics>()
        let allEvents = analytics.when { $0.track(event: Match.any(), value: Match.any()) }
        allEvents.thenDoNothing()
        let sut = analytics()
        sut.track(event: "add_to_cart", value: 30)  // before the stream: not yielded

        let events: InvocationStream<(String, Int)> = allEvents.stream()
        let order = Task {
            let checkout = Checkout(analytics: sut)
            checkout.add(item: "hat", price: 42)
            checkout.placeOrder()
        }

        var iterator = events.makeAsyncIterator()
        let first = try #require(await iterator.next(within: .seconds(60)))
        #expect(first.0 == "add_to_cart")
        #expect(first.1 == 42)
        let call = try #require(await iterator.next(within: .seconds(60)))
        #expect(call.0 == "purchase")
        #expect(call.1 == 42)
        await order.value
        allEvents.verify(3...3)
    }
}
