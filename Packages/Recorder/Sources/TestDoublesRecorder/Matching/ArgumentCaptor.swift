/// Collects the arguments a position of a pattern received.
///
/// ```swift
/// let events = ArgumentCaptor<String>()
/// analytics.when { $0.track(event: events.capture(), value: Match.any()) }.thenDoNothing()
/// // ... exercise the code ...
/// #expect(events.values == ["add_to_cart", "purchase"])
/// ```
///
/// The values are read from the double's calls when asked for: every call
/// that matched the whole pattern the captor was written in, in call order.
/// Inside `Match.allOf(events.capture(), Match.hasPrefix("p"))` only
/// arguments satisfying the whole expression are captured.
///
/// `Match.Capture<Value>` is the same type under the seed's name.
public final class ArgumentCaptor<Value>: Sendable {
    private let bindings = Locked<[(core: CallSelection, position: Int)]>([])
    /// Calls numbered at or below it were made before the last ``reset()``.
    private let floor = Locked<UInt64>(0)

    /// Creates an empty captor.
    public init() {}

    /// Records a capturing matcher (it accepts every argument) for the argument it is written in.
    ///
    /// - Returns: A placeholder of `Value`.
    public func capture() -> Value {
        Match.record(
            ArgumentMatcher(description: "capture()", captors: [Binding(captor: self)], acceptsEverything: true) {
                $0 is Value
            })
    }

    /// Records a capturing matcher, with an explicit placeholder for the recording pass.
    ///
    /// - Parameter placeholder: Any valid value; it is never matched against or returned.
    /// - Returns: `placeholder`.
    public func capture(using placeholder: Value) -> Value {
        Match.record(
            ArgumentMatcher(description: "capture()", captors: [Binding(captor: self)], acceptsEverything: true) {
                $0 is Value
            },
            returning: placeholder)
    }

    /// Every captured argument, in call order (since the last ``reset()``).
    public var values: [Value] {
        let bindings = bindings.withLock { $0 }
        let floor = floor.withLock { $0 }
        var collected: [(UInt64, Value)] = []
        var seen: Set<UInt64> = []
        for (core, position) in bindings {
            for invocation in core.matchingInvocations()
            where position < invocation.arguments.count && invocation.sequence > floor {
                if let value = invocation.arguments[position] as? Value, seen.insert(invocation.sequence).inserted {
                    collected.append((invocation.sequence, value))
                }
            }
        }
        return collected.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The most recently captured argument.
    public var value: Value? { values.last }

    /// The first captured argument.
    public var first: Value? { values.first }

    /// The most recently captured argument (the same as ``value``).
    public var last: Value? { values.last }

    /// Forgets the arguments captured so far; calls made from now on are
    /// captured as before.
    public func reset() {
        let now = InvocationSequence.next()
        floor.withLock { $0 = now }
    }

    fileprivate func bind(_ core: CallSelection, position: Int) {
        bindings.withLock { $0.append((core, position)) }
    }

    /// Holds the captor weakly: the captor holds the pattern, which holds
    /// the double's recorder, whose registration holds this binding.
    private struct Binding: ArgumentCaptorBinding {
        weak var captor: ArgumentCaptor<Value>?
        func bind(to core: CallSelection, position: Int) { captor?.bind(core, position: position) }
    }
}

/// Connects a captor to the pattern its `capture()` was recorded in.
protocol ArgumentCaptorBinding: Sendable {
    func bind(to core: CallSelection, position: Int)
}
