/// The calls a pattern selects from the moment the stream was made, as typed values.
///
/// ```swift
/// let events: InvocationStream<(String, Int)> = allEvents.stream()
/// var iterator = events.makeAsyncIterator()
/// let call = try #require(await iterator.next(within: .seconds(1)))
/// ```
public struct InvocationStream<Element>: AsyncSequence, @unchecked Sendable {
    let mailbox: Mailbox

    init(core: PatternCore, transform: @escaping (Invocation) -> Element?) {
        let mailbox = Mailbox()
        let transform = UncheckedSendable(transform)
        let token = core.recorder.addObserver(core.requirement?.id) { [weak mailbox] invocation in
            guard let mailbox, let element = transform.value(invocation) else { return }
            mailbox.deliver(element)
        }
        mailbox.unsubscribe = { [weak recorder = core.recorder] in recorder?.removeObserver(token) }
        self.mailbox = mailbox
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
            await mailbox.receive()
        }

        /// The next element, or `nil` when none arrives within `timeout`.
        ///
        /// - Parameter timeout: How long to wait.
        /// - Returns: The element.
        public mutating func next(within timeout: Duration) async -> Element? {
            let mailbox = self.mailbox
            let box = await withTaskGroup(of: ElementBox?.self) { group in
                group.addTask { await mailbox.receive().map { ElementBox(value: $0) } }
                group.addTask {
                    try? await Task.sleep(for: timeout)
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

    /// The buffer between the recorder's notifications and the iterators.
    final class Mailbox: @unchecked Sendable {
        private struct State {
            var buffer: [Element] = []
            var waiter: (id: Int, continuation: CheckedContinuation<ElementBox?, Never>)?
            var nextWaiter = 0
        }

        private let state = Locked(State())
        var unsubscribe: (() -> Void)?

        deinit { unsubscribe?() }

        func deliver(_ element: Element) {
            let waiter = state.withLock { state -> CheckedContinuation<ElementBox?, Never>? in
                if let waiter = state.waiter {
                    state.waiter = nil
                    return waiter.continuation
                }
                state.buffer.append(element)
                return nil
            }
            waiter?.resume(returning: ElementBox(value: element))
        }

        func putBack(_ element: Element) {
            state.withLock { $0.buffer.insert(element, at: 0) }
        }

        func receive() async -> Element? {
            let id = state.withLock { state in
                defer { state.nextWaiter += 1 }
                return state.nextWaiter
            }
            let box = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<ElementBox?, Never>) in
                    let immediate: ElementBox?? = state.withLock { state in
                        if !state.buffer.isEmpty { return .some(ElementBox(value: state.buffer.removeFirst())) }
                        if Task.isCancelled { return .some(nil) }
                        state.waiter = (id, continuation)
                        return nil
                    }
                    if let immediate { continuation.resume(returning: immediate) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> CheckedContinuation<ElementBox?, Never>? in
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
