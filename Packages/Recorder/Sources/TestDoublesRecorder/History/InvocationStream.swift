/// The calls a pattern selects from the moment the stream was made, as typed values.
///
/// ```swift
/// let events: InvocationStream<(String, Int)> = allEvents.stream()
/// var iterator = events.makeAsyncIterator()
/// let call = try #require(await iterator.next(within: .seconds(1)))
/// ```
///
/// A selected call whose arguments do not have the element's types is left
/// out and reported as an issue at the pattern's site when iteration reaches
/// it, as `arguments()` reports it.
public struct InvocationStream<Element>: AsyncSequence, @unchecked Sendable {
    let mailbox: Mailbox

    /// What the stream makes of a call the pattern selects.
    enum Delivery {
        /// The call's arguments, typed.
        case element(Element)
        /// A call whose arguments do not have the element's types, and why (what unpacking threw).
        case rejected(Invocation, any Error)
    }

    /// Subscribes to the recorder's calls.
    ///
    /// - Parameters:
    ///   - core: The pattern; rejected calls are reported at its site.
    ///   - transform: Runs on the calling thread for each call of the
    ///     pattern's requirement; `nil` for a call the pattern does not select.
    init(core: CallSelection, transform: @escaping (Invocation) -> Delivery?) {
        let mailbox = Mailbox(site: core.site)
        let transform = UncheckedSendable(transform)
        let token = core.recorder.addObserver(core.requirement?.id) { [weak mailbox] invocation in
            guard let mailbox, let delivery = transform.value(invocation) else { return }
            mailbox.deliver(delivery)
        }
        mailbox.unsubscribe = { [weak recorder = core.recorder] in recorder?.removeObserver(token) }
        self.mailbox = mailbox
        TestDoubleSession.current?.adopt(mailbox)
    }

    /// Makes the iterator; every iterator of one stream shares its elements.
    ///
    /// - Returns: An iterator.
    public func makeAsyncIterator() -> Iterator { Iterator(mailbox: mailbox) }

    /// Yields the stream's elements in call order.
    public struct Iterator: AsyncIteratorProtocol {
        let mailbox: Mailbox

        /// The next element; waits until one arrives; `nil` once the task is cancelled.
        ///
        /// - Returns: The element.
        public mutating func next() async -> Element? {
            await mailbox.receiveElement(isolation: nil)
        }

        /// The next element, received on the caller's actor (what `for await`
        /// calls), so an element that is not `Sendable` reaches an actor-isolated test.
        ///
        /// - Parameter actor: The caller's actor.
        /// - Returns: The element; `nil` once the task is cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await mailbox.receiveElement(isolation: actor)
        }

        /// The next element, or `nil` when none arrives within `timeout`.
        ///
        /// - Parameters:
        ///   - timeout: How long to wait.
        ///   - isolation: The caller's actor, which receives the element; leave the default.
        /// - Returns: The element.
        public mutating func next(
            within timeout: Duration, isolation: isolated (any Actor)? = #isolation
        ) async -> Element? {
            await next(within: timeout, using: StubClocks.continuous, isolation: isolation)
        }

        /// The next element, or `nil` when none arrives within `timeout` as `clock` measures it.
        ///
        /// ```swift
        /// // Times out once the test advances `clock` by five seconds.
        /// let call = await iterator.next(within: .seconds(5), using: clock)
        /// ```
        ///
        /// - Parameters:
        ///   - timeout: How long to wait, in `clock`'s time.
        ///   - clock: The clock that measures the timeout, such as a ``ManualStubClock``.
        ///   - isolation: The caller's actor, which receives the element; leave the default.
        /// - Returns: The element.
        public mutating func next(
            within timeout: Duration, using clock: any StubClock, isolation: isolated (any Actor)? = #isolation
        ) async -> Element? {
            let mailbox = self.mailbox
            let box = await withTaskGroup(of: ElementBox?.self, isolation: isolation) { group in
                group.addTask { await mailbox.receiveElement(isolation: nil).map { ElementBox(value: $0) } }
                group.addTask {
                    try? await clock.sleep(for: timeout)
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                // The receiver may have taken an element as it was cancelled; keep it.
                while let late = await group.next() {
                    if let late { mailbox.putBack(late.value) }
                }
                return first
            }
            return box?.value
        }
    }

    struct ElementBox: @unchecked Sendable {
        let value: Element
    }

    struct DeliveryBox: @unchecked Sendable {
        let value: Delivery
    }

    /// The buffer between the recorder's notifications and the iterators.
    final class Mailbox: @unchecked Sendable {
        private struct State {
            var buffer: [Delivery] = []
            var waiter: (id: Int, continuation: CheckedContinuation<DeliveryBox?, Never>)?
            var nextWaiter = 0
        }

        private let state = Locked(State())
        /// Where rejected calls are reported: the pattern's site.
        let site: CallSite
        var unsubscribe: (() -> Void)?

        init(site: CallSite) { self.site = site }

        /// The calls delivered and not read yet.
        var unreadCount: Int {
            state.withLock { state in
                state.buffer.filter { delivery in
                    if case .element = delivery { return true }
                    return false
                }.count
            }
        }

        deinit { unsubscribe?() }

        func deliver(_ delivery: Delivery) {
            let waiter = state.withLock { state -> CheckedContinuation<DeliveryBox?, Never>? in
                if let waiter = state.waiter {
                    state.waiter = nil
                    return waiter.continuation
                }
                state.buffer.append(delivery)
                return nil
            }
            waiter?.resume(returning: DeliveryBox(value: delivery))
        }

        func putBack(_ element: Element) {
            state.withLock { $0.buffer.insert(.element(element), at: 0) }
        }

        /// The next element; reports each rejected call passed on the way, on
        /// the calling task. Once the task is cancelled it still reports the
        /// rejected calls already buffered, so none is lost to a timeout.
        func receiveElement(isolation: isolated (any Actor)?) async -> Element? {
            while let delivery = await receive(isolation: isolation) {
                switch delivery {
                case .element(let element):
                    return element
                case .rejected(let invocation, let error):
                    TestDoubleIssueReporting.report(
                        TestDoubleIssue(
                            kind: .invalidRecording,
                            message: ArgumentUnpacking.describeRejection("stream()", error, invocation),
                            location: site))
                }
            }
            return nil
        }

        func receive(isolation: isolated (any Actor)?) async -> Delivery? {
            let id = state.withLock { state in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            // Both run on `isolation`: their `isolation` parameters default to it.
            let box = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<DeliveryBox?, Never>) in
                    let immediate: DeliveryBox?? = state.withLock { state in
                        if !state.buffer.isEmpty { return .some(DeliveryBox(value: state.buffer.removeFirst())) }
                        if Task.isCancelled { return .some(nil) }
                        state.waiter = (id, continuation)
                        return nil
                    }
                    if let immediate { continuation.resume(returning: immediate) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<DeliveryBox?, Never>? in
                    guard let waiter = state.waiter, waiter.id == id else { return nil }
                    state.waiter = nil
                    return waiter.continuation
                }
                waiter?.resume(returning: nil)
            }
            return box?.value
        }
    }
}

extension InvocationStream.Mailbox: InvocationStreamAuditing {
    /// One issue at the stream's creation site when it holds calls nobody read.
    var unconsumedIssue: TestDoubleIssue? {
        let unread = unreadCount
        guard unread > 0 else { return nil }
        return TestDoubleIssue(
            kind: .unmetExpectation, message: "stream() received \(unread) call(s) the test never read",
            location: site)
    }
}
